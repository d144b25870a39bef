package io.fabricemu.pfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.net.PfcFrame;
import org.junit.jupiter.api.Test;

/** PFC thresholds, headroom and pause-time arithmetic, against numbers worked out by hand. */
class PfcSettingsTest {
    private static final long G100 = 100_000_000_000L;

    @Test
    void autoHeadroom_100GbpsHalfMicrosecondCable_isTheSumOfItsTermsInBits() {
        // cable 2 x 500,000 ps x 100 Gb/s = 100,000 bits; two MTUs 2 x 4150 x 8 = 66,400; the pause frame 512;
        // the response 3,840: 170,752 bits = 21,344 B exactly.
        assertEquals(21_344, PfcSettings.autoHeadroomBytes(500_000, G100, 4150, 3840));
    }

    @Test
    void autoHeadroom_fractionalBitsOnTheCable_roundsTheSumUpOnce() {
        // cable 2 x 1 ps x 100 Gb/s = 0.2 bits; + 66,400 + 512 + 3,840 = 70,752.2 bits = 8,844.025 B -> 8,845 B.
        assertEquals(8_845, PfcSettings.autoHeadroomBytes(1, G100, 4150, 3840));
    }

    @Test
    void autoHeadroom_400GbpsJumboFramesAndTheStandardsResponseBound() {
        // cable 2 x 650,000 ps x 400 Gb/s = 520,000 bits; 2 x 9000 x 8 = 144,000; 512; 201,728 (394 quanta):
        // 866,240 bits = 108,280 B.
        assertEquals(108_280, PfcSettings.autoHeadroomBytes(650_000, 400_000_000_000L, 9000, 201_728));
    }

    @Test
    void headroomBytes_givenOrAuto() {
        PfcSettings auto = new PfcSettings(1, 65_536, 32_768, PfcSettings.AUTO_HEADROOM, 65_535, 3840, 4150, 1);
        assertEquals(21_344, auto.headroomBytes(500_000, G100));
        PfcSettings given = new PfcSettings(1, 65_536, 32_768, 50_000, 65_535, 3840, 4150, 1);
        assertEquals(50_000, given.headroomBytes(500_000, G100));
    }

    @Test
    void pausePs_isQuantaTimes512BitTimesAtTheLinkRate() {
        // 65,535 x 512 bits at 100 Gb/s = 33,553,920 bits / 10^11 b/s = 335,539,200 ps.
        assertEquals(335_539_200, PfcFrame.pausePs(65_535, G100));
        // one quantum at 400 Gb/s: 512 bits = 1.28 ns.
        assertEquals(1_280, PfcFrame.pausePs(1, 400_000_000_000L));
        assertEquals(0, PfcFrame.pausePs(0, G100));
    }

    @Test
    void lossless_readsTheMask() {
        PfcSettings s = new PfcSettings(0b101, 10, 5, 0, 1, 0, 1, 1);
        assertTrue(s.enabled());
        assertTrue(s.lossless(0));
        assertFalse(s.lossless(1));
        assertTrue(s.lossless(2));
        assertFalse(PfcSettings.NONE.enabled());
    }

    @Test
    void constructor_rejectsXonAboveXoffAndAZeroQuanta() {
        assertThrows(IllegalArgumentException.class, () -> new PfcSettings(1, 10, 11, 0, 1, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PfcSettings(1, 10, 5, 0, 0, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PfcSettings(1, 10, 5, -2, 1, 0, 1, 1));
    }

    @Test
    void switchSettings_rejectALosslessControlClass() {
        PfcSettings controlLossless = new PfcSettings(0b10, 10, 5, 0, 1, 0, 1, 1);
        assertThrows(IllegalArgumentException.class, () -> SwitchConfig.defaults().withLatencyPs(1).withQueueBytes(1)
                .withPfc(controlLossless));
    }
}

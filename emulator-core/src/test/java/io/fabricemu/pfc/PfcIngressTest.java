package io.fabricemu.pfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.net.PfcFrame;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An ingress port's lossless-class count: xOFF, refresh, xON and headroom overflow. */
class PfcIngressTest {
    private static final long G100 = 100_000_000_000L;
    /** xoff 10,000 B, xon 5,000 B, headroom 5,000 B; pause 10 quanta (51,200 ps at 100 Gb/s). */
    private static final PfcSettings PFC = new PfcSettings(1, 10_000, 5_000, 5_000, 10, 0, 4150, 1);

    private final List<PfcFrame> sent = new ArrayList<>();
    private final PfcIngress ingress = new PfcIngress(PFC, 2, 500_000, G100, sent::add);

    @Test
    void arrived_crossingXoffPausesOnceAndXonResumes() {
        assertTrue(ingress.arrived(0, 4_000, 0));
        assertTrue(ingress.arrived(0, 4_000, 10));
        assertTrue(ingress.arrived(0, 2_000, 20));
        assertEquals(List.of(), sent, "10,000 B is not above xoff");
        assertTrue(ingress.arrived(0, 1, 30));
        assertEquals(List.of(PfcFrame.of(0, 10)), sent);
        assertTrue(ingress.arrived(0, 1_000, 40));
        assertEquals(1, sent.size(), "still pausing: no new frame before the refresh");
        ingress.released(0, 4_000);
        ingress.released(0, 2_000);
        assertEquals(1, sent.size(), "5,001 B is above xon");
        ingress.released(0, 1);
        assertEquals(List.of(PfcFrame.of(0, 10), PfcFrame.of(0, 0)), sent);
        assertFalse(ingress.pausing(0));
        assertEquals(1, ingress.pauseFrames());
        assertEquals(1, ingress.resumes());
    }

    @Test
    void refresh_atHalfThePauseTimeWhileAboveXon() {
        ingress.arrived(0, 10_001, 1_000);
        assertEquals(1_000 + 25_600, ingress.nextRefreshPs());
        ingress.refresh(1_000 + 25_599);
        assertEquals(1, sent.size());
        ingress.refresh(1_000 + 25_600);
        assertEquals(2, sent.size());
        assertEquals(1_000 + 2 * 25_600, ingress.nextRefreshPs());
        ingress.released(0, 10_001);
        assertEquals(Long.MAX_VALUE, ingress.nextRefreshPs(), "no refresh after the resume");
        assertEquals(2, ingress.pauseFrames());
    }

    @Test
    void arrived_beyondXoffPlusHeadroomIsRefusedAndCounted() {
        assertEquals(15_000, ingress.limitBytes());
        assertTrue(ingress.arrived(0, 15_000, 0));
        assertFalse(ingress.arrived(0, 1, 1));
        assertEquals(1, ingress.headroomDrops());
        assertEquals(15_000, ingress.bytes(0), "a refused packet is not counted");
    }
}

package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link CongestionEwma} with the defaults, gain 1/16 and threshold 1/4 (16,384 / 65,536), by hand. */
class CongestionEwmaTest {

    @Test
    void onSample_markedPackets_raiseTheMeasureAndOpenTheGateOnTheFifth() {
        CongestionEwma m = new CongestionEwma(CongestionEwma.Params.DEFAULTS);
        assertFalse(m.open());
        long[] expected = {4_096, 7_936, 11_536, 14_911, 18_075};   // m += floor((65,536 - m) / 16)
        for (int i = 0; i < expected.length; i++) {
            m.onSample(true);
            assertEquals(expected[i], m.measureFixed());
            assertEquals(i == expected.length - 1, m.open(), "after sample " + (i + 1));
        }
    }

    @Test
    void onSample_cleanPackets_decayTheMeasureRoundingDown() {
        CongestionEwma m = new CongestionEwma(CongestionEwma.Params.DEFAULTS);
        for (int i = 0; i < 5; i++) {
            m.onSample(true);
        }
        m.onSample(false);   // 18,075 - ceil(18,075 / 16) = 18,075 - 1,130
        assertEquals(16_945, m.measureFixed());
        assertTrue(m.open());
        m.onSample(false);   // 16,945 - 1,060
        assertEquals(15_885, m.measureFixed());
        assertFalse(m.open());
    }

    @Test
    void onSample_longRunOfCleanPackets_reachesZero() {
        CongestionEwma m = new CongestionEwma(new CongestionEwma.Params(1, 1));
        m.onSample(true);    // 65,536 / 1,024 = 64
        assertEquals(64, m.measureFixed());
        for (int i = 0; i < 64; i++) {
            m.onSample(false);   // each step takes at least one unit off
        }
        assertEquals(0, m.measureFixed());
    }

    @Test
    void oneMarkInEight_staysBelowAQuarter() {
        CongestionEwma m = new CongestionEwma(CongestionEwma.Params.DEFAULTS);
        for (int i = 0; i < 800; i++) {
            m.onSample(i % 8 == 0);
            assertFalse(m.open(), "sample " + i);
        }
    }

    @Test
    void params_outOfRange_isRejectedNamingTheField() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CongestionEwma.Params(0, 256))
                .getMessage().startsWith("gainPer1024"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CongestionEwma.Params(64, 1025))
                .getMessage().startsWith("thresholdPer1024"));
    }
}

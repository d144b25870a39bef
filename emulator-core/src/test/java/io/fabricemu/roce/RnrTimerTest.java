package io.fabricemu.roce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabricemu.time.Ps;
import org.junit.jupiter.api.Test;

class RnrTimerTest {
    /** The IBTA table in hundredths of a millisecond, code 0 first. */
    private static final long[] HUNDREDTHS_OF_MS = {
        65_536, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1_024, 1_536, 2_048,
        3_072, 4_096, 6_144, 8_192, 12_288, 16_384, 24_576, 32_768, 49_152
    };

    @Test
    void ps_everyCode_matchesTheIbtaTable() {
        for (int code = 0; code < RnrTimer.CODES; code++) {
            assertEquals(HUNDREDTHS_OF_MS[code] * 10 * Ps.PER_US, RnrTimer.ps(code), "code " + code);
        }
        assertEquals(655_360_000_000L, RnrTimer.ps(0));
        assertEquals(10_000_000L, RnrTimer.ps(1));
        assertEquals(491_520_000_000L, RnrTimer.ps(31));
    }

    @Test
    void ps_codeOutsideFiveBits_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> RnrTimer.ps(32));
        assertThrows(IllegalArgumentException.class, () -> RnrTimer.ps(-1));
    }

    @Test
    void codeFor_exactTableValue_isThatCode() {
        for (int code = 0; code < RnrTimer.CODES; code++) {
            assertEquals(code, RnrTimer.codeFor(RnrTimer.ps(code)), "code " + code);
        }
    }

    @Test
    void codeFor_betweenValues_roundsUpToTheNextLongerPause() {
        assertEquals(1, RnrTimer.codeFor(0));
        assertEquals(1, RnrTimer.codeFor(1));
        assertEquals(2, RnrTimer.codeFor(10 * Ps.PER_US + 1));
        // 0.05 ms lies between 0.04 ms (code 4) and 0.06 ms (code 5).
        assertEquals(5, RnrTimer.codeFor(50 * Ps.PER_US));
        // Just above 491.52 ms only code 0, 655.36 ms, is long enough.
        assertEquals(0, RnrTimer.codeFor(491_520 * Ps.PER_US + 1));
        assertThrows(IllegalArgumentException.class, () -> RnrTimer.codeFor(655_360 * Ps.PER_US + 1));
        assertThrows(IllegalArgumentException.class, () -> RnrTimer.codeFor(-1));
    }

    @Test
    void encoding_codeRoundsAndExactKeepsThePause() {
        assertEquals(60 * Ps.PER_US, RnrTimer.Encoding.IBTA_CODE.carriedPs(50 * Ps.PER_US));
        assertEquals(50 * Ps.PER_US, RnrTimer.Encoding.EXACT_PS.carriedPs(50 * Ps.PER_US));
        assertEquals(0, RnrTimer.Encoding.EXACT_PS.carriedPs(0));
        assertThrows(IllegalArgumentException.class, () -> RnrTimer.Encoding.EXACT_PS.carriedPs(-1));
    }
}

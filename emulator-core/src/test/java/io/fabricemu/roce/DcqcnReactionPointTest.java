package io.fabricemu.roce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.time.Ps;
import org.junit.jupiter.api.Test;

/**
 * Exact sequences of the reaction point, computed by hand. Line rate 100 Gb/s. The custom constants keep the
 * arithmetic short: g = 1/2, R_AI = 1 Gb/s, R_HAI = 10 Gb/s, T = 10 us, B = 1,000,000 B, F = 2, K = 20 us.
 */
class DcqcnReactionPointTest {
    private static final long LINE = 100_000_000_000L;
    private static final long G = 1_000_000_000L;
    private static final long US = Ps.PER_US;
    private static final DcqcnParams SMALL = new DcqcnParams(0.5, G, 10 * G, 10 * US, 1_000_000, 2, 20 * US,
            5 * US, G);

    @Test
    void defaults_firstCnpHalvesTheRateAndKeepsAlphaAtOne() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(DcqcnParams.defaults(), LINE, 0);
        // alpha = 1: RC = 100 G x (1 - 1/2) = 50 G, RT = 100 G; alpha = (255/256) x 1 + 1/256 = 1.
        rp.onCnp(0);
        assertEquals(50 * G, rp.rateBps());
        assertEquals(LINE, rp.targetBps());
        assertEquals(1.0, rp.alpha());
        // At 55 us: the alpha timer first, alpha = 255/256; then the rate timer, T = 1 <= F = 5: fast
        // recovery, RC = (100 + 50) / 2 = 75 G.
        rp.advanceTo(55 * US);
        assertEquals(255.0 / 256, rp.alpha());
        assertEquals(75 * G, rp.rateBps());
    }

    @Test
    void sequence_fastRecoveryThenAdditiveThenHyper() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(SMALL, LINE, 0);
        // CNP at 0: RT = 100 G, RC = 100 x (1 - 1/2) = 50 G, alpha = 1/2 x 1 + 1/2 = 1. Timers: rate 10 us,
        // alpha 20 us.
        rp.onCnp(0);
        assertEquals(50 * G, rp.rateBps());
        assertEquals(1.0, rp.alpha());
        // 10 us: T = 1, fast recovery: RC = (100 + 50) / 2 = 75 G.
        rp.advanceTo(10 * US);
        assertEquals(75 * G, rp.rateBps());
        // 20 us: alpha first, 1/2; then T = 2 = F, still fast recovery: RC = (100 + 75) / 2 = 87.5 G.
        rp.advanceTo(20 * US);
        assertEquals(0.5, rp.alpha());
        assertEquals(87_500_000_000L, rp.rateBps());
        // CNP at 25 us: RT = 87.5 G, RC = 87.5 x (1 - 1/4) = 65.625 G, alpha = 1/4 + 1/2 = 3/4. Timers
        // restart: rate 35 us, alpha 45 us.
        rp.onCnp(25 * US);
        assertEquals(87_500_000_000L, rp.targetBps());
        assertEquals(65_625_000_000L, rp.rateBps());
        assertEquals(0.75, rp.alpha());
        // 35 us: T = 1: RC = (87.5 + 65.625) / 2 = 76.5625 G.
        rp.advanceTo(35 * US);
        assertEquals(76_562_500_000L, rp.rateBps());
        // 45 us: alpha = 3/8; T = 2: RC = (87.5 + 76.5625) / 2 = 82.03125 G.
        rp.advanceTo(45 * US);
        assertEquals(0.375, rp.alpha());
        assertEquals(82_031_250_000L, rp.rateBps());
        // 55 us: T = 3 > F, BC = 0: additive. RT = 88.5 G, RC = (88.5 + 82.03125) / 2 = 85.265625 G.
        rp.advanceTo(55 * US);
        assertEquals(88_500_000_000L, rp.targetBps());
        assertEquals(85_265_625_000L, rp.rateBps());
        // 3,000,000 B sent at 55 us: three byte-counter events.
        // BC = 1: additive (min(3, 1) <= F): RT = 89.5 G, RC = (89.5 + 85.265625) / 2 = 87.3828125 G.
        // BC = 2: additive: RT = 90.5 G, RC = (90.5 + 87.3828125) / 2 = 88.94140625 G.
        // BC = 3: min(3, 3) = 3 > F: hyper, i = 1: RT = 100.5 G, capped at 100 G;
        //         RC = (100 + 88.94140625) / 2 = 94.470703125 G.
        rp.onSent(3_000_000, 55 * US);
        assertEquals(LINE, rp.targetBps());
        assertEquals(94_470_703_125L, rp.rateBps());
        // 65 us: alpha = 3/16; T = 4, BC = 3: hyper, RT stays 100 G; RC = (100,000,000,000 + 94,470,703,125) / 2
        // = 97,235,351,562.5, rounded down.
        rp.advanceTo(65 * US);
        assertEquals(0.1875, rp.alpha());
        assertEquals(97_235_351_562L, rp.rateBps());
        assertEquals(2, rp.cnps());
    }

    @Test
    void byteCounter_carriesBytesOverBetweenCalls() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(SMALL, LINE, 0);
        rp.onCnp(0); // RC 50 G, RT 100 G
        rp.onSent(600_000, 1 * US);
        assertEquals(50 * G, rp.rateBps());
        // 600,000 + 600,000 crosses 1,000,000 once: BC = 1, fast recovery: RC = 75 G.
        rp.onSent(600_000, 2 * US);
        assertEquals(75 * G, rp.rateBps());
    }

    @Test
    void hyperIncrease_ofManyStepsAtAHugeStep_reachesLineRateWithoutOverflow() {
        long line = 100_000_000_000_000L;
        DcqcnParams huge = new DcqcnParams(0.5, G, line, US, 1_000_000, 1, US, US, G);
        DcqcnReactionPoint rp = new DcqcnReactionPoint(huge, line, 0);
        rp.onCnp(0);
        // 100,000 timer events, then 100,000 byte-counter events: i = min(T, BC) - F reaches 99,999, and
        // i x R_HAI = 10^19 would not fit a long.
        rp.onSent(100_000_000_000L, 100_000 * US);
        assertEquals(line, rp.targetBps());
        assertTrue(rp.rateBps() >= line - 1, "rate " + rp.rateBps());
    }

    @Test
    void cnp_neverCutsBelowTheMinimumRate() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(SMALL, LINE, 0);
        // alpha stays 1 (1/2 x 1 + 1/2), so each CNP halves: 50, 25, 12.5, 6.25, 3.125, 1.5625 G, then 1 G.
        for (int i = 0; i < 7; i++) {
            rp.onCnp(i * Ps.PER_NS);
        }
        assertEquals(G, rp.rateBps());
    }

    @Test
    void nextStartPs_isTheSerializationAtTheCurrentRate() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(SMALL, LINE, 0);
        // 4,150 B at 100 Gb/s: 332,000 ps; after a CNP, at 50 Gb/s: 664,000 ps.
        assertEquals(1_332_000, rp.nextStartPs(1_000_000, 4_150));
        rp.onCnp(0);
        assertEquals(1_664_000, rp.nextStartPs(1_000_000, 4_150));
    }

    @Test
    void advanceTo_anEarlierTime_isRejected() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(SMALL, LINE, 100);
        assertThrows(IllegalArgumentException.class, () -> rp.advanceTo(99));
    }

    @Test
    void params_rejectAGainOutsideZeroToOne() {
        assertThrows(IllegalArgumentException.class, () -> new DcqcnParams(0, G, G, US, 1, 1, US, US, G));
        assertThrows(IllegalArgumentException.class, () -> new DcqcnParams(1.5, G, G, US, 1, 1, US, US, G));
    }
}

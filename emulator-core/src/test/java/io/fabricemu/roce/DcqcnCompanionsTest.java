package io.fabricemu.roce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.time.Ps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The companion mechanisms of US 12,388,756 in {@link DcqcnReactionPoint}, by hand, with the short constants of
 * {@link DcqcnReactionPointTest}: line 100 Gb/s, g = 1/2, R_AI = 1 Gb/s, R_HAI = 10 Gb/s, T = 10 us,
 * B = 1,000,000 B, F = 2, K = 20 us. The path test runs 15 us periods against base RTT 8 us plus one 1,000 B
 * packet at 100 Gb/s (80 ns): 8.08 us.
 */
class DcqcnCompanionsTest {
    private static final long LINE = 100_000_000_000L;
    private static final long G = 1_000_000_000L;
    private static final long US = Ps.PER_US;
    private static final DcqcnParams SMALL = new DcqcnParams(0.5, G, 10 * G, 10 * US, 1_000_000, 2, 20 * US,
            5 * US, G);
    private static final long EXPECTED_RTT_PS = 8_080_000;
    private static final DcqcnCompanions PATH_TEST = new DcqcnCompanions(false, 15 * US, 8 * US, 1, 1000);

    @Test
    void responsibilityScaled_cutGrowsWithTheShareOfLineRate() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(SMALL, LINE, 0,
                new DcqcnCompanions(true, 0, 0, 0, 0));
        // At line rate the ratio is 1: RC = 100 x (1 - 1/2) = 50 G, as unscaled.
        rp.onCnp(0);
        assertEquals(50 * G, rp.rateBps());
        // alpha = 1 again; at half the line the cut halves: RC = 50 x (1 - 1/2 x 1/2) = 37.5 G (unscaled: 25 G).
        rp.onCnp(US);
        assertEquals(37_500_000_000L, rp.rateBps());
        assertEquals(50 * G, rp.targetBps());
    }

    @Test
    void pathTest_cleanPeriod_jumpsToHyperIncrease() {
        DcqcnReactionPoint rp = twoCnps(PATH_TEST);
        rp.onRttSample(EXPECTED_RTT_PS, 22 * US);   // at the threshold: clean
        // 30 us: the period [15, 30) was clean: T = BC = F + 1 = 3. 31 us: T = 4, BC = 3: hyper, i = 1:
        // RT = 50 + 10 = 60 G, RC = (60 + 43.75) / 2 = 51.875 G.
        rp.advanceTo(31 * US);
        assertEquals(60 * G, rp.targetBps());
        assertEquals(51_875_000_000L, rp.rateBps());
        assertEquals(1, rp.clearPeriods());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"a late sample, 8080001", "no sample, -1"})
    void pathTest_periodWithALateSampleOrNone_leavesDcqcnAsItIs(String name, long rttPs) {
        DcqcnReactionPoint rp = twoCnps(PATH_TEST);
        if (rttPs >= 0) {
            rp.onRttSample(rttPs, 22 * US);
        }
        // 31 us: T = 3 > F, BC = 0: additive: RT = 51 G, RC = (51 + 43.75) / 2 = 47.375 G.
        rp.advanceTo(31 * US);
        assertEquals(51 * G, rp.targetBps());
        assertEquals(47_375_000_000L, rp.rateBps());
        assertEquals(0, rp.clearPeriods());
    }

    @Test
    void off_ignoresRttSamples() {
        DcqcnReactionPoint rp = twoCnps(DcqcnCompanions.OFF);
        rp.onRttSample(0, 22 * US);
        rp.advanceTo(31 * US);
        assertEquals(47_375_000_000L, rp.rateBps());
    }

    @Test
    void companions_outOfRangeOrIncomplete_isRejected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new DcqcnCompanions(false, -1, 0, 0, 0))
                .getMessage().startsWith("pathCheckPeriodPs"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new DcqcnCompanions(false, 1, 1, 1001, 1))
                .getMessage().startsWith("slackPackets"));
        // The base RTT is derived later; a reaction point cannot run the test without it.
        assertThrows(IllegalStateException.class,
                () -> new DcqcnReactionPoint(SMALL, LINE, 0, new DcqcnCompanions(false, US, 0, 1, 1000)));
        assertEquals(EXPECTED_RTT_PS, PATH_TEST.expectedRttPs(LINE));
    }

    /**
     * CNPs at 0 (RC 50 G, RT 100 G) and 1 us (RT 50 G, RC 25 G, alpha 1), then fast recovery at 11 us
     * (RC 37.5 G) and 21 us (alpha 1/2, RC 43.75 G). The test period [0, 15) saw the CNPs.
     */
    private static DcqcnReactionPoint twoCnps(DcqcnCompanions companions) {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(SMALL, LINE, 0, companions);
        rp.onCnp(0);
        rp.onCnp(US);
        assertEquals(25 * G, rp.rateBps());
        rp.advanceTo(21 * US);
        assertEquals(43_750_000_000L, rp.rateBps());
        return rp;
    }
}

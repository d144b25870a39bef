package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Recovery of aggregate goodput after a fault, worked by hand on small series (ticks every 10 us). */
class FaultRecoveryTest {
    private static final long US = 1_000_000;
    private static final long TEN_US = 10 * US;

    @Test
    void back_atTheEndOfTheFirstIntervalAfterTheFaultWithin5PercentOfTheMeanBefore() {
        // 100 B per interval up to the fault at 30 us (tick 3): level 300 B over 3 intervals, 80 Mb/s.
        // After it 10, 10, 80 (80%), then 100: the interval from 60 to 70 us is the first back.
        long[] delivered = {0, 100, 200, 300, 310, 320, 400, 500};
        Recovery.Back b = assertInstanceOf(Recovery.Back.class, FaultRecovery.of(delivered, TEN_US, 30 * US));
        assertEquals(40 * US, b.afterPs());
        assertEquals(80_000_000, b.levelBeforeBps());
    }

    @Test
    void exactly95PercentIsBack_oneByteLessIsNot() {
        // level 100 B per interval; 95 B is back, 94 B is not
        long[] justBack = {0, 100, 200, 300, 395};
        assertEquals(10 * US, assertInstanceOf(Recovery.Back.class,
                FaultRecovery.of(justBack, TEN_US, 30 * US)).afterPs());
        long[] justShort = {0, 100, 200, 300, 394};
        Recovery.NotBack n = assertInstanceOf(Recovery.NotBack.class, FaultRecovery.of(justShort, TEN_US, 30 * US));
        assertEquals(80_000_000, n.levelBeforeBps());
    }

    @Test
    void theLevelCountsFromTheStartOfTraffic_andTheIntervalHoldingTheFaultIsSkipped() {
        // Traffic starts between 20 and 30 us; from tick 2 to the fault's last tick before (tick 5, fault at 55 us):
        // 600 B over 3 intervals, 200 B each. The interval 50..60 us holds the fault (200 B, not counted); 60..70
        // carries 150 (75%); 70..80 carries 190 (95%): back at 80 us, 25 us after the fault.
        long[] delivered = {0, 0, 0, 200, 400, 600, 800, 950, 1140};
        Recovery.Back b = assertInstanceOf(Recovery.Back.class, FaultRecovery.of(delivered, TEN_US, 55 * US));
        assertEquals(25 * US, b.afterPs());
        assertEquals(Summary.bitsPerSecond(600, 30 * US), b.levelBeforeBps());
    }

    @Test
    void backForAMomentThenDownAgain_isNotBack_untilItHoldsFiveIntervals() {
        // Level 100 B per interval before the fault at 30 us. After it: 100 (back), 10 (down again), then 100 for six
        // intervals and a last short one of 50 as the traffic ends. 40 us is back for one interval only; from 60 us
        // it holds for the five intervals 50..100 us: back at 60 us, 30 us after the fault.
        long[] delivered = {0, 100, 200, 300, 400, 410, 510, 610, 710, 810, 910, 1010, 1060};
        Recovery.Back b = assertInstanceOf(Recovery.Back.class, FaultRecovery.of(delivered, TEN_US, 30 * US));
        assertEquals(30 * US, b.afterPs());
        // Back only in the last interval but one: the traffic ends, and it held for as long as there was any.
        long[] late = {0, 100, 200, 300, 310, 320, 330, 430, 440};
        assertEquals(40 * US, assertInstanceOf(Recovery.Back.class, FaultRecovery.of(late, TEN_US, 30 * US))
                .afterPs());
    }

    @Test
    void nothingToMeasure_saysWhy() {
        assertTrue(note(FaultRecovery.of(new long[0], 0, 30 * US)).contains("not sampled"));
        assertTrue(note(FaultRecovery.of(new long[] {0, 100, 200}, TEN_US, 0)).contains("time 0"));
        assertTrue(note(FaultRecovery.of(new long[] {0, 0, 0, 0, 100, 200}, TEN_US, 25 * US))
                .contains("nothing was delivered by the last sample before the fault"));
        // the first delivery is seen at the first tick after the fault: nothing by the last sample before it
        assertTrue(note(FaultRecovery.of(new long[] {0, 0, 50, 100}, TEN_US, 15 * US)).contains("nothing"));
        // delivered at tick 0 already, the fault before tick 1: no whole interval of traffic before it
        assertTrue(note(FaultRecovery.of(new long[] {100, 200, 300}, TEN_US, 5 * US)).contains("no whole"));
        assertTrue(note(FaultRecovery.of(new long[] {0, 100, 200, 300}, TEN_US, 25 * US))
                .contains("samples end"), "no whole interval after the fault");
        assertTrue(note(FaultRecovery.of(new long[] {0, 100, 200, 300}, TEN_US, 500 * US)).contains("samples end"));
    }

    private static String note(Recovery r) {
        return assertInstanceOf(Recovery.Unmeasured.class, r).note();
    }
}

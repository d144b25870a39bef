package io.fabricemu.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FaultTimelinesTest {
    private static Fault fault(int index, long atPs, FaultAction action, int... directions) {
        return new Fault(index, "f" + index, atPs, action, directions);
    }

    @Test
    void flapAndStates_makeDownIntervals_theFirstDownKeepsTheBlame() {
        LinkTimeline[] t = FaultTimelines.of(new FaultPlan(List.of(
                fault(0, 10, new Flap(100, 20, 250), 1),
                fault(1, 115, new LinkState(true), 1),
                fault(2, 140, new LinkState(false), 1))), 4);
        assertTrue(t[0].healthy());
        LinkTimeline d = t[1];
        assertEquals(3, d.downIntervals());
        assertEquals(10, d.downFromPs(0));
        assertEquals(30, d.downUntilPs(0));
        // The flap's second period starts at 110; fault 1's down at 115 finds it down; the flap's up at 130 ends it.
        assertEquals(110, d.downFromPs(1));
        assertEquals(130, d.downUntilPs(1));
        assertEquals(0, d.downFault(1));
        assertEquals(210, d.downFromPs(2));
        assertEquals(-1, d.downFaultAt(30));
        assertEquals(0, d.downFaultAt(29));
        assertEquals(0, d.downFaultDuring(0, 11));
        assertEquals(-1, d.downFaultDuring(30, 110));
    }

    @Test
    void sameTime_laterFaultWins_andUpWithoutDownChangesNothing() {
        LinkTimeline t = FaultTimelines.of(new FaultPlan(List.of(
                fault(0, 100, new RateChange(25), 0),
                fault(1, 100, new RateChange(50), 0),
                fault(2, 200, new LinkState(false), 0))), 2)[0];
        assertEquals(100, t.rateAt(99, 100));
        assertEquals(50, t.rateAt(100, 100));
        assertEquals(1, t.rateFaultAt(150, 100));
        assertEquals(-1, t.rateFaultAt(99, 100));
        assertFalse(t.goesDown());
    }

    @Test
    void cableChanges_detectEachChangeThatLasts_numberedInOrder() {
        LinkTimeline[] t = FaultTimelines.of(new FaultPlan(List.of(
                fault(0, 1_000, new LinkState(true), 0),
                fault(1, 5_000, new LinkState(false), 0),
                // a blip shorter than detection on the other direction, and one after
                fault(2, 8_000, new Flap(10_000, 100, 8_001), 1),
                fault(3, 20_000, new LinkState(true), 1))), 2);
        CableChanges c = CableChanges.of(t[0], t[1], 500);
        assertEquals(3, c.count());
        assertEquals(1_500, c.detectedPs(0));
        assertTrue(c.down(0));
        assertEquals(5_500, c.detectedPs(1));
        assertFalse(c.down(1));
        assertEquals(20_500, c.detectedPs(2));
        assertEquals(3, c.fault(2));
    }
}

package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.fabricemu.fault.Fault;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.LossEffect;
import io.fabricemu.fault.NoLoss;
import io.fabricemu.fault.RandomLoss;
import io.fabricemu.fault.RateChange;
import io.fabricemu.report.LinkMark;
import io.fabricemu.report.TimeMark;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How faults show in a report: their marks over time and the links drawn down or degraded. */
class FaultMarksTest {
    private static final long US = 1_000_000;
    private static final long RATE = 100_000_000_000L;

    private static Fault fault(int index, long atPs, io.fabricemu.fault.FaultAction a, int... directions) {
        return new Fault(index, "label " + index, atPs, a, directions);
    }

    /** Cables 0..4 between nodes 0 and 1, each of {@code RATE}. */
    private static FabricMap map() {
        List<FabricMap.Link> links = new java.util.ArrayList<>();
        for (int c = 0; c < 5; c++) {
            links.add(new FabricMap.Link(0, "a:p" + c, 1, "b:p" + c, RATE));
        }
        return new FabricMap(List.of(new FabricMap.Node("a", 1), new FabricMap.Node("b", 2)), links);
    }

    private static final FaultOutcome OUTCOME = new FaultOutcome(List.of(
            fault(0, 10 * US, new LinkState(true), 0, 1),
            fault(1, 40 * US, new LinkState(false), 0, 1),
            fault(2, 20 * US, new Flap(10 * US, 2 * US, 45 * US), 2),
            fault(3, 5 * US, new RateChange(RATE / 4), 4),
            fault(4, 5 * US, new LossChange(new RandomLoss(0.01), LossEffect.LOSS), 6),
            fault(5, 7 * US, new LossChange(new NoLoss(), LossEffect.LOSS), 8),
            fault(6, 900 * US, new LinkState(true), 9)), List.of());

    @Test
    void marks_aDownIsShadedUntilItsLinksAreUp_aFlapOverItsCycles_othersAreLines() {
        List<TimeMark> marks = FaultMarks.of(OUTCOME);
        assertEquals(new TimeMark("f0", FaultMarks.DOWN, 10 * US, 40 * US, "fault 0: label 0"), marks.get(0));
        assertEquals(new TimeMark("f1", FaultMarks.UP, 40 * US, 40 * US, "fault 1: label 1"), marks.get(1));
        // cycles start at 20, 30 and 40 us; the last one ends at 42 us
        assertEquals(new TimeMark("f2", FaultMarks.DOWN, 20 * US, 42 * US, "fault 2: label 2"), marks.get(2));
        assertEquals(FaultMarks.DEGRADED, marks.get(3).colour());
        assertFalse(marks.get(3).band());
        assertEquals(Long.MAX_VALUE, marks.get(6).untilPs(), "down for good: shaded to the plot's end");
    }

    @Test
    void links_downAtSomeMomentOfTheRun_orDegraded_aRepairOrALaterFaultIsNeither() {
        LinkMark[] marks = FaultMarks.links(OUTCOME, map(), 500 * US);
        // cable 0 down and up; 1 flaps; 2 slowed; 3 lossy; 4 only told to lose nothing (and down after the run)
        assertArrayEquals(new LinkMark[] {LinkMark.DOWN, LinkMark.DOWN, LinkMark.DEGRADED, LinkMark.DEGRADED,
            LinkMark.NONE}, marks);
        assertEquals("; fault 0: label 0; fault 1: label 1", FaultMarks.about(OUTCOME, 0));
        assertEquals("", FaultMarks.about(OUTCOME, 7));
    }
}

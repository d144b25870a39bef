package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The step timeline reads each rank's step starts from the flows' results, step-major within an iteration. */
class CollectiveChartsTest {
    private static FlowResult flow(int id, int src, int dst, long startPs, long finishPs) {
        return new FlowResult(id, src, dst, 100, startPs, finishPs, finishPs - startPs, 0, 100, false, 0, "ring");
    }

    /** A 2-rank ring all-reduce on hosts 4 and 7, 2 steps, 2 chunks: flows step by step, rank by rank, chunk. */
    private static final List<FlowResult> FLOWS = List.of(
            flow(0, 4, 7, 0, 10), flow(1, 4, 7, 3, 12), flow(2, 7, 4, 0, 11), flow(3, 7, 4, 2, 13),
            flow(4, 4, 7, 11, 20), flow(5, 4, 7, 13, 22), flow(6, 7, 4, 10, 25), flow(7, 7, 4, 12, 30));
    private static final CollectiveResult RING = new CollectiveResult("ring", "all-reduce", "ring", List.of(4, 7),
            400, 0, 2, 0, 8, 0, 30, 30, 1, 1);

    @Test
    void stepStarts_areEachRanksFirstFlowStartOfEachStep() {
        assertArrayEquals(new long[] {0, 11}, CollectiveCharts.stepStarts(List.of(RING), FLOWS, 4));
        assertArrayEquals(new long[] {0, 10}, CollectiveCharts.stepStarts(List.of(RING), FLOWS, 7));
    }

    @Test
    void lastRanks_nameTheRankThatBeganTheLastStepLast() {
        assertEquals("Iteration 0: rank 0 (host 4) began the last step last, at 11 ps.",
                CollectiveCharts.lastRanks(List.of(RING), FLOWS, 3));
    }

    @Test
    void timeline_isAStaircasePerRank_endingAtTheFinish() {
        var chart = CollectiveCharts.stepTimeline(List.of(RING), FLOWS);
        assertTrue(chart.hasData());
        assertTrue(chart.svg().contains("rank 1 (host 7)"), "a legend entry per rank");
    }

    @Test
    void drawnRanks_spreadSixteenOverMany() {
        assertEquals(List.of(0, 1, 2), CollectiveCharts.drawnRanks(3));
        List<Integer> drawn = CollectiveCharts.drawnRanks(1024);
        assertEquals(16, drawn.size());
        assertEquals(0, drawn.get(0));
        assertEquals(960, drawn.get(15));
    }
}

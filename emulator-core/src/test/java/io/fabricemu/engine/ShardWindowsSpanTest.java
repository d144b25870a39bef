package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.engine.ShardWindows.Step;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Windows of two cells on a grid of 1,000 ps ({@link WindowSpan}): they start at the cell of the earliest event and
 * span two, and a run ends in the same cell, with the same halt, as windows of one cell would end it.
 */
class ShardWindowsSpanTest {
    private static final long L = 1_000;
    private static final long NEVER = Long.MAX_VALUE;
    private static final long[] NO_FLOWS = {};

    /** One shard of one element, windows of {@code cells} cells. */
    private static ShardWindows alone(int cells, long stopPs, int flowCount) {
        return new ShardWindows(new ShardScheduler(0, new int[] {0}, 1, new int[] {0}), 1, 1, L, cells, stopPs,
                flowCount);
    }

    /** Shard 0 of two, its one element 0, the peer's element 1. */
    private static ShardWindows withPeer(int cells, int flowCount) {
        return new ShardWindows(new ShardScheduler(0, new int[] {0, 1}, 2, new int[] {0, 0}), 2, 1, L, cells,
                1_000_000, flowCount);
    }

    private static void start(ShardWindows w, long firstPs) {
        assertEquals(Step.WAIT, w.start());
        assertEquals(Step.STARTED, w.elementStarted(0, firstPs, List.of()));
    }

    @Test
    void windows_spanTwoCellsFromTheCellOfTheEarliestEvent_cutAtTheStop() {
        ShardWindows w = alone(2, 7_500, 0);
        start(w, 1_300);
        List<Long> ends = new ArrayList<>();
        long endPs = 2_000; // the coordinator opens the first window, one cell
        Step step = Step.OPEN;
        long[] next = {3_700, 4_100, 6_900, NEVER};
        int i = 0;
        while (step == Step.OPEN) {
            ends.add(endPs);
            assertEquals(Step.RUN, w.open(endPs));
            assertEquals(Step.SEND, w.elementDone(0, next[i++], List.of(), 1, NO_FLOWS, null, 0));
            step = w.sent();
            endPs = w.nextEndPs();
        }
        assertEquals(List.of(2_000L, 5_000L, 6_000L, 7_500L), ends,
                "3,700 opens [3,000, 5,000); 6,900 opens [6,000, 8,000), cut at the stop");
        assertEquals(Step.FINAL, step);
    }

    @Test
    void theLastFlow_endsTheRunMaxAheadCellsAfterItsCell_notAfterItsWindow() {
        for (int cells : new int[] {1, 2}) {
            ShardWindows w = alone(cells, 1_000_000, 1);
            start(w, 300);
            assertEquals(Step.RUN, w.open(cells * L));
            // the flow completes at 700, in the first cell; with two cells the window ends at 2,000
            assertEquals(Step.SEND, w.elementDone(0, 50_000, List.of(), 1, new long[] {700}, null, 0));
            Step step = w.sent();
            while (step == Step.OPEN) {
                assertEquals(Step.SEND, w.open(w.nextEndPs()));
                step = w.sent();
            }
            assertEquals(Step.FINAL, step);
            assertEquals(1_000 + ShardWindows.MAX_AHEAD * L, w.horizonPs(), cells + " cells");
            assertEquals(1_000 + ShardWindows.MAX_AHEAD * L, w.windowEndPs());
        }
    }

    @Test
    void aHaltInTheCellAfterTheLastFlow_doesNotCount_aPeersInTheSameCellDoes() {
        ShardWindows w = withPeer(2, 1);
        start(w, 300);
        assertEquals(Step.RUN, w.open(2_000));
        // own element: the last flow completes at 400 (cell 0) and it halts at 1,500 (cell 1), both in this window
        assertEquals(Step.SEND, w.elementDone(0, 50_000, List.of(), 1, new long[] {400}, "late", 1_500));
        assertEquals(Step.WAIT, w.sent());
        assertEquals(Step.OPEN, w.peerDone(2_000, new WindowState(NEVER, 0, WindowState.UNKNOWN, -1,
                WindowState.UNKNOWN, null)));
        assertEquals(1_000 + ShardWindows.MAX_AHEAD * L, w.horizonPs(), "over at the end of cell 0");
        finish(w);
        assertEquals(-1, w.finalState().haltElementId(), "the halt came a cell after the run was over");

        ShardWindows v = withPeer(2, 1);
        start(v, 300);
        assertEquals(Step.RUN, v.open(2_000));
        assertEquals(Step.SEND, v.elementDone(0, 50_000, List.of(), 1, new long[] {1_400}, "own", 1_500));
        assertEquals(Step.WAIT, v.sent());
        // the peer's element 1 halted at 1,100, in the same cell as the flow and the own halt: lowest id
        assertEquals(Step.OPEN, v.peerDone(2_000, new WindowState(NEVER, 0, WindowState.UNKNOWN, 1, 1_000, "peer")));
        finish(v);
        assertEquals(0, v.finalState().haltElementId());
        assertEquals("own", v.finalState().haltReason());
        assertEquals(2_000 + ShardWindows.MAX_AHEAD * L, v.horizonPs());
    }

    @Test
    void aHaltInAnEarlierCellThanThePeers_isTheOne_thoughItsElementIdIsHigher() {
        WindowState own = new WindowState(NEVER, 0, WindowState.UNKNOWN, 7, 3_000, "seven");
        WindowState peer = new WindowState(NEVER, 0, WindowState.UNKNOWN, 2, 4_000, "two");
        assertEquals(7, own.with(peer).haltElementId());
        assertEquals(7, peer.with(own).haltElementId());
        assertEquals(2, own.with(new WindowState(NEVER, 0, WindowState.UNKNOWN, 2, 3_000, "two")).haltElementId());
    }

    @Test
    void stepsAhead_stopOneCellEarlier_soThatNoneGoesPastTheEndOfARunFoundOverLate() {
        // element 1 hears from no peer (depth 10); windows of two cells: steps to 7 cells past the window, not 8
        ShardWindows w = new ShardWindows(new ShardScheduler(0, new int[] {0, 0, 1}, 2, new int[] {0, 10, 0}), 2, 2,
                L, 2, 1_000_000, 0);
        assertEquals(Step.WAIT, w.start());
        assertEquals(Step.WAIT, w.elementStarted(0, 500, List.of()));
        assertEquals(Step.STARTED, w.elementStarted(1, 100, List.of()));
        assertEquals(Step.RUN, w.open(2_000));
        assertEquals(Step.WAIT, w.elementDone(0, NEVER, List.of(), 1, NO_FLOWS, null, 0));
        assertEquals(Step.SEND, w.elementDone(1, 2_100, List.of(), 1, NO_FLOWS, null, 0));
        List<Long> stepEnds = new ArrayList<>();
        Step step = w.sent();
        while (step == Step.RUN) {
            stepEnds.add(w.runEndPs());
            step = w.elementDone(1, w.runEndPs() + 100, List.of(), 1, NO_FLOWS, null, 0);
        }
        assertEquals(List.of(3_000L, 4_000L, 5_000L, 6_000L, 7_000L, 8_000L, 9_000L), stepEnds);
    }

    /** The windows after the run is over, with the peer quiet, to the end. */
    private static void finish(ShardWindows w) {
        Step step = Step.OPEN;
        while (step == Step.OPEN) {
            long endPs = w.nextEndPs();
            assertEquals(Step.SEND, w.open(endPs));
            assertEquals(Step.WAIT, w.sent());
            step = w.peerDone(endPs, new WindowState(NEVER, 0, -1, null));
        }
        assertEquals(Step.FINAL, step);
    }
}

package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabricemu.engine.ShardWindows.Stage;
import io.fabricemu.engine.ShardWindows.Step;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Shard 0's way through the windows, with the test as its host: it answers for the elements the windows wake and
 * for the peer shard, and checks each step. The lookahead, and so the grid, is 1,000 ps.
 */
class ShardWindowsTest {
    private static final long L = 1_000;
    private static final long NEVER = Long.MAX_VALUE;
    private static final long[] NO_FLOWS = {};
    /** A peer with nothing pending, no flows and no halt. */
    private static final WindowState QUIET_PEER = new WindowState(NEVER, 0, -1, null);
    /** A peer with an event pending far ahead, so that the run goes on, and no flows or halt. */
    private static final WindowState BUSY_PEER = new WindowState(50_000, 0, -1, null);

    /** Shard 0 of {@code shards}, its elements those {@code shardOf} puts there, with these depths. */
    private static ShardWindows shard0(int[] shardOf, int shards, int[] depth, long stopPs, int flowCount) {
        int local = 0;
        for (int s : shardOf) {
            local += s == 0 ? 1 : 0;
        }
        return new ShardWindows(new ShardScheduler(0, shardOf, shards, depth), shards, local, L, stopPs, flowCount);
    }

    /** Starts shard 0's elements {@code 0..firstPs.length-1}, each with its first own event at {@code firstPs}. */
    private static void start(ShardWindows w, long... firstPs) {
        assertEquals(Step.WAIT, w.start());
        for (int id = 0; id < firstPs.length; id++) {
            assertEquals(id == firstPs.length - 1 ? Step.STARTED : Step.WAIT, w.elementStarted(id, firstPs[id],
                    List.of()));
        }
    }

    /** Element {@code id} handled one event and has its next own one at {@code nextPs}. */
    private static Step done(ShardWindows w, int id, long nextPs) {
        return w.elementDone(id, nextPs, List.of(), 1, NO_FLOWS, null, 0);
    }

    private static List<Integer> woken(ShardWindows w) {
        return w.woken().stream().map(ShardScheduler.Activation::elementId).toList();
    }

    /** A window with nothing to run here: it opens, its state goes out, and the peer's comes back. */
    private static Step quietWindow(ShardWindows w, long endPs, WindowState peer) {
        assertEquals(Step.SEND, w.open(endPs));
        assertEquals(endPs, w.windowEndPs());
        assertEquals(Step.WAIT, w.sent(), "nothing to run ahead either");
        return w.peerDone(endPs, peer);
    }

    @Test
    void aWindow_runsItsElements_sendsItsState_andOpensTheCellOfTheEarliestEvent() {
        ShardWindows w = shard0(new int[] {0, 0}, 1, new int[] {0, 0}, 1_000_000, 0);
        start(w, 500, 2_300);
        assertEquals(500, w.ownState().earliestPs());
        assertEquals(Step.RUN, w.open(1_000));
        assertEquals(List.of(0), woken(w), "element 1 has nothing before 1,000 ps");
        assertEquals(1_000, w.runEndPs());
        assertEquals(Step.SEND, done(w, 0, 2_100));
        assertEquals(new WindowState(2_100, 0, -1, null), w.ownState());
        assertEquals(Step.OPEN, w.sent(), "alone, the shard has every state at once");
        assertEquals(3_000, w.nextEndPs());
        assertEquals(1, w.windows());
        assertEquals(Stage.IDLE, w.stage());
    }

    @Test
    void aShardWithoutElements_startsAtOnce_andSendsEachWindowStraightAway() {
        ShardWindows w = shard0(new int[] {1}, 2, new int[] {0}, 1_000_000, 0);
        assertEquals(Step.STARTED, w.start());
        assertEquals(NEVER, w.ownState().earliestPs());
        assertEquals(Step.OPEN, quietWindow(w, 1_000, new WindowState(5_500, 0, -1, null)));
        assertEquals(6_000, w.nextEndPs());
    }

    @Test
    void stepsAhead_stopAtMaxAhead_andTheWindowsStayAsTheyWouldHaveBeen() {
        // Element 1 hears from no peer, ten hops away (more than the cap); element 2 is the peer's.
        ShardWindows w = shard0(new int[] {0, 0, 1}, 2, new int[] {0, 10, 0}, 1_000_000, 0);
        start(w, 500, 100);
        assertEquals(Step.RUN, w.open(1_000));
        assertEquals(List.of(0, 1), woken(w));
        assertEquals(Step.WAIT, done(w, 0, NEVER));
        assertEquals(Step.SEND, done(w, 1, 1_100));
        assertEquals(1_100, w.ownState().earliestPs());
        List<Long> stepEnds = new ArrayList<>();
        Step step = w.sent();
        while (step == Step.RUN) {
            assertEquals(List.of(1), woken(w));
            stepEnds.add(w.runEndPs());
            assertEquals(Stage.AHEAD, w.stage());
            step = done(w, 1, w.runEndPs() + 100);
        }
        assertEquals(Step.WAIT, step);
        assertEquals(Stage.WAITING, w.stage());
        assertEquals(ShardWindows.MAX_AHEAD, stepEnds.size());
        assertEquals(List.of(2_000L, 3_000L, 4_000L, 5_000L, 6_000L, 7_000L, 8_000L, 9_000L), stepEnds);

        assertEquals(Step.OPEN, w.peerDone(1_000, QUIET_PEER));
        assertEquals(2_000, w.nextEndPs(), "element 1's events in [1,000, 2,000) ran ahead, but the window is theirs");
        assertEquals(Step.SEND, w.open(2_000), "element 1 already ran it");
        assertEquals(2_000, w.ownState().earliestPs(), "the cell it ran ahead in still counts as pending");
        assertEquals(Step.RUN, w.sent(), "the next steps ahead count from this window");
        assertEquals(2_000 + ShardWindows.MAX_AHEAD * L, w.runEndPs());
    }

    @Test
    void aHaltInAStepAhead_countsInTheWindowOfItsTime_andTheRunEndsMaxAheadAfterIt() {
        ShardWindows w = shard0(new int[] {0, 0, 1}, 2, new int[] {0, 2, 0}, 1_000_000, 0);
        start(w, 500, 100);
        assertEquals(Step.RUN, w.open(1_000));
        done(w, 0, NEVER);
        assertEquals(Step.SEND, done(w, 1, 1_100));
        assertEquals(Step.RUN, w.sent());
        assertEquals(Step.RUN, done(w, 1, 2_500));
        assertEquals(3_000, w.runEndPs());
        assertEquals(Step.WAIT, w.elementDone(1, NEVER, List.of(), 1, NO_FLOWS, "element 1 at 2500", 2_500));

        assertEquals(Step.OPEN, w.peerDone(1_000, BUSY_PEER), "the halt is not in this window");
        assertEquals(2_000, w.nextEndPs());
        assertEquals(Step.OPEN, quietWindow(w, 2_000, BUSY_PEER), "nor in this one");
        assertEquals(-1, w.ownState().haltElementId());
        assertEquals(3_000, w.nextEndPs());
        assertEquals(Step.OPEN, quietWindow(w, 3_000, BUSY_PEER), "the run goes on after it is over");
        assertEquals(1, w.ownState().haltElementId(), "its window [2,000, 3,000) settled");

        List<Long> after = new ArrayList<>();
        Step step = Step.OPEN;
        while (step == Step.OPEN) {
            long endPs = w.nextEndPs();
            after.add(endPs);
            step = quietWindow(w, endPs, endPs == 5_000 ? new WindowState(NEVER, 0, 2, "element 2") : BUSY_PEER);
        }
        assertEquals(Step.FINAL, step);
        assertEquals(List.of(4_000L, 5_000L, 6_000L, 7_000L, 8_000L, 9_000L, 10_000L, 11_000L), after,
                "every cell up to MAX_AHEAD lookaheads after the halting window");
        assertEquals(3_000 + ShardWindows.MAX_AHEAD * L, w.windowEndPs());
        assertEquals(new WindowState(50_000, 0, 1, "element 1 at 2500"), w.finalState(),
                "the peer's later halt does not count");
        assertEquals(Stage.OVER, w.stage());
    }

    @Test
    void reachingTheStopTime_endsTheRun_withTheLastWindowCutShort() {
        ShardWindows w = shard0(new int[] {0}, 1, new int[] {0}, 5_500, 0);
        start(w, 200);
        List<Long> ends = new ArrayList<>();
        long endPs = 1_000;
        Step step = Step.OPEN;
        while (step == Step.OPEN) {
            ends.add(endPs);
            assertEquals(Step.RUN, w.open(endPs));
            assertEquals(Step.SEND, done(w, 0, endPs + 200));
            step = w.sent();
            endPs = w.nextEndPs();
        }
        assertEquals(Step.FINAL, step);
        assertEquals(List.of(1_000L, 2_000L, 3_000L, 4_000L, 5_000L, 5_500L), ends);
        assertEquals(new WindowState(5_700, 0, -1, null), w.finalState());
        assertEquals(6, w.windows());
    }

    @Test
    void stepsAhead_neverGoPastTheStopTime() {
        ShardWindows w = shard0(new int[] {0, 0, 1}, 2, new int[] {0, 3, 0}, 5_500, 0);
        start(w, 4_200, 4_100);
        assertEquals(Step.RUN, w.open(5_000));
        done(w, 0, NEVER);
        assertEquals(Step.SEND, done(w, 1, 5_100));
        assertEquals(Step.RUN, w.sent());
        assertEquals(5_500, w.runEndPs(), "the first step is cut short at the stop time");
        assertEquals(Step.WAIT, done(w, 1, 5_600), "no further step: they would end there too");
        assertEquals(Step.OPEN, w.peerDone(5_000, QUIET_PEER));
        assertEquals(5_500, w.nextEndPs());
        assertEquals(Step.FINAL, quietWindow(w, 5_500, QUIET_PEER), "no step past the end of the last window");
        assertEquals(5_600, w.finalState().earliestPs());
    }

    @Test
    void theLastFlowFinishing_endsTheRun_afterMaxAheadMoreCells() {
        ShardWindows w = shard0(new int[] {0}, 1, new int[] {0}, 1_000_000, 1);
        start(w, 300);
        assertEquals(Step.RUN, w.open(1_000));
        assertEquals(Step.SEND, w.elementDone(0, 5_300, List.of(), 1, new long[] {700}, null, 0));
        assertEquals(1, w.ownState().flowsCompleted());
        List<Long> after = new ArrayList<>();
        Step step = w.sent();
        while (step == Step.OPEN) {
            long endPs = w.nextEndPs();
            after.add(endPs);
            step = w.open(endPs);
            if (step == Step.RUN) {
                assertEquals(List.of(0), woken(w));
                step = done(w, 0, endPs + 300);
            }
            assertEquals(Step.SEND, step);
            step = w.sent();
        }
        assertEquals(Step.FINAL, step);
        assertEquals(List.of(2_000L, 3_000L, 4_000L, 5_000L, 6_000L, 7_000L, 8_000L, 9_000L), after,
                "every cell, not only those with events, up to MAX_AHEAD lookaheads after the flow's window");
        assertEquals(new WindowState(9_300, 1, -1, null), w.finalState());
    }

    @Test
    void aPeerThatNeverAnswers_leavesTheShardWaiting_withNoProgressAndNoEnd() {
        ShardWindows w = shard0(new int[] {0, 0, 1}, 2, new int[] {0, 1, 0}, 1_000_000, 1);
        start(w, 300, 400);
        assertEquals(Step.RUN, w.open(1_000));
        w.elementDone(0, NEVER, List.of(), 1, new long[] {700}, null, 0);
        assertEquals(Step.SEND, done(w, 1, 1_400));
        assertEquals(1, w.ownState().flowsCompleted(), "the run's only flow completed here");
        assertEquals(Step.RUN, w.sent());
        assertEquals(Step.WAIT, done(w, 1, 2_400), "its one step ahead done, it waits");
        assertEquals(Stage.WAITING, w.stage());
        w.peerEvents(List.of());
        assertEquals(Stage.WAITING, w.stage(), "events without the peer's state change nothing");
        assertEquals(Step.WAIT, w.peerDone(2_000, QUIET_PEER), "its state for the next window is not this one's");
        assertThrows(IllegalStateException.class, () -> w.open(2_000), "no window opens before every state is in");
        assertThrows(IllegalStateException.class, w::finalState, "nor does the run end");
        assertEquals(1, w.windows());

        assertEquals(Step.OPEN, w.peerDone(1_000, QUIET_PEER), "once it answers, the run goes on to its end");
        assertEquals(2_000, w.nextEndPs());
    }

    @Test
    void aPeerStateThatCameFirst_isUsedOnceTheShardIsDone_withoutFurtherSteps() {
        ShardWindows w = shard0(new int[] {0, 0, 1}, 2, new int[] {0, 2, 0}, 1_000_000, 0);
        start(w, 300, 400);
        assertEquals(Step.RUN, w.open(1_000));
        assertEquals(Step.WAIT, w.peerDone(1_000, new WindowState(1_200, 0, -1, null)), "its elements still run");
        done(w, 0, NEVER);
        assertEquals(Step.SEND, done(w, 1, 1_400));
        assertEquals(Step.OPEN, w.sent(), "every state is in: no step ahead");
        assertEquals(2_000, w.nextEndPs());

        assertEquals(Step.RUN, w.open(2_000));
        assertEquals(Step.SEND, done(w, 1, 2_400));
        assertEquals(Step.RUN, w.sent());
        assertEquals(Step.WAIT, w.peerDone(2_000, QUIET_PEER), "a step ahead runs");
        assertEquals(Step.OPEN, done(w, 1, 3_400), "the step done, the next window and not the next step");
        assertEquals(3_000, w.nextEndPs(), "the window its step ran ahead in");
    }

    @Test
    void everyProgressEveryWindows_theShardReportsProgress_thenOpensTheNext() {
        ShardWindows w = shard0(new int[] {0}, 1, new int[] {0}, 1_000_000_000, 0);
        start(w, 0);
        long endPs = 1_000;
        for (int i = 1; i < ShardWindows.PROGRESS_EVERY; i++) {
            w.open(endPs);
            done(w, 0, endPs);
            assertEquals(Step.OPEN, w.sent());
            endPs = w.nextEndPs();
        }
        w.open(endPs);
        done(w, 0, endPs + 10);
        assertEquals(Step.PROGRESS, w.sent());
        assertEquals(new WindowState(endPs + 10, 0, -1, null), w.progressState());
        assertEquals(Step.OPEN, w.reported());
        assertEquals(endPs + L, w.nextEndPs());
    }

    @Test
    void callsOutOfTurn_fail() {
        ShardWindows w = shard0(new int[] {0}, 1, new int[] {0}, 1_000_000, 0);
        assertThrows(IllegalStateException.class, () -> w.open(1_000), "its elements have not started");
        start(w, 100);
        assertThrows(IllegalStateException.class, () -> done(w, 0, 200), "nothing runs");
        assertThrows(IllegalStateException.class, w::sent, "nothing to send");
    }
}

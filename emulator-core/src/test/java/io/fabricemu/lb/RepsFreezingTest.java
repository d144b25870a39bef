package io.fabricemu.lb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * REPS's freezing mode, sequences worked by hand from htsim's {@code UecMpReps::processEv} / {@code nextEntropy}
 * and {@code CircularBufferREPS::remove_frozen}: a timeout freezes; frozen packets cycle over the buffer's slots
 * in slot order; the first feedback strictly after 10 ms empties the buffer and 16 fresh EVs follow.
 */
class RepsFreezingTest {
    private static final long SEED = 77L;
    private static final long T = 1_000_000L;

    private static Reps trimming(int fifoCapacity) {
        return Reps.create(new Reps.Params(fifoCapacity, true, Reps.FREEZE_PS, Reps.EXPLORE_AFTER_FREEZE),
                new SplittableRandom(SEED));
    }

    /** A generator in the same state as the one the balancer owns: it predicts the fresh EVs. */
    private static SplittableRandom twin() {
        return new SplittableRandom(SEED);
    }

    private static void clean(Reps lb, long nowPs, int... evs) {
        for (int ev : evs) {
            lb.onFeedback(ev, Feedback.ACKED_CLEAN, nowPs);
        }
    }

    private static int[] next(Reps lb, long nowPs, int packets) {
        int[] evs = new int[packets];
        for (int i = 0; i < packets; i++) {
            evs[i] = lb.nextEntropy(nowPs);
        }
        return evs;
    }

    @Test
    void timeout_withTrimming_replaysTheSavedEvsWithoutExploring() {
        Reps lb = trimming(8);
        clean(lb, 10, 10, 20, 30);
        lb.onFeedback(40, Feedback.TIMED_OUT, T);
        assertTrue(lb.frozen());
        // Slots 0..2 hold 10, 20, 30; frozen packets walk them and wrap, reusing each again and again.
        assertArrayEquals(new int[] {10, 20, 30, 10, 20, 30, 10}, next(lb, T + 1, 7));
        assertEquals(3, lb.recycledCount(), "replays do not use the saved EVs up");
        // Nothing was drawn: after freezing ends, the first fresh EV is the generator's first.
        lb.onFeedback(50, Feedback.ACKED_ECN, T + Reps.FREEZE_PS + 1);
        assertEquals(twin().nextInt(65536), lb.nextEntropy(T + Reps.FREEZE_PS + 2));
    }

    @Test
    void frozen_walksTheSlotsInSlotOrder_includingReusedAndOverwrittenOnes() {
        Reps lb = trimming(4);
        clean(lb, 10, 1, 2, 3, 4, 5, 6); // slots [5, 6, 3, 4]: 1 and 2 were overwritten
        assertEquals(3, lb.nextEntropy(20), "before the timeout: the oldest saved EV, used up");
        lb.onFeedback(9, Feedback.TIMED_OUT, T);
        // From slot 0, not from the oldest: 5, 6, then 3 (already reused), 4, and round again.
        assertArrayEquals(new int[] {5, 6, 3, 4, 5, 6, 3, 4, 5}, next(lb, T, 9));
    }

    @Test
    void frozen_cleanAcksJoinTheCycle() {
        Reps lb = trimming(8);
        clean(lb, 10, 10, 20);
        lb.onFeedback(0, Feedback.TIMED_OUT, T);
        assertEquals(10, lb.nextEntropy(T)); // slot 0; next slot 1 of 2
        clean(lb, T, 30);                    // slot 2: now 3 slots written
        assertArrayEquals(new int[] {20, 30, 10, 20, 30}, next(lb, T, 5));
    }

    @Test
    void frozen_fullBuffer_newCleanEvOverwritesASlotInTheCycle() {
        Reps lb = trimming(2);
        clean(lb, 10, 1, 2);
        lb.onFeedback(0, Feedback.TIMED_OUT, T);
        assertEquals(1, lb.nextEntropy(T)); // slot 0
        clean(lb, T, 3);                    // the buffer is full: 3 goes in the next write slot, slot 0
        assertArrayEquals(new int[] {2, 3, 2, 3}, next(lb, T, 4));
    }

    @Test
    void frozen_withNothingSaved_drawsFreshEvs() {
        Reps lb = trimming(8);
        lb.onFeedback(5, Feedback.TIMED_OUT, T);
        assertTrue(lb.frozen());
        SplittableRandom twin = twin();
        for (int i = 0; i < 20; i++) {
            assertEquals(twin.nextInt(65536), lb.nextEntropy(T + i));
        }
    }

    @Test
    void freezing_endsOnTheFirstFeedbackStrictlyAfterTenMs_thenSixteenFreshEvs() {
        Reps lb = trimming(8);
        clean(lb, 10, 10, 20);
        lb.onFeedback(0, Feedback.TIMED_OUT, T);
        // No feedback, no exit: sending long after the deadline is still frozen.
        assertArrayEquals(new int[] {10, 20, 10}, next(lb, T + 3 * Reps.FREEZE_PS, 3));
        lb.onFeedback(1, Feedback.NACKED, T + Reps.FREEZE_PS); // at the deadline, not after it
        assertTrue(lb.frozen());
        // A clean ACK just after: freezing ends and the buffer is emptied before its EV (77) is saved.
        lb.onFeedback(77, Feedback.ACKED_CLEAN, T + Reps.FREEZE_PS + 1);
        assertFalse(lb.frozen());
        assertEquals(1, lb.recycledCount());
        clean(lb, T + Reps.FREEZE_PS + 2, 88);
        SplittableRandom twin = twin();
        for (int i = 0; i < 16; i++) {
            assertEquals(twin.nextInt(65536), lb.nextEntropy(T + Reps.FREEZE_PS + 3), "exploring packet " + i);
        }
        // Exploring left the FIFO alone: recycling resumes from 77, and 10 and 20 are forgotten.
        assertArrayEquals(new int[] {77, 88}, next(lb, T + Reps.FREEZE_PS + 4, 2));
        assertEquals(twin.nextInt(65536), lb.nextEntropy(T + Reps.FREEZE_PS + 5));
    }

    @Test
    void timeoutsWhileFrozen_doNotPushTheDeadline() {
        Reps lb = trimming(8);
        lb.onFeedback(0, Feedback.TIMED_OUT, T);
        lb.onFeedback(0, Feedback.TIMED_OUT, T + Reps.FREEZE_PS / 2);
        lb.onFeedback(0, Feedback.TIMED_OUT, T + Reps.FREEZE_PS);
        assertTrue(lb.frozen());
        lb.onFeedback(0, Feedback.ACKED_ECN, T + Reps.FREEZE_PS + 1);
        assertFalse(lb.frozen());
    }

    @Test
    void timeoutsWhileExploring_doNotFreeze_butOneAfterDoes() {
        Reps lb = trimming(8);
        lb.onFeedback(0, Feedback.TIMED_OUT, T);
        long after = T + Reps.FREEZE_PS + 1;
        lb.onFeedback(0, Feedback.TIMED_OUT, after); // ends freezing: the check runs after the entry test
        assertFalse(lb.frozen());
        for (int i = 0; i < 16; i++) {
            lb.onFeedback(0, Feedback.TIMED_OUT, after + i);
            assertFalse(lb.frozen(), "timeout during exploring packet " + i);
            lb.nextEntropy(after + i);
        }
        clean(lb, after + 20, 42);
        lb.onFeedback(0, Feedback.TIMED_OUT, after + 20);
        assertTrue(lb.frozen());
        assertArrayEquals(new int[] {42, 42}, next(lb, after + 21, 2));
    }

    @Test
    void timeout_withoutTrimming_neverFreezes() {
        Reps lb = Reps.create(Reps.Params.defaults(false), new SplittableRandom(SEED));
        clean(lb, 10, 10, 20);
        lb.onFeedback(0, Feedback.TIMED_OUT, T);
        assertFalse(lb.frozen());
        assertArrayEquals(new int[] {10, 20}, next(lb, T, 2));
        SplittableRandom twin = twin();
        assertArrayEquals(new int[] {twin.nextInt(65536), twin.nextInt(65536)}, next(lb, T, 2));
    }

    /** Feedback for 5,000 packets without a timeout: clean, ECN or NACK by the EV's low bits. */
    private static int[] runWithoutTimeouts(Reps lb) {
        int[] evs = new int[5000];
        for (int i = 0; i < evs.length; i++) {
            evs[i] = lb.nextEntropy(i * T);
            Feedback f = switch (evs[i] & 7) {
                case 5 -> Feedback.ACKED_ECN;
                case 6 -> Feedback.NACKED;
                default -> Feedback.ACKED_CLEAN;
            };
            if ((i & 3) != 1) { // some acknowledgements are withheld, so the FIFO fills and drains
                lb.onFeedback(evs[i], f, i * T + 1);
            }
        }
        return evs;
    }

    @Test
    void noTimeout_freezingOnOrOff_sameSequence() {
        int[] off = runWithoutTimeouts(Reps.create(new Reps.Params(8), new SplittableRandom(SEED)));
        int[] on = runWithoutTimeouts(trimming(8));
        assertArrayEquals(off, on);
    }

    @Test
    void loadBalancing_reps_freezesOnlyWhenTheSwitchesTrim() {
        Reps trims = (Reps) LoadBalancing.REPS.create(7, new SplittableRandom(SEED), true);
        Reps drops = (Reps) LoadBalancing.REPS.create(7, new SplittableRandom(SEED), false);
        trims.onFeedback(0, Feedback.TIMED_OUT, T);
        drops.onFeedback(0, Feedback.TIMED_OUT, T);
        assertTrue(trims.frozen());
        assertFalse(drops.frozen());
    }

    @Test
    void params_htsimConstantsAndDefaults() {
        assertEquals(10_000_000_000L, Reps.FREEZE_PS, "exit_freeze_after, in htsim's picoseconds");
        assertEquals(16, Reps.EXPLORE_AFTER_FREEZE);
        assertEquals(new Reps.Params(8, true, Reps.FREEZE_PS, 16), Reps.Params.defaults(true));
        assertEquals(new Reps.Params(8, false, Reps.FREEZE_PS, 16), Reps.Params.defaults(false));
        assertEquals(Reps.Params.defaults(false), Reps.Params.defaults());
        assertFalse(new Reps.Params(3).freezeOnTimeout());
    }

    @Test
    void params_negativeFreezeOrExplore_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Reps.Params(8, true, -1, 16));
        assertThrows(IllegalArgumentException.class, () -> new Reps.Params(8, true, Reps.FREEZE_PS, -1));
    }
}

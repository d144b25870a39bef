package io.fabricemu.lb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class RepsTest {
    private static final long SEED = 20240807L;

    private static Reps reps(int fifoCapacity) {
        return Reps.create(new Reps.Params(fifoCapacity), new SplittableRandom(SEED));
    }

    /** A generator in the same state as the one {@link #reps} injects: it predicts the fresh EVs. */
    private static SplittableRandom twin() {
        return new SplittableRandom(SEED);
    }

    @Test
    void nextEntropy_emptyFifo_drawsFreshEvsFromTheInjectedGenerator() {
        Reps lb = reps(8);
        SplittableRandom twin = twin();
        for (int i = 0; i < 100; i++) {
            assertEquals(twin.nextInt(65536), lb.nextEntropy(i));
        }
    }

    @Test
    void nextEntropy_recyclesExactlyTheCleanEvsInFifoOrder() {
        Reps lb = reps(8);
        lb.onFeedback(3, Feedback.ACKED_CLEAN, 10);
        lb.onFeedback(5, Feedback.ACKED_ECN, 11);
        lb.onFeedback(7, Feedback.ACKED_CLEAN, 12);
        lb.onFeedback(9, Feedback.NACKED, 13);
        lb.onFeedback(11, Feedback.ACKED_CLEAN, 14);
        lb.onFeedback(13, Feedback.TIMED_OUT, 15);
        lb.onFeedback(7, Feedback.ACKED_CLEAN, 16); // a second clean ACK earns a second reuse
        assertEquals(4, lb.recycledCount());

        assertEquals(3, lb.nextEntropy(20));
        assertEquals(7, lb.nextEntropy(21));
        assertEquals(11, lb.nextEntropy(22));
        assertEquals(7, lb.nextEntropy(23));
        assertEquals(0, lb.recycledCount());
        // Recycling drew nothing: the first fresh EV is the generator's first draw.
        assertEquals(twin().nextInt(65536), lb.nextEntropy(24));
    }

    @Test
    void nextEntropy_reusedEvIsInvalidated() {
        Reps lb = reps(8);
        lb.onFeedback(1234, Feedback.ACKED_CLEAN, 0);
        assertEquals(1234, lb.nextEntropy(1));
        SplittableRandom twin = twin();
        for (int i = 0; i < 50; i++) {
            assertEquals(twin.nextInt(65536), lb.nextEntropy(2 + i), "packet " + i + " after the reuse");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Feedback.class, names = {"ACKED_ECN", "NACKED", "TIMED_OUT"})
    void onFeedback_congestedFeedback_isNeverRecycled(Feedback bad) {
        Reps lb = reps(8);
        SplittableRandom twin = twin();
        for (int i = 0; i < 200; i++) {
            int ev = lb.nextEntropy(i);
            assertEquals(twin.nextInt(65536), ev);
            lb.onFeedback(ev, bad, i);
            assertEquals(0, lb.recycledCount());
        }
    }

    @Test
    void onFeedback_fullFifo_overwritesTheOldest() {
        Reps lb = reps(4);
        for (int ev = 1; ev <= 6; ev++) {
            lb.onFeedback(ev, Feedback.ACKED_CLEAN, ev);
            assertEquals(Math.min(ev, 4), lb.recycledCount());
        }
        int[] reused = new int[4];
        for (int i = 0; i < 4; i++) {
            reused[i] = lb.nextEntropy(10 + i);
        }
        assertArrayEquals(new int[] {3, 4, 5, 6}, reused);
        assertEquals(twin().nextInt(65536), lb.nextEntropy(20));
    }

    @Test
    void onFeedback_fifoWrapsAroundInterleavedWithReuse() {
        Reps lb = reps(3);
        int next = 100;
        int expected = 100;
        for (int round = 0; round < 20; round++) {
            lb.onFeedback(next++, Feedback.ACKED_CLEAN, round);
            lb.onFeedback(next++, Feedback.ACKED_CLEAN, round);
            assertEquals(expected++, lb.nextEntropy(round));
            assertEquals(expected++, lb.nextEntropy(round));
        }
        assertEquals(0, lb.recycledCount());
    }

    @Test
    void nextEntropy_sameSeedAndFeedback_sameSequence() {
        assertArrayEquals(run(SEED), run(SEED));
    }

    private static int[] run(long seed) {
        Reps lb = Reps.create(Reps.Params.defaults(), new SplittableRandom(seed));
        int[] evs = new int[5000];
        for (int i = 0; i < evs.length; i++) {
            evs[i] = lb.nextEntropy(i);
            lb.onFeedback(evs[i], (evs[i] & 7) == 5 ? Feedback.ACKED_ECN : Feedback.ACKED_CLEAN, i);
        }
        return evs;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void params_nonPositiveCapacity_isRejected(int capacity) {
        assertThrows(IllegalArgumentException.class, () -> new Reps.Params(capacity));
    }

    @Test
    void params_defaults_isHtsimsEightEntryBuffer() {
        assertEquals(8, Reps.Params.defaults().fifoCapacity());
    }

    @Test
    void onFeedback_invalidArguments_areRejected() {
        Reps lb = reps(8);
        assertThrows(IllegalArgumentException.class, () -> lb.onFeedback(-1, Feedback.ACKED_CLEAN, 0));
        assertThrows(IllegalArgumentException.class, () -> lb.onFeedback(65536, Feedback.ACKED_CLEAN, 0));
        assertThrows(NullPointerException.class, () -> lb.onFeedback(1, null, 0));
        assertEquals(0, lb.recycledCount());
    }
}

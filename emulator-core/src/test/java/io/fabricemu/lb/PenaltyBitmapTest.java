package io.fabricemu.lb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class PenaltyBitmapTest {
    /** Eight EVs with the default penalties, so a pass of the cursor is at most eight packets. */
    private static final PenaltyBitmap.Params EIGHT = new PenaltyBitmap.Params(8, 1, 4, 15, 15);

    private static PenaltyBitmap bitmap(PenaltyBitmap.Params params, long seed) {
        return PenaltyBitmap.create(params, new SplittableRandom(seed));
    }

    /** The set in cursor order: a fresh bitmap's first pass. */
    private static int[] firstPass(PenaltyBitmap lb, int evCount) {
        int[] evs = new int[evCount];
        for (int i = 0; i < evCount; i++) {
            evs[i] = lb.nextEntropy(i);
        }
        return evs;
    }

    /**
     * Calls nextEntropy until {@code target} comes back and returns how many times {@code witness}, the EV
     * just after it in cursor order, came back first: the number of passes in which {@code target} was
     * skipped.
     */
    private static int passesSkipped(PenaltyBitmap lb, int target, int witness) {
        int passes = 0;
        for (int call = 0; call < 10_000; call++) {
            int ev = lb.nextEntropy(1_000_000L + call);
            if (ev == target) {
                return passes;
            }
            if (ev == witness) {
                passes++;
            }
        }
        throw new AssertionError("EV " + target + " never came back");
    }

    @Test
    void nextEntropy_noPenalties_cyclesThroughConsecutiveEvsFromARandomBase() {
        PenaltyBitmap lb = bitmap(EIGHT, 5);
        int[] pass = firstPass(lb, 8);
        int base = new SplittableRandom(5).nextInt(65536);
        for (int i = 0; i < 8; i++) {
            assertEquals((base + i) & 0xFFFF, pass[i]);
        }
        for (int round = 0; round < 10; round++) {
            assertArrayEquals(pass, firstPass(lb, 8), "round " + round);
        }
    }

    @Test
    void nextEntropy_sameSeedAndFeedback_sameSequence() {
        assertArrayEquals(run(77), run(77));
        assertNotEquals(run(77)[0], run(78)[0]);
    }

    private static int[] run(long seed) {
        PenaltyBitmap lb = bitmap(PenaltyBitmap.Params.defaults(), seed);
        int[] evs = new int[5000];
        Feedback[] cycle = Feedback.values();
        for (int i = 0; i < evs.length; i++) {
            evs[i] = lb.nextEntropy(i);
            lb.onFeedback(evs[i], (evs[i] % 5 == 0) ? cycle[i % cycle.length] : Feedback.ACKED_CLEAN, i);
        }
        return evs;
    }

    @ParameterizedTest
    @CsvSource({"ACKED_CLEAN, 0", "ACKED_ECN, 1", "NACKED, 4", "TIMED_OUT, 15"})
    void nextEntropy_penalisedEv_isSkippedForItsPenaltyInPasses(Feedback feedback, int expectedPasses) {
        PenaltyBitmap lb = bitmap(EIGHT, 1);
        int[] set = firstPass(lb, 8);
        lb.onFeedback(set[2], feedback, 100);
        assertEquals(expectedPasses, lb.penaltyPasses(set[2]));
        assertEquals(expectedPasses, passesSkipped(lb, set[2], set[3]));
        assertEquals(0, lb.penaltyPasses(set[2]));
    }

    @Test
    void nextEntropy_penaltiesOfDifferentFeedback_expireInOrderEcnNackTimeout() {
        PenaltyBitmap lb = bitmap(EIGHT, 2);
        int[] set = firstPass(lb, 8);
        lb.onFeedback(set[1], Feedback.TIMED_OUT, 0);
        lb.onFeedback(set[4], Feedback.NACKED, 0);
        lb.onFeedback(set[6], Feedback.ACKED_ECN, 0);
        List<Integer> firstReturns = new ArrayList<>();
        for (int call = 0; call < 500 && firstReturns.size() < 3; call++) {
            int ev = lb.nextEntropy(call);
            if ((ev == set[1] || ev == set[4] || ev == set[6]) && !firstReturns.contains(ev)) {
                firstReturns.add(ev);
            }
        }
        assertEquals(List.of(set[6], set[4], set[1]), firstReturns);
    }

    @Test
    void nextEntropy_penaltyDoesNotDecayWithVirtualTime() {
        PenaltyBitmap lb = bitmap(EIGHT, 3);
        int[] set = firstPass(lb, 8);
        lb.onFeedback(set[0], Feedback.NACKED, 0);
        for (int call = 0; call < 7; call++) {
            assertNotEquals(set[0], lb.nextEntropy(Long.MAX_VALUE / 2 + call));
        }
        assertEquals(3, lb.penaltyPasses(set[0]));
    }

    static Stream<Arguments> accumulations() {
        return Stream.of(
                Arguments.of(new Feedback[] {Feedback.ACKED_ECN, Feedback.ACKED_ECN, Feedback.ACKED_ECN}, 3),
                Arguments.of(new Feedback[] {Feedback.ACKED_ECN, Feedback.NACKED}, 5),
                Arguments.of(new Feedback[] {Feedback.NACKED, Feedback.NACKED, Feedback.NACKED,
                                             Feedback.NACKED}, 15),
                Arguments.of(new Feedback[] {Feedback.TIMED_OUT, Feedback.ACKED_ECN}, 15));
    }

    @ParameterizedTest
    @MethodSource("accumulations")
    void onFeedback_penaltiesAddAndSaturateAtMax(Feedback[] feedbacks, int expectedPasses) {
        PenaltyBitmap lb = bitmap(EIGHT, 4);
        int[] set = firstPass(lb, 8);
        for (Feedback f : feedbacks) {
            lb.onFeedback(set[5], f, 0);
        }
        assertEquals(expectedPasses, lb.penaltyPasses(set[5]));
        assertEquals(expectedPasses, passesSkipped(lb, set[5], set[6]));
    }

    @Test
    void onFeedback_evOutsideTheSet_isIgnored() {
        PenaltyBitmap lb = bitmap(EIGHT, 6);
        int[] set = firstPass(lb, 8);
        int outside = (set[7] + 1) & 0xFFFF;
        lb.onFeedback(outside, Feedback.TIMED_OUT, 0);
        assertEquals(0, lb.penaltyPasses(outside));
        assertArrayEquals(set, firstPass(lb, 8));
    }

    @Test
    void nextEntropy_allPenalised_fallsBackToTheLeastPenalised() {
        PenaltyBitmap lb = bitmap(new PenaltyBitmap.Params(4, 1, 4, 15, 15), 8);
        int[] set = firstPass(lb, 4);
        lb.onFeedback(set[0], Feedback.TIMED_OUT, 0);
        lb.onFeedback(set[1], Feedback.NACKED, 0);
        lb.onFeedback(set[2], Feedback.NACKED, 0);
        lb.onFeedback(set[2], Feedback.ACKED_ECN, 0);
        lb.onFeedback(set[3], Feedback.ACKED_ECN, 0);
        // One scan takes every counter down by one (15, 4, 5, 1 -> 14, 3, 4, 0) and finds none clean.
        assertEquals(set[3], lb.nextEntropy(1));
        assertEquals(14, lb.penaltyPasses(set[0]));
        assertEquals(3, lb.penaltyPasses(set[1]));
        assertEquals(4, lb.penaltyPasses(set[2]));
        // The cursor continued after the fallback; set[3] is now clean.
        assertEquals(set[3], lb.nextEntropy(2));
    }

    @Test
    void nextEntropy_allEquallyPenalised_fallsBackRoundRobinUntilDecayed() {
        PenaltyBitmap lb = bitmap(new PenaltyBitmap.Params(4, 1, 4, 15, 15), 9);
        int[] set = firstPass(lb, 4);
        for (int ev : set) {
            lb.onFeedback(ev, Feedback.TIMED_OUT, 0);
        }
        for (int call = 0; call < 15; call++) {
            assertEquals(set[call % 4], lb.nextEntropy(call), "fallback call " + call);
        }
        for (int ev : set) {
            assertEquals(0, lb.penaltyPasses(ev));
        }
        assertEquals(set[15 % 4], lb.nextEntropy(15));
    }

    @Test
    void nextEntropy_defaults_useTwoHundredFiftySixDistinctEvs() {
        PenaltyBitmap lb = bitmap(PenaltyBitmap.Params.defaults(), 10);
        int[] pass = firstPass(lb, 256);
        long distinct = Arrays.stream(pass).distinct().count();
        assertEquals(256, distinct);
        assertEquals(pass[0], lb.nextEntropy(256));
    }

    @Test
    void onFeedback_evSetWrappingPast65535_findsItsSlot() {
        // A set of all 65,536 EVs wraps past 65535 to 0 (unless based at 0); feedback still finds the slot.
        PenaltyBitmap.Params all = new PenaltyBitmap.Params(65536, 1, 4, 15, 15);
        PenaltyBitmap lb = bitmap(all, 11);
        int first = lb.nextEntropy(0);
        int wrapped = (first + 65535) & 0xFFFF; // the last EV of the set
        lb.onFeedback(wrapped, Feedback.NACKED, 0);
        assertEquals(4, lb.penaltyPasses(wrapped));
    }

    @ParameterizedTest
    @CsvSource({
        "0, 1, 4, 15, 15",
        "65537, 1, 4, 15, 15",
        "8, 1, 4, 15, 0",
        "8, -1, 4, 15, 15",
        "8, 1, 16, 15, 15",
        "8, 1, 4, 16, 15"})
    void params_outOfRange_isRejected(int evCount, int ecn, int nack, int timeout, int max) {
        assertThrows(IllegalArgumentException.class, () -> new PenaltyBitmap.Params(evCount, ecn, nack, timeout, max));
    }

    @Test
    void params_defaults_areHtsimsBitmapConstants() {
        assertEquals(new PenaltyBitmap.Params(256, 1, 4, 15, 15), PenaltyBitmap.Params.defaults());
        assertEquals(0, PenaltyBitmap.Params.defaults().penaltyPasses(Feedback.ACKED_CLEAN));
    }
}

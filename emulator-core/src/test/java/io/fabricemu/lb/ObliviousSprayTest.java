package io.fabricemu.lb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ObliviousSprayTest {

    private static int[] sequence(long seed, int packets) {
        ObliviousSpray lb = new ObliviousSpray(new SplittableRandom(seed));
        int[] evs = new int[packets];
        for (int i = 0; i < packets; i++) {
            evs[i] = lb.nextEntropy(i);
            lb.onFeedback(evs[i], i % 3 == 0 ? Feedback.ACKED_ECN : Feedback.ACKED_CLEAN, i);
        }
        return evs;
    }

    @Test
    void nextEntropy_sameSeed_sameSequence() {
        assertArrayEquals(sequence(7, 2000), sequence(7, 2000));
    }

    @Test
    void nextEntropy_isOneDrawOfTheInjectedGeneratorPerPacket() {
        SplittableRandom twin = new SplittableRandom(99);
        ObliviousSpray lb = new ObliviousSpray(new SplittableRandom(99));
        for (int i = 0; i < 1000; i++) {
            assertEquals(twin.nextInt(65536), lb.nextEntropy(i));
        }
    }

    @Test
    void nextEntropy_manyPackets_coverManyEvs() {
        // 10,000 uniform draws from 65,536 values hit 65,536 x (1 - e^(-10000/65536)) = 9,275 distinct
        // values on average, standard deviation about 24; 9,000 is 11 deviations below.
        int[] evs = sequence(3, 10_000);
        BitSet seen = new BitSet(65536);
        for (int ev : evs) {
            assertTrue(ev >= 0 && ev <= 65535, "ev " + ev);
            seen.set(ev);
        }
        assertTrue(seen.cardinality() > 9_000, "distinct EVs " + seen.cardinality());
    }

    /** Chi-square of the EVs' low 8 bits (what small ECMP groups see) and high 8 bits against uniform. */
    @ParameterizedTest
    @ValueSource(ints = {0, 8})
    void nextEntropy_isUniformOverBytes_chiSquare(int shift) {
        int buckets = 256;
        int draws = 256_000;
        int[] counts = new int[buckets];
        for (int ev : sequence(11, draws)) {
            counts[(ev >>> shift) & 0xFF]++;
        }
        double expected = draws / (double) buckets;
        double chi2 = 0;
        for (int c : counts) {
            chi2 += (c - expected) * (c - expected) / expected;
        }
        // 255 degrees of freedom: P(chi2 > 330.5) = 0.001 under uniformity.
        assertTrue(chi2 < 330.5, "chi-square " + chi2);
    }
}

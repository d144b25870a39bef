package io.fabricemu.ecn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EcnRampTest {
    /** DCQCN's recommended marking (Zhu et al., SIGCOMM 2015): Kmin 5 KB, Kmax 200 KB, Pmax 1%. */
    private static final EcnRamp DCQCN = new EcnRamp(5_000, 200_000, 10_000);

    /** A generator that fails the test if anything draws from it. */
    private static final RandomGenerator NO_DRAWS = () -> {
        throw new AssertionError("drew randomness");
    };

    /** Counts the draws made through it. */
    private static final class CountingRandom implements RandomGenerator {
        private final SplittableRandom delegate;
        private int draws;

        CountingRandom(long seed) {
            delegate = new SplittableRandom(seed);
        }

        @Override
        public long nextLong() {
            draws++;
            return delegate.nextLong();
        }

        @Override
        public int nextInt(int bound) {
            draws++;
            return delegate.nextInt(bound);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0",
        "5000, 0",          // at Kmin
        "5001, 0",          // 10,000 x 1 / 195,000 truncates to 0
        "5100, 5",          // 10,000 x 100 / 195,000 = 5.13, truncated
        "102500, 5000",     // the midpoint: exactly Pmax / 2
        "199999, 9999",     // 9,999.95 truncated: never above the line
        "200000, 10000",    // at Kmax: exactly Pmax
        "200001, 1000000",  // above Kmax: mark everything
        "9223372036854775807, 1000000"})
    void markProbabilityPpm_dcqcnRamp_isExact(long queueBytes, long expectedPpm) {
        assertEquals(expectedPpm, DCQCN.markProbabilityPpm(queueBytes));
    }

    @Test
    void markProbabilityPpm_equalThresholds_isAStep() {
        EcnRamp step = new EcnRamp(64_000, 64_000, 500_000);
        assertEquals(0, step.markProbabilityPpm(64_000));
        assertEquals(1_000_000, step.markProbabilityPpm(64_001));
        EcnRamp zero = new EcnRamp(0, 0, 0);
        assertEquals(0, zero.markProbabilityPpm(0));
        assertEquals(1_000_000, zero.markProbabilityPpm(1));
    }

    @Test
    void markProbabilityPpm_spanBeyondSixtyFourBitProduct_isExact() {
        EcnRamp wide = new EcnRamp(0, Long.MAX_VALUE, 1_000_000);
        // 1e6 x (2^62 - 1) / (2^63 - 1) = 499,999.99999..., truncated.
        assertEquals(499_999, wide.markProbabilityPpm(Long.MAX_VALUE / 2));
        assertEquals(1_000_000, wide.markProbabilityPpm(Long.MAX_VALUE));
        assertEquals(0, wide.markProbabilityPpm(1));
    }

    @Test
    void off_neverMarksAndNeverDraws() {
        EcnRamp off = EcnRamp.off();
        for (long q : new long[] {0, 1, 1L << 40, Long.MAX_VALUE}) {
            assertEquals(0, off.markProbabilityPpm(q));
            assertFalse(off.shouldMark(q, NO_DRAWS));
        }
    }

    @Test
    void shouldMark_probabilityZeroOrOne_consumesNoRandomness() {
        assertFalse(DCQCN.shouldMark(0, NO_DRAWS));
        assertFalse(DCQCN.shouldMark(5_000, NO_DRAWS));
        assertFalse(DCQCN.shouldMark(5_001, NO_DRAWS)); // in the ramp but truncated to 0 ppm
        assertTrue(DCQCN.shouldMark(200_001, NO_DRAWS));
        assertTrue(DCQCN.shouldMark(Long.MAX_VALUE, NO_DRAWS));
        EcnRamp certainAtKmax = new EcnRamp(1_000, 2_000, 1_000_000);
        assertTrue(certainAtKmax.shouldMark(2_000, NO_DRAWS));
        EcnRamp neverInRamp = new EcnRamp(1_000, 2_000, 0);
        assertFalse(neverInRamp.shouldMark(1_500, NO_DRAWS));
        assertFalse(neverInRamp.shouldMark(2_000, NO_DRAWS));
        assertTrue(neverInRamp.shouldMark(2_001, NO_DRAWS));
    }

    @Test
    void shouldMark_insideTheRamp_drawsExactlyOnce() {
        CountingRandom random = new CountingRandom(1);
        for (int i = 1; i <= 1000; i++) {
            DCQCN.shouldMark(150_000, random);
            assertEquals(i, random.draws);
        }
    }

    @Test
    void shouldMark_sameSeed_sameMarks() {
        SplittableRandom a = new SplittableRandom(31);
        SplittableRandom b = new SplittableRandom(31);
        EcnRamp ramp = new EcnRamp(0, 1_000, 600_000);
        for (int i = 0; i < 10_000; i++) {
            long q = i % 1_200;
            assertEquals(ramp.shouldMark(q, a), ramp.shouldMark(q, b), "packet " + i);
        }
    }

    /**
     * Marks at a held queue length follow Binomial(n, p): the count stays within 4.89 standard deviations of
     * n x p, a two-sided bound that a correct ramp breaks with probability 1e-6.
     */
    @ParameterizedTest
    @CsvSource({
        "10000, 110000, 800000, 60000, 400000",
        "10000, 110000, 800000, 110000, 800000",
        "10000, 110000, 800000, 12500, 20000",
        "5000, 200000, 10000, 200000, 10000"})
    void shouldMark_heldQueue_markFrequencyMatchesProbability(long kmin, long kmax, int pmaxPpm, long queueBytes,
                                                              long expectedPpm) {
        EcnRamp ramp = new EcnRamp(kmin, kmax, pmaxPpm);
        assertEquals(expectedPpm, ramp.markProbabilityPpm(queueBytes));
        int n = 100_000;
        SplittableRandom random = new SplittableRandom(queueBytes * 31 + pmaxPpm);
        int marks = 0;
        for (int i = 0; i < n; i++) {
            if (ramp.shouldMark(queueBytes, random)) {
                marks++;
            }
        }
        double p = expectedPpm / 1e6;
        double mean = n * p;
        double bound = 4.89 * Math.sqrt(n * p * (1 - p));
        assertTrue(Math.abs(marks - mean) <= bound,
                "marks " + marks + " expected " + mean + " +- " + bound);
    }

    @ParameterizedTest
    @CsvSource({
        "-1, 10, 0",
        "10, 9, 0",
        "0, 10, -1",
        "0, 10, 1000001"})
    void constructor_outOfRange_isRejected(long kmin, long kmax, int pmaxPpm) {
        assertThrows(IllegalArgumentException.class, () -> new EcnRamp(kmin, kmax, pmaxPpm));
    }

    @Test
    void markProbabilityPpm_negativeQueue_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> DCQCN.markProbabilityPpm(-1));
    }
}

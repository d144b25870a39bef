package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CdfTest {
    @Test
    void fewSamples_aStepAtEach() {
        Series s = Cdf.of("f", "#000000", 1, new long[] {30, 10, 20, 20});
        assertArrayEquals(new double[] {10, 10, 20, 20, 20, 20, 30, 30}, s.x());
        assertArrayEquals(new double[] {0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1}, s.y());
    }

    @Test
    void manySamples_climbInMaxStepsExactAtEach() {
        int n = 10_000;
        long[] samples = new long[n];
        for (int i = 0; i < n; i++) {
            samples[i] = n - 1 - i;
        }
        Series s = Cdf.of("f", "#000000", 1, samples);
        assertEquals(2 * Cdf.MAX_STEPS + 1, s.x().length, "a start and two points a step");
        assertEquals(0, s.x()[0]);
        assertEquals(0, s.y()[0]);
        // step j rises at sample 5j + 4 (0-based) to the fraction (j + 1) / 2000, exactly where the full CDF is
        for (int j = 0; j < Cdf.MAX_STEPS; j++) {
            assertEquals(5.0 * j + 4, s.x()[1 + 2 * j]);
            assertEquals(5.0 * j / n, s.y()[1 + 2 * j], 1e-15);
            assertEquals(5.0 * j + 4, s.x()[2 + 2 * j]);
            assertEquals((5.0 * j + 5) / n, s.y()[2 + 2 * j], 1e-15);
        }
        assertEquals(n - 1, s.x()[s.x().length - 1]);
        assertEquals(1, s.y()[s.y().length - 1]);
    }
}

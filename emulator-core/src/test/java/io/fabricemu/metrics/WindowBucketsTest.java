package io.fabricemu.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window and credit histograms' buckets are fine enough that Prometheus's {@code histogram_quantile}, which
 * interpolates within the bucket a quantile falls in, reads a median near the value: windows that were all
 * 262,144 B used to read 196,608 B (buckets 131,072 and 262,144 apart).
 */
class WindowBucketsTest {
    @Test
    void eightBucketsPerDoubling_putTheMedianOfOneValueWithinFivePercent() {
        List<Long> b = LiveMetrics.eighthOctaves(4_096, 16_777_216);
        assertEquals(97, b.size());
        assertEquals(4_096L, b.get(0));
        assertEquals(4_467L, b.get(1));
        assertEquals(16_777_216L, b.get(b.size() - 1));
        for (long value : new long[] {262_144, 12_500, 1_000_000, 4_150}) {
            int upper = 0;
            while (b.get(upper) < value) {
                upper++;
            }
            long lower = upper == 0 ? 0 : b.get(upper - 1);
            double median = lower + (b.get(upper) - lower) * 0.5; // histogram_quantile(0.5) of a point mass
            assertTrue(Math.abs(median - value) <= value * 0.05, value + " reads " + median);
        }
    }
}

package io.fabricemu.report;

import java.util.Arrays;

/**
 * An empirical cumulative distribution as a staircase: for samples sorted {@code s[0] <= ... <= s[n-1]}, the
 * fraction of samples at or below {@code v} rises by {@code 1/n} at each sample. The line starts at
 * {@code (s[0], 0)} and ends at {@code (s[n-1], 1)}. Past {@value #MAX_STEPS} samples (a collective of millions
 * of flows) it climbs in {@value #MAX_STEPS} steps instead, each at the sample where the fraction reaches the next
 * multiple of {@code 1/MAX_STEPS}, exactly; between two steps the line is at most {@code 1/MAX_STEPS} below the
 * full staircase, and a page stays kilobytes where every sample would make it tens of megabytes.
 */
public final class Cdf {
    static final int MAX_STEPS = 2000;

    private Cdf() {
    }

    /** The staircase of {@code samples} (raw units, any order) as a series; no point when there is no sample. */
    public static Series of(String name, String colour, double widthPx, long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        int steps = Math.min(n, MAX_STEPS);
        double[] x = new double[2 * steps + (steps < n ? 1 : 0)];
        double[] y = new double[x.length];
        int at = 0;
        if (steps < n) {
            x[at] = sorted[0];
            y[at++] = 0;
        }
        int below = 0;
        for (int j = 0; j < steps; j++) {
            // the last sample of the first ceil((j + 1) x n / steps): all of them when steps == n
            int last = (int) (((long) (j + 1) * n + steps - 1) / steps) - 1;
            x[at] = sorted[last];
            y[at++] = (double) below / n;
            x[at] = sorted[last];
            y[at++] = (double) (last + 1) / n;
            below = last + 1;
        }
        return new Series(name, colour, widthPx, x, y);
    }
}

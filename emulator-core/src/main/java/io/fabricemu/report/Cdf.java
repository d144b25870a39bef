package io.fabricemu.report;

import java.util.Arrays;

/**
 * An empirical cumulative distribution as a staircase: for samples sorted {@code s[0] <= ... <= s[n-1]}, the
 * fraction of samples at or below {@code v} rises by {@code 1/n} at each sample. The line starts at
 * {@code (s[0], 0)} and ends at {@code (s[n-1], 1)}.
 */
public final class Cdf {
    private Cdf() {
    }

    /** The staircase of {@code samples} (raw units, any order) as a series; no point when there is no sample. */
    public static Series of(String name, String colour, double widthPx, long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double[] x = new double[2 * n];
        double[] y = new double[2 * n];
        for (int i = 0; i < n; i++) {
            x[2 * i] = sorted[i];
            y[2 * i] = (double) i / n;
            x[2 * i + 1] = sorted[i];
            y[2 * i + 1] = (double) (i + 1) / n;
        }
        return new Series(name, colour, widthPx, x, y);
    }
}

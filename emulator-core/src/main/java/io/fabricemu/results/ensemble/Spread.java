package io.fabricemu.results.ensemble;

/**
 * One figure over the runs of an ensemble: how many, their mean, the sample standard deviation and the 95%
 * confidence interval of the mean, {@code mean +/- t(0.975, n-1) x sd / sqrt(n)} (Student's t: the runs are
 * independent draws, one per seed, of a figure whose spread is unknown). With one run there is no interval.
 *
 * @param n          runs
 * @param mean       their mean
 * @param sd         the sample standard deviation (n - 1 in the denominator), 0 for one run
 * @param halfWidth  half the interval's width, 0 for one run
 */
public record Spread(int n, double mean, double sd, double halfWidth) {

    /** The spread of {@code values}, one per run. */
    public static Spread of(long[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        double sum = 0;
        for (long v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n == 1) {
            return new Spread(1, mean, 0, 0);
        }
        double squares = 0;
        for (long v : values) {
            squares += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        return new Spread(n, mean, sd, StudentT.quantile975(n - 1) * sd / Math.sqrt(n));
    }

    /** The interval's low end. */
    public double low() {
        return mean - halfWidth;
    }

    /** The interval's high end. */
    public double high() {
        return mean + halfWidth;
    }
}

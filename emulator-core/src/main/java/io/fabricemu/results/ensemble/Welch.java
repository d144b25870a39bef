package io.fabricemu.results.ensemble;

/**
 * Welch's unequal-variances t-test of two ensembles' means (B. L. Welch, "The generalization of 'Student's' problem
 * when several different population variances are involved", Biometrika 34, 1947), two-sided: {@code t} the
 * difference of the means over its standard error, {@code df} the Welch-Satterthwaite degrees of freedom, {@code p}
 * the chance of a difference at least this large if the means were equal. Significant at 5% when {@code p < 0.05}.
 *
 * @param t  the statistic (B's mean minus A's, over the standard error)
 * @param df degrees of freedom
 * @param p  the two-sided p-value
 */
public record Welch(double t, double df, double p) {
    /** The level below which a difference is called significant: 5%, the complement of the 95% intervals. */
    public static final double LEVEL = 0.05;

    /** The test of {@code a} against {@code b}: at least two values each. */
    public static Welch test(Spread a, Spread b) {
        if (a.n() < 2 || b.n() < 2) {
            throw new IllegalArgumentException("Welch's test needs at least two runs a side, had " + a.n() + " and "
                    + b.n());
        }
        double va = a.sd() * a.sd() / a.n();
        double vb = b.sd() * b.sd() / b.n();
        double difference = b.mean() - a.mean();
        if (va + vb == 0) {
            // no spread on either side: the runs agree exactly, so any difference is certain and none is nothing
            return difference == 0 ? new Welch(0, a.n() + b.n() - 2, 1) : new Welch(
                    Math.copySign(Double.POSITIVE_INFINITY, difference), a.n() + b.n() - 2, 0);
        }
        double t = difference / Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        return new Welch(t, df, StudentT.twoSidedP(t, df));
    }

    /** Whether the difference is significant at {@link #LEVEL}. */
    public boolean significant() {
        return p < LEVEL;
    }
}

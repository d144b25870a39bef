package io.fabricemu.results.ensemble;

/**
 * Student's t distribution, as far as a 95% confidence interval and a two-sided test need it. The quantile is
 * tabulated to six figures for 1 to 30 degrees of freedom and above that follows the Cornish-Fisher expansion about
 * the normal quantile (Abramowitz and Stegun 26.7.5), within 1e-4 of the exact value; the tail probability is the
 * regularized incomplete beta function, {@code P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2)} (A&amp;S 26.7.1, 26.5.27),
 * evaluated by its continued fraction with the modified Lentz method.
 */
final class StudentT {
    /** t(0.975, df) for df = 1..30. */
    private static final double[] Q975 = {
        12.7062, 4.30265, 3.18245, 2.77645, 2.57058, 2.44691, 2.36462, 2.30600, 2.26216, 2.22814,
        2.20099, 2.17881, 2.16037, 2.14479, 2.13145, 2.11991, 2.10982, 2.10092, 2.09302, 2.08596,
        2.07961, 2.07387, 2.06866, 2.06390, 2.05954, 2.05553, 2.05183, 2.04841, 2.04523, 2.04227};
    /** The standard normal's 0.975 quantile. */
    private static final double Z975 = 1.959963985;
    private static final double[] LANCZOS = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
        771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};
    private static final int MAX_ITERATIONS = 300;
    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;

    private StudentT() {
    }

    /** The 0.975 quantile: a 95% two-sided interval is the mean plus or minus this many standard errors. */
    static double quantile975(double df) {
        if (!(df >= 1)) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1, was " + df);
        }
        int whole = (int) Math.floor(df);
        if (whole == df && whole <= Q975.length) {
            return Q975[whole - 1];
        }
        if (df < Q975.length) {
            // Welch's degrees of freedom are fractional: between two tabulated ones, linear in 1/df
            double low = Q975[whole - 1];
            double high = Q975[whole];
            double share = (1.0 / whole - 1.0 / df) / (1.0 / whole - 1.0 / (whole + 1));
            return low + (high - low) * share;
        }
        double z = Z975;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df * df * df);
    }

    /** {@code P(|T| >= |t|)} with {@code df} degrees of freedom (df may be fractional, as Welch's is). */
    static double twoSidedP(double t, double df) {
        if (!(df > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be > 0, was " + df);
        }
        if (Double.isInfinite(t)) {
            return 0;
        }
        return regularizedBeta(df / (df + t * t), df / 2, 0.5);
    }

    /** {@code I_x(a, b)}. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x)
                + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * continuedFraction(x, a, b) / a;
        }
        return 1 - front * continuedFraction(1 - x, b, a) / b;
    }

    /** The continued fraction of {@code I_x(a, b)} (A&amp;S 26.5.8), by the modified Lentz method. */
    private static double continuedFraction(double x, double a, double b) {
        double c = 1;
        double d = nonZero(1 - (a + b) * x / (a + 1));
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= MAX_ITERATIONS; m++) {
            int m2 = 2 * m;
            double even = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
            d = 1 / nonZero(1 + even * d);
            c = nonZero(1 + even / c);
            h *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
            d = 1 / nonZero(1 + odd * d);
            c = nonZero(1 + odd / c);
            double step = d * c;
            h *= step;
            if (Math.abs(step - 1) < EPSILON) {
                return h;
            }
        }
        return h;
    }

    private static double nonZero(double v) {
        return Math.abs(v) < TINY ? TINY : v;
    }

    /** {@code ln Gamma(x)} for x &gt; 0, by Lanczos' approximation (g = 7, nine terms), good to 1e-15. */
    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double y = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (y + i);
        }
        double t = y + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}

package io.fabricemu.uet.cc;

import java.math.BigInteger;

/** Integer arithmetic whose intermediate product may not fit a {@code long}; results must. */
final class Wide {
    private Wide() {
    }

    /**
     * {@code floor(a * b / c)} for non-negative {@code a}, {@code b} and positive {@code c}, exact even when
     * {@code a * b} exceeds a long.
     *
     * @throws ArithmeticException if the quotient does not fit a long
     */
    static long mulDiv(long a, long b, long c) {
        if (a < 0 || b < 0 || c <= 0) {
            throw new IllegalArgumentException("mulDiv(" + a + ", " + b + ", " + c + ")");
        }
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi == 0 && lo >= 0) {
            return lo / c;
        }
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).divide(BigInteger.valueOf(c)).longValueExact();
    }

    /** {@code ceil(a * b / c)} under the same conditions as {@link #mulDiv}. */
    static long mulDivCeil(long a, long b, long c) {
        long floor = mulDiv(a, b, c);
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        boolean exact = hi == 0 && lo >= 0
                ? lo % c == 0
                : BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(BigInteger.valueOf(c)).signum() == 0;
        return exact ? floor : Math.addExact(floor, 1);
    }
}

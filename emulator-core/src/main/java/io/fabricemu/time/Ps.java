package io.fabricemu.time;

/**
 * Virtual time is a {@code long} of picoseconds. These are the conversions the models need, all exact in
 * integer arithmetic; doubles appear only at the edges (display).
 */
public final class Ps {
    public static final long PER_NS = 1_000L;
    public static final long PER_US = 1_000_000L;
    public static final long PER_MS = 1_000_000_000L;
    public static final long PER_S = 1_000_000_000_000L;
    /** A time later than any event: "nothing pending". */
    public static final long NEVER = Long.MAX_VALUE;

    private Ps() {
    }

    /**
     * Time to serialize {@code sizeBytes} onto a link of {@code rateBps}, in picoseconds, rounded up to the
     * next whole picosecond (a bit is not on the wire until all of it is). 4,150 B at 100 Gb/s is exactly
     * 332,000 ps.
     */
    public static long serializationPs(long sizeBytes, long rateBps) {
        if (sizeBytes < 0 || rateBps <= 0) {
            throw new IllegalArgumentException("sizeBytes " + sizeBytes + ", rateBps " + rateBps);
        }
        return mulDivCeil(sizeBytes * 8, PER_S, rateBps);
    }

    /** Bytes a link of {@code rateBps} carries in {@code durationPs}, rounded down. */
    public static long bytesIn(long durationPs, long rateBps) {
        return mulDivFloor(durationPs, rateBps, PER_S * 8);
    }

    /**
     * {@code a + b} for non-negative times, or {@link #NEVER} when the sum is past a long: for times derived from
     * others (a pause from a round trip and a rank) that may exceed any run, where "never" is the right answer.
     */
    public static long plusSaturated(long a, long b) {
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("times must be >= 0, were " + a + " and " + b);
        }
        long sum = a + b;
        return sum < 0 ? NEVER : sum;
    }

    /** {@code a x b} for a non-negative time and factor, or {@link #NEVER} when the product is past a long. */
    public static long timesSaturated(long a, long b) {
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("time and factor must be >= 0, were " + a + " and " + b);
        }
        return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? NEVER : a * b;
    }

    /** {@code ceil(a * b / c)} for non-negative a, b and positive c, without overflow of the product. */
    static long mulDivCeil(long a, long b, long c) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi == 0 && lo >= 0) {
            return lo / c + (lo % c == 0 ? 0 : 1);
        }
        java.math.BigInteger[] qr = java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b))
                .divideAndRemainder(java.math.BigInteger.valueOf(c));
        return qr[0].longValueExact() + (qr[1].signum() == 0 ? 0 : 1);
    }

    /** {@code floor(a * b / c)} for non-negative a, b and positive c, without overflow of the product. */
    static long mulDivFloor(long a, long b, long c) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi == 0 && lo >= 0) {
            return lo / c;
        }
        return java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b))
                .divide(java.math.BigInteger.valueOf(c)).longValueExact();
    }

    /** A time for people: "1.234 us", "12 ns", "3.5 ms". Never used for computation. */
    public static String format(long ps) {
        if (ps == NEVER) {
            return "never";
        }
        long abs = Math.abs(ps);
        if (abs >= PER_S) {
            return String.format(java.util.Locale.ROOT, "%.3f s", ps / (double) PER_S);
        }
        if (abs >= PER_MS) {
            return String.format(java.util.Locale.ROOT, "%.3f ms", ps / (double) PER_MS);
        }
        if (abs >= PER_US) {
            return String.format(java.util.Locale.ROOT, "%.3f us", ps / (double) PER_US);
        }
        if (abs >= PER_NS) {
            return String.format(java.util.Locale.ROOT, "%.3f ns", ps / (double) PER_NS);
        }
        return ps + " ps";
    }
}

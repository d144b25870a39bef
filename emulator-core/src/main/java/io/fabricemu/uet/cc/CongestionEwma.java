package io.fabricemu.uet.cc;

/**
 * A connection-level congestion measure accumulated per packet as an exponentially weighted moving average,
 * which gates congestion control under packet spraying: U.S. Patent 12,388,756 (paragraphs
 * (98)-(108), "Scalable Coordination of Congestion Control and Adaptive Load Balancing").
 *
 * <p>When a connection sprays its packets over many paths, a mark on one of them says little about the
 * connection as a whole: cutting the window for it over-attenuates the sender and stops the load balancer
 * from moving traffic off the hot path (99). Tracking each path costs state, so the patent keeps one
 * measure per connection, updated at the packet level, and lets congestion control act "only when that
 * measure has exceeded a sufficiently high threshold", with exponentially weighted averaging as the
 * accumulator (100), (106)-(108).
 *
 * <p>Each feedback of a packet adds a sample of 1 (ECN-marked, or lost: trimmed and NACKed) or 0 (clean):
 * {@code m += (sample - m) x gain}. m is held in 1/65,536 ({@link #ONE}); the step is rounded towards
 * minus infinity, so m decays all the way to 0 after clean ACKs and stays just under 1 after marked ones.
 * The gate is open while {@code m >= threshold}.
 *
 * <p>Plain, single-threaded, integer-only.
 */
public final class CongestionEwma {
    /** The measure when every packet was congested. */
    public static final long ONE = 1L << 16;

    /**
     * @param gainPer1024      weight of each new sample, in 1/1024ths, in [1, 1,024]
     * @param thresholdPer1024 the gate opens at this measure, in 1/1024ths, in [1, 1,024]
     */
    public record Params(int gainPer1024, int thresholdPer1024) {
        /** Gain 1/16 (a memory of about 16 packets) and threshold 1/4. */
        public static final Params DEFAULTS = new Params(64, 256);

        public Params {
            per1024("gainPer1024", gainPer1024);
            per1024("thresholdPer1024", thresholdPer1024);
        }

        private static void per1024(String field, int value) {
            if (value < 1 || value > NsccParams.PER_1024) {
                throw new IllegalArgumentException(field + " must lie in [1, " + NsccParams.PER_1024 + "], was "
                        + value);
            }
        }
    }

    private final Params params;
    private final long thresholdFixed;
    private long measureFixed;

    /** A measure of 0: the gate starts closed. */
    public CongestionEwma(Params params) {
        this.params = params;
        this.thresholdFixed = ONE * params.thresholdPer1024() / NsccParams.PER_1024;
    }

    /** One packet's feedback: {@code congested} for an ECN mark or a loss. */
    public void onSample(boolean congested) {
        long sample = congested ? ONE : 0;
        measureFixed += Math.floorDiv((sample - measureFixed) * params.gainPer1024(), NsccParams.PER_1024);
    }

    /** Whether congestion control may decrease: the measure has reached the threshold. */
    public boolean open() {
        return measureFixed >= thresholdFixed;
    }

    /** The measure in 1/65,536ths ({@link #ONE} = every packet congested). */
    public long measureFixed() {
        return measureFixed;
    }
}

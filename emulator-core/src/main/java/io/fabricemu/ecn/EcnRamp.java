package io.fabricemu.ecn;

import java.math.BigInteger;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The linear RED-style ECN marking ramp used by DCQCN and by the UET fabric, evaluated on the egress queue
 * when a packet is dequeued.
 *
 * <pre>
 *   p(q) = 0                                         q &lt;= Kmin
 *   p(q) = floor(Pmax x (q - Kmin) / (Kmax - Kmin))   Kmin &lt; q &lt;= Kmax
 *   p(q) = 1,000,000 (mark every packet)               q &gt; Kmax
 * </pre>
 *
 * in parts per million, {@code q} the queue length in bytes. Sources: Floyd and Jacobson, "Random Early
 * Detection Gateways for Congestion Avoidance" (1993), the linear ramp between two thresholds; Zhu et
 * al., "Congestion Control for Large-Scale RDMA Deployments" (SIGCOMM 2015, DCQCN), which marks at egress
 * with Kmin, Kmax, Pmax and marks everything above Kmax; U.S. Patent 12,388,756 (paragraph
 * (13)), which uses the same weighted-random profile for ECN marks (WRED).
 *
 * <p>Rounding: the integer division truncates, so the ramp never exceeds the exact linear value, equals
 * exactly Pmax at Kmax, and is exact whenever {@code Pmax x (q - Kmin)} is a multiple of the span. No
 * floating point is used; the product is formed in 64 bits when it fits and exactly otherwise.
 *
 * <p>Randomness: {@link #shouldMark} draws one {@code nextInt(1_000_000)} only when the probability is
 * strictly between 0 and 1,000,000. An empty or short queue, or one above Kmax, consumes nothing, so a
 * scenario whose queues never enter the ramp is deterministic regardless of the generator and adding a
 * marking queue elsewhere does not shift its random stream.
 *
 * @param kminBytes queue length at or below which nothing is marked, {@code >= 0}
 * @param kmaxBytes queue length above which everything is marked, {@code >= kminBytes}
 * @param pmaxPpm   marking probability at Kmax, in parts per million, in {@code [0, 1_000_000]}
 */
public record EcnRamp(long kminBytes, long kmaxBytes, int pmaxPpm) {

    /** One million parts per million: certainty. */
    public static final int PPM_ONE = 1_000_000;

    public EcnRamp {
        if (kminBytes < 0) {
            throw new IllegalArgumentException("kminBytes must be >= 0, was " + kminBytes);
        }
        if (kmaxBytes < kminBytes) {
            throw new IllegalArgumentException(
                    "kmaxBytes must be >= kminBytes=" + kminBytes + ", was " + kmaxBytes);
        }
        if (pmaxPpm < 0 || pmaxPpm > PPM_ONE) {
            throw new IllegalArgumentException("pmaxPpm must be in [0, " + PPM_ONE + "], was " + pmaxPpm);
        }
    }

    /** A ramp that never marks: both thresholds at {@link Long#MAX_VALUE}, which no queue exceeds. */
    public static EcnRamp off() {
        return new EcnRamp(Long.MAX_VALUE, Long.MAX_VALUE, 0);
    }

    /**
     * The probability, in parts per million, that a packet dequeued while the queue holds
     * {@code queueBytes} is marked CE: 0 at or below Kmin, rising linearly (truncated) to Pmax at Kmax,
     * 1,000,000 above Kmax.
     *
     * @throws IllegalArgumentException if {@code queueBytes} is negative
     */
    public long markProbabilityPpm(long queueBytes) {
        if (queueBytes < 0) {
            throw new IllegalArgumentException("queueBytes must be >= 0, was " + queueBytes);
        }
        if (queueBytes <= kminBytes) {
            return 0;
        }
        if (queueBytes > kmaxBytes) {
            return PPM_ONE;
        }
        // Here kmin < queueBytes <= kmax, so the span is positive and aboveKmin <= span.
        long aboveKminBytes = queueBytes - kminBytes;
        long spanBytes = kmaxBytes - kminBytes;
        if (pmaxPpm == 0 || aboveKminBytes <= Long.MAX_VALUE / pmaxPpm) {
            return pmaxPpm * aboveKminBytes / spanBytes;
        }
        // A span beyond about 9 TB: form the product exactly rather than overflow.
        return BigInteger.valueOf(pmaxPpm).multiply(BigInteger.valueOf(aboveKminBytes))
                .divide(BigInteger.valueOf(spanBytes)).longValueExact();
    }

    /**
     * Whether to mark a packet dequeued while the queue holds {@code queueBytes}: {@code false} without a
     * draw when the probability is 0, {@code true} without a draw when it is 1,000,000, otherwise one
     * {@code random.nextInt(1_000_000)} compared against it.
     */
    public boolean shouldMark(long queueBytes, RandomGenerator random) {
        Objects.requireNonNull(random, "random");
        long ppm = markProbabilityPpm(queueBytes);
        if (ppm == 0) {
            return false;
        }
        if (ppm == PPM_ONE) {
            return true;
        }
        return random.nextInt(PPM_ONE) < ppm;
    }
}

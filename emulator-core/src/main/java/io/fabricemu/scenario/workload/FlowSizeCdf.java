package io.fabricemu.scenario.workload;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A flow-size distribution given as points of its cumulative distribution function, {@code (size, P[X <= size])},
 * read between the points by straight lines, as the traffic generator of HPCC (Li et al., SIGCOMM 2019, its
 * public repository's {@code traffic_gen}) reads the WebSearch and Hadoop CDFs: a probability {@code u} drawn
 * uniformly falls between two points {@code (s0, p0)} and {@code (s1, p1)} with {@code p0 <= u < p1}, and the size
 * is {@code s0 + (u - p0) / (p1 - p0) * (s1 - s0)}, rounded to a whole byte and at least 1 byte. A first point with
 * a probability above 0 is a step: {@code u < p0} gives the first size itself.
 *
 * <p>The mean of that distribution is {@code p0 * s0 + sum over segments of (p1 - p0) * (s0 + s1) / 2}; for the
 * WebSearch CDF it is 1,711,250 B, for the Hadoop CDF 120,420.75 B. A rounding to whole bytes and the
 * 1-byte floor move it by less than a byte.
 */
public final class FlowSizeCdf {
    private final String name;
    private final long[] sizeBytes;
    private final double[] probability;
    private final double meanBytes;

    /**
     * The CDF named {@code name} (for messages and results) through the given points: sizes from 0 bytes, strictly
     * increasing; probabilities in 0..1, never decreasing, the last one exactly 1.
     *
     * @throws IllegalArgumentException if the points are not such a CDF
     */
    public FlowSizeCdf(String name, long[] sizeBytes, double[] probability) {
        if (sizeBytes.length == 0 || sizeBytes.length != probability.length) {
            throw new IllegalArgumentException("a CDF needs at least one point and one probability per size, had "
                    + sizeBytes.length + " sizes and " + probability.length + " probabilities");
        }
        for (int i = 0; i < sizeBytes.length; i++) {
            if (sizeBytes[i] < 0 || (i > 0 && sizeBytes[i] <= sizeBytes[i - 1])) {
                throw new IllegalArgumentException("sizes must be >= 0 and increasing, point " + i + " is "
                        + sizeBytes[i]);
            }
            if (!(probability[i] >= 0 && probability[i] <= 1) || (i > 0 && probability[i] < probability[i - 1])) {
                throw new IllegalArgumentException("probabilities must be in 0..1 and not decrease, point " + i
                        + " is " + probability[i]);
            }
        }
        if (probability[probability.length - 1] != 1.0) {
            throw new IllegalArgumentException("the last probability must be 1, was "
                    + probability[probability.length - 1]);
        }
        if (sizeBytes[sizeBytes.length - 1] < 1) {
            throw new IllegalArgumentException("the largest size must be at least 1 byte");
        }
        this.name = name;
        this.sizeBytes = sizeBytes.clone();
        this.probability = probability.clone();
        double mean = this.probability[0] * this.sizeBytes[0];
        for (int i = 1; i < this.sizeBytes.length; i++) {
            mean += (this.probability[i] - this.probability[i - 1]) * (this.sizeBytes[i - 1] + this.sizeBytes[i])
                    / 2.0;
        }
        this.meanBytes = mean;
    }

    /** The name the scenario gave it: a built-in name such as {@code websearch}, or the file it was read from. */
    public String name() {
        return name;
    }

    /** The mean flow size of the distribution, in bytes (before rounding to whole bytes). */
    public double meanBytes() {
        return meanBytes;
    }

    /** The largest size the distribution gives, in bytes. */
    public long maxBytes() {
        return sizeBytes[sizeBytes.length - 1];
    }

    /** One size drawn with {@code random}: one {@code nextDouble()}, read through the CDF; at least 1 byte. */
    public long sample(SplittableRandom random) {
        return sizeAt(random.nextDouble());
    }

    /** The size at probability {@code u} in {@code [0, 1)}, as the class comment reads the CDF. */
    long sizeAt(double u) {
        int i = 0;
        while (i < probability.length - 1 && u >= probability[i]) {
            i++;
        }
        if (i == 0) {
            return Math.max(1, sizeBytes[i]);
        }
        double p0 = probability[i - 1];
        double p1 = probability[i];
        long s0 = sizeBytes[i - 1];
        double size = s0 + (u - p0) / (p1 - p0) * (sizeBytes[i] - s0);
        return Math.max(1, Math.round(size));
    }

    /** Equal to another CDF of the same name and points. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FlowSizeCdf other && name.equals(other.name) && Arrays.equals(sizeBytes, other.sizeBytes)
                && Arrays.equals(probability, other.probability);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(sizeBytes);
    }

    @Override
    public String toString() {
        return name + " " + Arrays.toString(sizeBytes);
    }
}

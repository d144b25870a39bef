package io.fabricemu.net;

import io.fabricemu.stats.LinkLoss;
import java.util.SplittableRandom;

/**
 * A link direction's own random loss: each packet it carries is lost with one fixed probability, drawn from the
 * direction's seeded generator one packet at a time, in the order the packets reach the link, as ns-3's
 * {@code RateErrorModel} in packet units drops a packet when a uniform draw falls below its rate
 * ({@code RateErrorModel::DoCorruptPkt}). Counts what it lost, for the results ({@link LinkLoss}).
 */
final class WireLoss {
    private final String where;
    private final double probability;
    private final SplittableRandom random;
    private long packets;
    private long bytes;

    /**
     * @param where       the link direction's name, for the results
     * @param probability the probability that a packet is lost, in (0, 1)
     * @param seed        seed of the draws
     */
    WireLoss(String where, double probability, long seed) {
        if (!(probability > 0 && probability < 1)) {
            throw new IllegalArgumentException("a wire loss probability is in (0, 1), was " + probability);
        }
        this.where = where;
        this.probability = probability;
        this.random = new SplittableRandom(seed);
    }

    /** Draws whether a packet of {@code sizeBytes} is lost; counts it when it is. */
    boolean loses(int sizeBytes) {
        if (random.nextDouble() < probability) {
            packets++;
            bytes += sizeBytes;
            return true;
        }
        return false;
    }

    LinkLoss count() {
        return new LinkLoss(where, probability, packets, bytes);
    }
}

package io.fabricemu.stats;

import java.util.Objects;

/**
 * What one direction of a lossy cable lost to the cable's own loss ({@link io.fabricemu.topology.LinkSpec}'s
 * {@code lossProbability}, which a topology file gives): packets drawn lost on the wire, data and control alike (PFC
 * frames are never lost). A fault's loss on the same link is counted with the fault, not here.
 *
 * @param where       the link direction, e.g. {@code sw4 -> h0}
 * @param probability the probability that a packet is lost, in (0, 1)
 * @param packets     packets lost
 * @param bytes       their bytes, headers included
 */
public record LinkLoss(String where, double probability, long packets, long bytes) {
    public LinkLoss {
        Objects.requireNonNull(where, "where");
    }
}

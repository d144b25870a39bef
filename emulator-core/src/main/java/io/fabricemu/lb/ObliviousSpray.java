package io.fabricemu.lb;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Oblivious packet spraying: every packet carries a fresh EV drawn uniformly from the 16-bit space, so
 * packets spread evenly over all equal-cost paths whatever their state. Feedback is ignored: a congested
 * path keeps receiving its 1/paths share.
 *
 * <p>This is the "OPS" of the REPS paper (Bonato et al., "REPS: Recycled Entropy Packet Spraying for
 * Adaptive Load Balancing and Failure Mitigation", 2024) and the fallback REPS itself uses when it has
 * nothing to recycle. htsim's {@code UecMpOblivious} ({@code uec_mp.cpp}) is a variant that walks a fixed
 * set of EVs in a per-round XOR-permuted order instead of drawing independently; the long-run share per
 * path is the same.
 *
 * <p>Each call to {@link #nextEntropy} consumes exactly one {@code nextInt(65536)} draw of the injected
 * generator.
 */
public final class ObliviousSpray implements LoadBalancer {
    private final RandomGenerator random;

    /** Sprays with EVs drawn from {@code random}, which this instance then owns. */
    public ObliviousSpray(RandomGenerator random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    /** A fresh uniformly random EV in {@code [0, 65535]}. */
    @Override
    public int nextEntropy(long nowPs) {
        return EntropyValues.draw(random);
    }

    /** Ignored: oblivious spraying does not learn. The arguments are still checked. */
    @Override
    public void onFeedback(int entropy, Feedback feedback, long nowPs) {
        EntropyValues.require(entropy);
        Objects.requireNonNull(feedback, "feedback");
    }
}

package io.fabricemu.lb;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Per-flow ECMP, the baseline: every packet of the connection carries the same EV, so the whole
 * connection hashes onto one path and stays there, whatever the feedback says.
 *
 * <p>This is what a RoCEv2 NIC does with its per-connection UDP source port, and what UET does with a
 * constant EV when spraying is off. Two large flows that hash onto the same uplink collide for their whole
 * life: the link-congestion case of "UET Congestion Management: Introduction" (nwktimes.blogspot.com, Figure 6-5:
 * "two 100-Gbps flows are mapped onto a single 100-Gbps uplink").
 */
public final class FlowEcmp implements LoadBalancer {
    private final int entropy;

    /** A connection whose packets all carry {@code entropy}, in {@code [0, 65535]}. */
    public FlowEcmp(int entropy) {
        this.entropy = EntropyValues.require(entropy);
    }

    /** A connection whose one EV is drawn now from {@code random} (one draw, none later). */
    public static FlowEcmp withRandomEntropy(RandomGenerator random) {
        return new FlowEcmp(EntropyValues.draw(Objects.requireNonNull(random, "random")));
    }

    /** The connection's EV, every time. */
    @Override
    public int nextEntropy(long nowPs) {
        return entropy;
    }

    /** Ignored: per-flow ECMP never moves the flow. The arguments are still checked. */
    @Override
    public void onFeedback(int entropy, Feedback feedback, long nowPs) {
        EntropyValues.require(entropy);
        Objects.requireNonNull(feedback, "feedback");
    }
}

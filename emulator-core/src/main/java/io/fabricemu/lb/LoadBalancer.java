package io.fabricemu.lb;

/**
 * Chooses the entropy value (EV) of each data packet of one connection, and learns from what the
 * acknowledgements say about the EVs it chose.
 *
 * <p>Switches hash the EV with the 5-tuple to pick an equal-cost next hop ({@link io.fabricemu.net.Ecmp}), so
 * for a connection an EV names a path: the same EV always takes the same path, a different EV usually another.
 * A strategy spreads a connection over paths by varying the EV, and steers away from congested paths by
 * avoiding EVs whose packets came back marked, trimmed or lost.
 *
 * <p>The shape is htsim's {@code UecMultipath} (the Ultra Ethernet consortium's packet simulator,
 * {@code uec_mp.h}: {@code nextEntropy}, {@code processEv}). Implementations are single-threaded, own
 * their state, take randomness only from an injected seeded generator and time only from the caller, so
 * the same calls in the same order always give the same EVs.
 */
public interface LoadBalancer {

    /**
     * The EV to put in the next data packet of this connection, in {@code [0, 65535]}.
     *
     * @param nowPs the virtual time of the transmission, in picoseconds
     */
    int nextEntropy(long nowPs);

    /**
     * What the network said about a packet that carried {@code entropy}: called once per acknowledged,
     * negatively acknowledged or timed-out data packet.
     *
     * @param entropy  the EV the packet carried, in {@code [0, 65535]}
     * @param feedback what became of the packet
     * @param nowPs    the virtual time the feedback arrived, in picoseconds
     * @throws IllegalArgumentException if {@code entropy} is outside {@code [0, 65535]}
     */
    void onFeedback(int entropy, Feedback feedback, long nowPs);
}

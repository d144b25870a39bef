package io.fabricemu.fault;

import io.fabricemu.engine.Signal;

/**
 * A routing update about one cable, flooded from the switches that detected the change to every other switch: over
 * each live link to the neighbouring switch's port, and from that port to the other ports of its switch. The
 * detecting switch's own ports act on it at once (local failover); every other switch installs it at
 * {@code installAtPs}, the detection plus the fabric's convergence time ({@link Failover}).
 *
 * @param cable       the cable that went down or came back up
 * @param seq         the change's number among that cable's changes, from 1: a port ignores one it has seen
 * @param down        down, or back up
 * @param fault       the fault that caused it, for the results
 * @param installAtPs when a switch other than the detecting one starts routing by it
 * @param hop         how it reached the port that handles it
 */
public record RouteNotice(int cable, int seq, boolean down, int fault, long installAtPs, Hop hop)
        implements Signal {

    /** How a notice reached a port. */
    public enum Hop {
        /** From the port of its own switch that detected the change: the switch acts on it now. */
        DETECTED,
        /** Over the port's link, from a neighbouring switch. */
        FROM_NEIGHBOUR,
        /** From the port of its own switch that heard it from a neighbour. */
        WITHIN_SWITCH
    }

    /** The same notice, reaching a port by {@code next}. */
    public RouteNotice by(Hop next) {
        return new RouteNotice(cable, seq, down, fault, installAtPs, next);
    }
}

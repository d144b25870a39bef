package io.fabricemu.fabric;

import io.fabricemu.topology.Topology;
import java.util.function.IntPredicate;

/**
 * The engine's two lookaheads for a fabric ({@link io.fabricemu.engine.ElementFactory}). Every element taking its
 * own turn, the shortest interaction is the switch latency or half a cable's flight time: a transmitter hands a packet
 * to its link half the flight after the first bit left, and the link delivers it the other half later. With its
 * healthy links handled in their transmitters' turns ({@link io.fabricemu.engine.ElementRunner#relayThrough}), a
 * packet takes a healthy cable's whole flight from one element to the next, while a link with loss or faults still
 * takes half of it from each side. Every other message (PFC releases and frames, buffer leases, routing and level
 * notices, deadlock reports) takes a switch latency or longer, and notices between NICs a whole path.
 */
final class Lookaheads {
    private Lookaheads() {
    }

    /** The lookahead with every element in its own turn: the windows' grid. */
    static long plainPs(Topology topology, long switchLatencyPs) {
        long minFlightPs = Long.MAX_VALUE;
        for (int c = 0; c < topology.cableCount(); c++) {
            minFlightPs = Math.min(minFlightPs, topology.cable(c).spec().flightPs());
        }
        long lookaheadPs = Math.min(switchLatencyPs, minFlightPs / 2);
        if (lookaheadPs <= 0) {
            throw new IllegalArgumentException("every link needs a flight time of at least 2 ps");
        }
        return lookaheadPs;
    }

    /**
     * The lookahead with every link direction that {@code healthy} accepts handled in its transmitter's turn; never
     * less than {@code plainPs}.
     */
    static long relayedPs(Topology topology, long switchLatencyPs, long plainPs, IntPredicate healthy) {
        long relayedPs = switchLatencyPs;
        for (int d = 0; d < 2 * topology.cableCount(); d++) {
            long flightPs = topology.cable(d / 2).spec().flightPs();
            relayedPs = Math.min(relayedPs, healthy.test(d) ? flightPs : flightPs / 2);
        }
        return Math.max(plainPs, relayedPs);
    }
}

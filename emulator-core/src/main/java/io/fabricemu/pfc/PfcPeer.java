package io.fabricemu.pfc;

/**
 * What a switch port knows about its link for PFC: the cable's flight time (for automatic headroom), the
 * node at its far end and where to report a pause that looks like a deadlock.
 *
 * @param flightPs  the cable's flight time (propagation plus FEC), in ps
 * @param peerNode  the node at the far end, or -1 when unknown (tests)
 * @param peerIsSwitch whether that node is a switch (only switch-to-switch waits can form a cycle)
 * @param monitorId element id of the fabric's {@link PfcDeadlockMonitor}, or -1 when there is none
 */
public record PfcPeer(long flightPs, int peerNode, boolean peerIsSwitch, int monitorId) {
    /** A link about which nothing is known but its flight time: no deadlock reports. */
    public static PfcPeer unknown(long flightPs) {
        return new PfcPeer(flightPs, -1, false, -1);
    }
}

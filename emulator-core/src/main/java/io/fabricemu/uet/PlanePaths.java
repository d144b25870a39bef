package io.fabricemu.uet;

import java.util.Arrays;

/**
 * Which ports of a multi-plane NIC one RUD PDC's packets get through on: a plane whose path to the target has
 * failed beyond the sender's own link (the target's link into that plane is down) swallows every packet sprayed
 * on it, and only the sender can see it, as packets on that port time out while those on the others are
 * acknowledged. The PDC then stops using the port for a hold time, sends one probe on it when the hold ends, and
 * takes the port back when a packet on it is acknowledged; a lost probe doubles the hold (up to 64 timeouts).
 *
 * <p>The evidence asked for is strict so that congestion and sparse random loss do not move traffic: at least
 * {@link #LOSSES} timeouts on the port with no acknowledgement of any packet sent on it in between, while another
 * port had a packet acknowledged within the last retransmission timeout. A port is never avoided when every
 * other port is avoided too, so a PDC whose every path fails keeps spraying as before.
 *
 * <p>The reference simulator's NIC sprays over its ports with no such state ({@code UecNIC::findFreePort} in
 * htsim's {@code uec.cpp}); this is the per-path failure avoidance REPS applies to entropy values (a value whose
 * packet was lost is not recycled; Bonato et al., "REPS: Recycled Entropy Packet Spraying", 2024), applied to the
 * plane, which the entropy value does not choose. Plain and single-threaded; only made for NICs of several ports.
 */
final class PlanePaths {
    /** Timeouts on one port, with nothing on it acknowledged in between, that make it suspect. */
    static final int LOSSES = 2;
    private static final int MAX_BACKOFF_SHIFT = 6;
    private static final byte UNSENT = -1;

    private enum State { HEALTHY, AVOIDED, PROBING }

    private final long rtoPs;
    private final State[] state;
    private final long[] avoidUntilPs;
    private final long[] lastAckPs;
    private final int[] lossesSinceAck;
    private final int[] strikes;
    private final int[] probePsn;
    private byte[] portOfPsn = new byte[64];
    private long avoidances;

    PlanePaths(int ports, long rtoPs) {
        if (ports < 2 || ports > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("ports must be 2 to 127, was " + ports);
        }
        this.rtoPs = rtoPs;
        this.state = new State[ports];
        Arrays.fill(state, State.HEALTHY);
        this.avoidUntilPs = new long[ports];
        this.lastAckPs = new long[ports];
        Arrays.fill(lastAckPs, Long.MIN_VALUE);
        this.lossesSinceAck = new int[ports];
        this.strikes = new int[ports];
        this.probePsn = new int[ports];
        Arrays.fill(portOfPsn, UNSENT);
    }

    /** Whether the PDC should leave {@code port} alone at {@code nowPs}. */
    boolean avoids(int port, long nowPs) {
        if (!avoiding(port, nowPs)) {
            return false;
        }
        for (int q = 0; q < state.length; q++) {
            if (q != port && !avoiding(q, nowPs)) {
                return true;
            }
        }
        return false;
    }

    private boolean avoiding(int port, long nowPs) {
        switch (state[port]) {
            case HEALTHY:
                return false;
            case AVOIDED:
                return nowPs < avoidUntilPs[port];
            default:
                return true;
        }
    }

    /** Packet {@code psn} (or a copy of it) left on {@code port}: an avoided port whose hold is over probes with it. */
    void sent(int psn, int port) {
        if (psn >= portOfPsn.length) {
            int old = portOfPsn.length;
            portOfPsn = Arrays.copyOf(portOfPsn, Math.max(psn + 1, old * 2));
            Arrays.fill(portOfPsn, old, portOfPsn.length, UNSENT);
        }
        portOfPsn[psn] = (byte) port;
        for (int q = 0; q < state.length; q++) {
            if (q != port && state[q] == State.PROBING && probePsn[q] == psn) {
                state[q] = State.AVOIDED; // the probe is sent again elsewhere: the next packet probes instead
                avoidUntilPs[q] = Long.MIN_VALUE;
            }
        }
        if (state[port] == State.AVOIDED) {
            state[port] = State.PROBING;
            probePsn[port] = psn;
        }
    }

    /** Packet {@code psn}'s latest copy was acknowledged at {@code nowPs}: the port it left on works. */
    void acked(int psn, long nowPs) {
        int port = portOf(psn);
        if (port < 0) {
            return;
        }
        lastAckPs[port] = nowPs;
        lossesSinceAck[port] = 0;
        strikes[port] = 0;
        state[port] = State.HEALTHY;
    }

    /** Packet {@code psn}'s latest copy timed out at {@code nowPs} (it was sent at least one timeout before). */
    void timedOut(int psn, long nowPs) {
        int port = portOf(psn);
        if (port < 0) {
            return;
        }
        lossesSinceAck[port]++;
        if (state[port] == State.PROBING && probePsn[port] == psn) {
            avoid(port, nowPs);
        } else if (state[port] == State.HEALTHY && lossesSinceAck[port] >= LOSSES && otherAckedSince(port,
                nowPs - rtoPs)) {
            avoid(port, nowPs);
        }
    }

    private void avoid(int port, long nowPs) {
        state[port] = State.AVOIDED;
        avoidUntilPs[port] = nowPs + (rtoPs << Math.min(strikes[port], MAX_BACKOFF_SHIFT));
        strikes[port]++;
        avoidances++;
    }

    private boolean otherAckedSince(int port, long sincePs) {
        for (int q = 0; q < state.length; q++) {
            if (q != port && lastAckPs[q] >= sincePs) {
                return true;
            }
        }
        return false;
    }

    private int portOf(int psn) {
        return psn >= 0 && psn < portOfPsn.length ? portOfPsn[psn] : -1;
    }

    /** How many times a port began to be avoided (a probe lost counts again). */
    long avoidances() {
        return avoidances;
    }
}

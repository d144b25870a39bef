package io.fabricemu.uet;

/**
 * A source's state machine for one message sent as a rendezvous (eager-then-fetch, the alternative to
 * request-to-wait that US 12,388,756 ¶(59) ends with; UE 1.0, SES, rendezvous send): the first packets, the eager
 * part, leave at once; then the message waits until the target's fetch request arrives, and the rest leaves from
 * the first packet after the eager part. Nothing is sent twice for want of a receive.
 *
 * <ul>
 *   <li>{@link State#EAGER}: the eager part is leaving. A fetch that arrives now (the receive was posted when the
 *       first eager packet arrived) lets the rest follow without a pause.</li>
 *   <li>{@link State#WAITING}: the eager part has all left once, and no fetch has come.</li>
 *   <li>{@link State#REST}: a fetch came; every packet may go. Repeated fetches (the target sends its request
 *       again when no data follows in time) change nothing.</li>
 *   <li>{@link State#DONE}: every packet is acknowledged.</li>
 * </ul>
 * A message no larger than the eager part never waits and needs no fetch. Retransmissions of eager packets
 * (a trim, a timeout) may leave in any state.
 *
 * <p>Plain and single-threaded; the caller (the NIC's sender) asks {@link #mayGo} before each packet.
 */
final class RendezvousSend {
    enum State {
        EAGER, WAITING, REST, DONE
    }

    private final int eagerPackets;
    private final int packetCount;
    private State state = State.EAGER;
    private long waitingSincePs = -1;
    private long waitedPs;
    private long fetches;

    /**
     * @param eagerPackets the packets of the eager part, at least 1, at most {@code packetCount}
     * @param packetCount  the message's packets
     */
    RendezvousSend(int eagerPackets, int packetCount) {
        if (eagerPackets < 1 || eagerPackets > packetCount) {
            throw new IllegalArgumentException("eager packets " + eagerPackets + " must be 1 to " + packetCount);
        }
        this.eagerPackets = eagerPackets;
        this.packetCount = packetCount;
    }

    /**
     * The packets of the eager part of a message of {@code packetCount} packets of {@code payloadBytes}: as many
     * whole packets as {@code eagerBytes} holds, at least one, at most the message.
     */
    static int eagerPackets(long eagerBytes, int payloadBytes, int packetCount) {
        return (int) Math.max(1, Math.min(packetCount, eagerBytes / payloadBytes));
    }

    State state() {
        return state;
    }

    /** Whether the target must fetch a rest: the message is larger than its eager part. */
    boolean needsFetch() {
        return eagerPackets < packetCount;
    }

    /** Whether packet {@code psn} may leave now: one of the eager part, or any once the rest was fetched. */
    boolean mayGo(int psn) {
        return psn < eagerPackets || state == State.REST || state == State.DONE;
    }

    /** Packet {@code psn} left at {@code nowPs}: the first copy of the eager part's last packet starts the wait. */
    void onSent(int psn, long nowPs) {
        if (state == State.EAGER && psn == eagerPackets - 1 && needsFetch()) {
            state = State.WAITING;
            waitingSincePs = nowPs;
        }
    }

    /**
     * The target's fetch request arrived at {@code nowPs}.
     *
     * @return true when it let the rest go (eager or waiting to rest)
     */
    boolean onFetch(long nowPs) {
        fetches++;
        if (state == State.WAITING) {
            waitedPs += nowPs - waitingSincePs;
            waitingSincePs = -1;
        } else if (state != State.EAGER) {
            return false;
        }
        state = State.REST;
        return true;
    }

    /** Every packet is acknowledged. */
    void done() {
        state = State.DONE;
    }

    /** Fetch requests received, repeats included. */
    long fetches() {
        return fetches;
    }

    /** How long the message waited between its eager part and the fetch. */
    long waitedPs() {
        return waitedPs;
    }
}

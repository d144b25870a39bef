package io.fabricemu.uet;

import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.NicFlow;
import io.fabricemu.net.Packets;
import io.fabricemu.stats.FlowReceiverStats;
import java.util.BitSet;
import java.util.List;

/**
 * The target side of rendezvous sends (eager-then-fetch, US 12,388,756 ¶(59)'s alternative to request-to-wait;
 * UE 1.0, SES, rendezvous send) for the incoming flows of a UET NIC whose receive timing the workload gives: which
 * packets are eager, the unexpected-message buffer that holds eager data arriving before the receive is posted,
 * and when the fetch request for the rest is due. {@link ReceiverMatching} sends the fetch (a request-to-send,
 * repeated as one is) and asks this class what to do.
 *
 * <ul>
 *   <li>An eager packet whose receive is not posted is held ({@link #hold}): its payload counts in the buffer,
 *       once per PSN, until the receive is posted ({@link #onPosted}), when it goes to the receive (the copy out
 *       of the buffer takes no time here).</li>
 *   <li>The fetch is due once the receive is posted and a packet of the message has arrived, whichever comes
 *       second, and only for a message larger than its eager part.</li>
 * </ul>
 * The buffer is counted per NIC: its peak is the memory a target needs for unexpected eager data. Each message
 * records what the whole buffer held just before its own receive was posted; the buffer only shrinks at a post,
 * so the largest of those is the NIC's peak.
 *
 * <p>Plain and single-threaded.
 */
final class RendezvousTarget {
    /** Per incoming flow: packets of its eager part, and of the whole message. */
    private final int[] eagerPackets;
    private final int[] packetCount;
    private final boolean[] arrived;
    private final boolean[] fetched;
    /** Per incoming flow: the PSNs held before the post (made at the first one). */
    private final BitSet[] held;
    private final long[] heldBytes;
    private final long[] bufferedBytes;
    private final long[] bufferedAtPostBytes;
    private long nicBufferedBytes;
    private long peakBytes;

    /**
     * @param eagerPackets per incoming flow, the packets of its eager part
     * @param packetCount  per incoming flow, its packets
     */
    RendezvousTarget(int[] eagerPackets, int[] packetCount) {
        int n = eagerPackets.length;
        this.eagerPackets = eagerPackets.clone();
        this.packetCount = packetCount.clone();
        this.arrived = new boolean[n];
        this.fetched = new boolean[n];
        this.held = new BitSet[n];
        this.heldBytes = new long[n];
        this.bufferedBytes = new long[n];
        this.bufferedAtPostBytes = new long[n];
    }

    /** The rendezvous state of {@code flows}, incoming at {@code host}, or null when the plan runs request-to-wait. */
    static RendezvousTarget of(UetPlan uet, int host, NicFlow[] flows, CommonTransport transport) {
        if (!uet.notReady().rendezvous()) {
            return null;
        }
        int payload = transport.payloadBytes();
        int[] eager = new int[flows.length];
        int[] count = new int[flows.length];
        for (int i = 0; i < flows.length; i++) {
            count[i] = Math.toIntExact(Packets.of(flows[i].bytes(), payload));
            eager[i] = RendezvousSend.eagerPackets(SenderMessages.eagerBytes(uet, flows[i].peer(), host), payload,
                    count[i]);
        }
        return new RendezvousTarget(eager, count);
    }

    /** A packet of flow {@code i} arrived. */
    void arrived(int i) {
        arrived[i] = true;
    }

    /** Eager packet {@code psn} of flow {@code i}, with {@code payloadBytes}, arrived before its receive was posted. */
    void hold(int i, long psn, int payloadBytes) {
        if (held[i] == null) {
            held[i] = new BitSet();
        }
        if (held[i].get((int) psn)) {
            return; // a second copy: the first is held already
        }
        held[i].set((int) psn);
        heldBytes[i] += payloadBytes;
        bufferedBytes[i] += payloadBytes;
        nicBufferedBytes += payloadBytes;
        peakBytes = Math.max(peakBytes, nicBufferedBytes);
    }

    /** Flow {@code i}'s receive is posted: what it held leaves the buffer for the receive. */
    void onPosted(int i) {
        if (heldBytes[i] > 0) {
            bufferedAtPostBytes[i] = nicBufferedBytes;
        }
        nicBufferedBytes -= heldBytes[i];
        heldBytes[i] = 0;
        held[i] = null;
    }

    /** Whether flow {@code i}'s fetch request is due (the caller has posted the receive): once, for a rest. */
    boolean fetchDue(int i) {
        return arrived[i] && !fetched[i] && eagerPackets[i] < packetCount[i];
    }

    /** Flow {@code i}'s fetch request left. */
    void fetched(int i) {
        fetched[i] = true;
    }

    /** Whether {@code psn} of flow {@code i} is of the rest, sent only once a fetch came. */
    boolean rest(int i, long psn) {
        return psn >= eagerPackets[i];
    }

    /** Whether {@code psn} of flow {@code i} is of its eager part. */
    boolean eager(int i, long psn) {
        return psn < eagerPackets[i];
    }

    /** The largest the NIC's unexpected-message buffer was. */
    long peakBytes() {
        return peakBytes;
    }

    /** Adds what was buffered to the stats of the flows received, {@code received} from index {@code from} on. */
    void report(List<FlowReceiverStats> received, int from, NicFlow[] flows) {
        for (int i = 0; i < flows.length; i++) {
            FlowReceiverStats s = ReceivedStats.of(received, from + i, flows[i]);
            if (bufferedBytes[i] > 0) {
                received.set(from + i, s.withBuffered(bufferedBytes[i], bufferedAtPostBytes[i]));
            }
        }
    }
}

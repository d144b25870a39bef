package io.fabricemu.uet;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.FlowReceiver;
import io.fabricemu.host.NicFlow;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.time.Ps;
import java.util.BitSet;
import java.util.List;

/**
 * A UET target's pool of bounce-buffer memory for unexpected data ({@code transport.receiverNotReady: buffer}): the
 * "buffering at the target" that US 12,388,756 ¶(59) sets against request-to-wait, as MPI libraries and libfabric's
 * CXI provider land an unexpected message in a request buffer and copy it out when the receive is posted.
 * {@link ReceiverMatching} offers it each packet of a message whose receive is not posted yet.
 *
 * <ul>
 *   <li>A packet whose payload fits in the pool's free bytes is held ({@link #offer}): the caller takes it and
 *       acknowledges it as a packet to a ready receiver, so the source's congestion control sees the fabric's round
 *       trip only. A copy of a held PSN is taken again without counting twice.</li>
 *   <li>The message is not complete while any of it is held ({@link FlowReceiver#holdCompletion}): when its receive
 *       is posted ({@link #onPosted}), the held bytes are copied into user memory, at the receiver memory's write
 *       rate when {@code transport.receiverMemory} models one and at once otherwise, and at the end of that copy
 *       they leave the pool and the message may complete (when its last byte is in).</li>
 *   <li>A packet that does not fit overflows: the caller answers it with a request-to-wait, exactly as under
 *       {@code rtw}, and every later packet of that message that arrives before the post goes the same way (the
 *       source has stopped the message, and resends from its first unacknowledged packet on the RTS). A full pool
 *       thus degrades to request-to-wait.</li>
 * </ul>
 * Counted per NIC: the most the pool held at once is the memory the target needs.
 *
 * <p>Plain and single-threaded.
 */
final class BounceBuffer {
    /** Incoming flow {@code inIndex}'s held bytes have been copied to user memory. */
    record Copied(int inIndex) implements Signal {
    }

    private final long poolBytes;
    /** The rate the copy out of the pool runs at, or 0 when it takes no time. */
    private final long copyRateBps;
    private final FlowReceiver[] receivers;
    /** Per incoming flow: the PSNs held, null when none is. */
    private final BitSet[] held;
    /** Per incoming flow: the payload held; all of it until the receive is posted, then kept for the report. */
    private final long[] bufferedBytes;
    /** Per incoming flow: a packet found no room before the receive was posted; the rest goes by request-to-wait. */
    private final boolean[] overflowed;
    private long nicBytes;
    private long peakBytes;

    /**
     * @param poolBytes   the pool's size
     * @param copyRateBps the copy's rate, 0 when it takes no time
     * @param receivers   per incoming flow, its receiver, whose completion a held packet defers
     */
    BounceBuffer(long poolBytes, long copyRateBps, FlowReceiver[] receivers) {
        if (poolBytes <= 0 || copyRateBps < 0) {
            throw new IllegalArgumentException("poolBytes " + poolBytes + " must be > 0, copyRateBps " + copyRateBps
                    + " >= 0");
        }
        this.poolBytes = poolBytes;
        this.copyRateBps = copyRateBps;
        this.receivers = receivers;
        int n = receivers.length;
        this.held = new BitSet[n];
        this.bufferedBytes = new long[n];
        this.overflowed = new boolean[n];
    }

    /** The bounce buffer of a target with {@code receivers}, or null when the plan does not use bounce buffers. */
    static BounceBuffer of(UetPlan uet, FlowReceiver[] receivers) {
        if (!uet.notReady().bounceBuffer()) {
            return null;
        }
        return new BounceBuffer(uet.notReady().bounceBufferBytes(),
                uet.memory() == null ? 0 : uet.memory().writeRateBps(), receivers);
    }

    /**
     * Packet {@code psn} of flow {@code i}, with {@code payloadBytes}, arrived before the flow's receive was posted.
     *
     * @return true when it is held (or a copy of one held); false when it overflowed and is answered by an RTW
     */
    boolean offer(int i, long psn, int payloadBytes) {
        if (overflowed[i]) {
            return false;
        }
        if (held[i] != null && held[i].get((int) psn)) {
            return true;
        }
        if (payloadBytes > poolBytes - nicBytes) {
            overflowed[i] = true;
            return false;
        }
        if (held[i] == null) {
            held[i] = new BitSet();
            receivers[i].holdCompletion();
        }
        held[i].set((int) psn);
        bufferedBytes[i] += payloadBytes;
        nicBytes += payloadBytes;
        peakBytes = Math.max(peakBytes, nicBytes);
        return true;
    }

    /** Whether flow {@code i} overflowed before its receive was posted: its packets go by request-to-wait. */
    boolean overflowed(int i) {
        return overflowed[i];
    }

    /**
     * Flow {@code i}'s receive is posted: what it holds is copied out, at once or by a {@link Copied} signal. The
     * run waits for this (its source may have had every ACK long before): the target counts one completion for
     * each flow whose receive may be posted late, at its post, or at the end of the copy when it held data
     * ({@link io.fabricemu.fabric.TransportPlan#targetCompletions}).
     */
    void onPosted(int i, EventContext ctx) {
        if (held[i] == null) {
            ctx.flowCompleted();
            return;
        }
        long copyPs = copyRateBps == 0 ? 0 : Ps.serializationPs(bufferedBytes[i], copyRateBps);
        if (copyPs == 0) {
            release(i, ctx);
        } else {
            ctx.schedule(Ps.plusSaturated(ctx.nowPs(), copyPs), new Copied(i));
        }
    }

    /** Flow {@code i}'s held bytes are in user memory: they leave the pool, and the message may complete. */
    void release(int i, EventContext ctx) {
        nicBytes -= bufferedBytes[i]; // all of it was held: nothing is offered once the receive is posted
        held[i] = null;
        receivers[i].releaseCompletion(ctx.nowPs());
        ctx.flowCompleted();
    }

    /** The most the pool held at once. */
    long peakBytes() {
        return peakBytes;
    }

    /** Adds what was bounced to the stats of the flows received, {@code received} from index {@code from} on. */
    void report(List<FlowReceiverStats> received, int from, NicFlow[] flows) {
        for (int i = 0; i < flows.length; i++) {
            FlowReceiverStats s = ReceivedStats.of(received, from + i, flows[i]);
            if (bufferedBytes[i] > 0 || overflowed[i]) {
                received.set(from + i, s.withBounced(bufferedBytes[i], peakBytes));
            }
        }
    }
}

package io.fabricemu.uet;

import io.fabricemu.net.DeliveryMode;
import java.util.ArrayDeque;
import java.util.BitSet;

/**
 * The sending side of one UET packet delivery context (PDC) in reliable unordered delivery (RUD): the
 * packets of one flow, each acknowledged selectively, retransmitted alone when it is lost.
 *
 * <h2>Lifecycle</h2>
 * A new PDC is in SYN state: its requests carry DPDCID 0 and the SYN flag until the first ACK_CC returns
 * the target's PDC id ({@link #onAck}), which every later request carries. The PDC closes when every
 * packet has been acknowledged ({@link #closed()}).
 *
 * <h2>Reliability</h2>
 * Every ACK_CC acknowledges one PSN selectively, the PSNs its SACK bitmap names, and all PSNs below its
 * cumulative PSN (a coalesced ACK_CC answers several packets). A packet is
 * outstanding from its (re)transmission until one of three things happens: it is acknowledged; a NACK
 * says a switch trimmed it; or it has gone unacknowledged for the retransmission timeout. The last two
 * queue it for retransmission ahead of new data. The timer is lazy: one deadline per PDC, at the oldest
 * transmission time that could have expired; when it fires, every outstanding packet sent at least one
 * timeout ago is given up at once ({@link #expire}), and the next deadline is computed from those left.
 *
 * <p>A NACK or drop notice counts only when it is about the packet's latest copy (it echoes that copy's
 * transmit time): a NACK slower than the timeout, about a copy already given up and sent again, is stale. A
 * packet given up and still queued that is then acknowledged (it arrived after all) is not resent, and the
 * caller hears of it ({@link Cancelled}) so that it can put the packet back in flight before the ACK_CC's
 * rcvd_bytes takes it out: each copy on the wire is counted once and leaves once.
 *
 * <p>The caller (the NIC) tells the congestion context about every transmission and every loss; this
 * class only keeps the packet state. Plain and single-threaded.
 */
public final class PdcSender extends Pdc {
    private final BitSet acked = new BitSet();
    private final BitSet queued = new BitSet();
    private final ArrayDeque<Integer> retransmit = new ArrayDeque<>();
    private int nextNewPsn;
    private int cumulativePsn;
    private int ackedCount;

    public PdcSender(int flowId, long totalBytes, int payloadPerPacketBytes, int headerBytes, long rtoPs) {
        super(flowId, totalBytes, payloadPerPacketBytes, headerBytes, rtoPs);
    }

    @Override
    public DeliveryMode mode() {
        return DeliveryMode.RUD;
    }

    /** The PSN to send next, retransmissions first, or -1 when nothing is waiting to go. */
    @Override
    public int nextPsn() {
        while (!retransmit.isEmpty()) {
            int psn = retransmit.peekFirst();
            if (queued.get(psn)) {
                return psn;
            }
            retransmit.pollFirst();
        }
        return nextNewPsn < packetCount() ? nextNewPsn : -1;
    }

    @Override
    public boolean sent(int psn, int ev, long nowPs) {
        boolean again;
        if (psn == nextNewPsn) {
            nextNewPsn++;
            again = false;
        } else if (queued.get(psn)) {
            queued.clear(psn);
            again = true;
        } else {
            throw new IllegalArgumentException("flow " + flowId() + ": PSN " + psn + " is not the one to send");
        }
        recordSent(psn, ev, nowPs, again);
        return again;
    }

    /**
     * An ACK_CC for this PDC arrived: acknowledges {@code ackPsn} (or none, if -1), the PSNs its SACK bitmap names
     * (bit {@code k} of {@code sackBitmap} is PSN {@code sackBasePsn + k}; no bitmap when {@code sackBasePsn} is -1)
     * and everything below {@code cumulativePsn}, and records the target's PDC id. {@code cancelled} hears of each
     * packet acknowledged for the first time while it was queued for retransmission: given up as lost, it arrived
     * after all, and its resending is cancelled; the caller puts it back in flight before the same ACK_CC's
     * rcvd_bytes takes it out, as {@link RodPdcSender} does: each copy on the wire is then counted once and leaves
     * once.
     */
    public void onAck(long ackPsn, long cumulativePsn, long sackBasePsn, long sackBitmap, int spdcid, long nowPs,
            Cancelled cancelled) {
        targetIs(spdcid);
        if (ackPsn >= 0) {
            ack((int) ackPsn, cancelled);
        }
        for (long bits = sackBitmap; bits != 0; bits &= bits - 1) {
            ack((int) (sackBasePsn + Long.numberOfTrailingZeros(bits)), cancelled);
        }
        int upTo = (int) Math.min(cumulativePsn, packetCount());
        for (int p = acked.nextClearBit(this.cumulativePsn); p < upTo; p = acked.nextClearBit(p + 1)) {
            ack(p, cancelled);
        }
        this.cumulativePsn = acked.nextClearBit(this.cumulativePsn);
        if (ackedCount == packetCount()) {
            closeAt(nowPs);
        }
    }

    private void ack(int psn, Cancelled cancelled) {
        if (psn >= nextNewPsn) {
            throw new IllegalArgumentException("flow " + flowId() + ": PSN " + psn + " acknowledged before it was sent");
        }
        if (acked.get(psn)) {
            return;
        }
        acked.set(psn);
        ackedCount++;
        if (queued.get(psn)) {
            queued.clear(psn);
            cancelled.cancelled(psn, payloadOf(psn), wireBytesOf(psn));
        }
    }

    /**
     * The target NACKed {@code psn}: a switch trimmed the copy of it that left at {@code txPs} (the NACK echoes
     * the trimmed packet's transmit time).
     *
     * @return true when that copy was the packet's latest and is now queued for retransmission; false for a stale
     *     NACK: the packet is acknowledged, already queued, or sent again since (the NACK, slower than the
     *     retransmission timeout, is about a copy already given up; the newer copy may yet arrive, and giving it up
     *     too would count its bytes out of flight twice)
     */
    public boolean onNack(long psn, long txPs) {
        if (psn < 0 || psn >= nextNewPsn) {
            throw new IllegalArgumentException("flow " + flowId() + ": NACK of PSN " + psn + " never sent");
        }
        int p = (int) psn;
        if (acked.get(p) || queued.get(p) || sentPs(p) != txPs) {
            return false;
        }
        countNack();
        queue(p);
        return true;
    }

    /**
     * A switch's drop notice for {@code psn} as transmitted at {@code txPs}: queued for retransmission like a
     * NACK ({@link #onNack}), under the same rule: only a notice about the packet's latest copy counts.
     *
     * @return true when it is now queued for retransmission
     */
    public boolean onDropNotice(long psn, long txPs) {
        if (psn < 0 || psn >= nextNewPsn) {
            throw new IllegalArgumentException("flow " + flowId() + ": notice of PSN " + psn + " never sent");
        }
        return onNack(psn, txPs);
    }

    /**
     * The target answered the copy of {@code psn} that left at {@code txPs} with a request-to-wait (US 12,388,756
     * ¶(59)): it found no posted receive and was discarded. Queued for sending again like a NACKed packet, under
     * the same rule (only the latest copy counts), but not counted as a NACK: nothing was lost to congestion.
     *
     * @return true when it is now queued, and so left flight
     */
    public boolean onRequestToWait(long psn, long txPs) {
        if (psn < 0 || psn >= nextNewPsn) {
            throw new IllegalArgumentException("flow " + flowId() + ": request-to-wait for PSN " + psn + " never sent");
        }
        int p = (int) psn;
        if (acked.get(p) || queued.get(p) || sentPs(p) != txPs) {
            return false;
        }
        queue(p);
        return true;
    }

    /**
     * A request-to-send restarts the message from its first packet (¶(59)): the packets queued to go again leave
     * in PSN order, from the lowest, rather than in the order their requests-to-wait came back.
     */
    public void restartFromFirst() {
        retransmit.clear();
        for (int p = queued.nextSetBit(0); p >= 0; p = queued.nextSetBit(p + 1)) {
            retransmit.addLast(p);
        }
    }

    private void queue(int psn) {
        queued.set(psn);
        retransmit.addLast(psn);
    }

    /**
     * The timer fired at {@code nowPs}: every outstanding packet sent at or before {@code nowPs - rto} is
     * given up and queued for retransmission; {@code lost} hears of each (PSN, payload, entropy).
     *
     * @return the next deadline to arm, or {@link Long#MAX_VALUE} when nothing is outstanding
     */
    public long expire(long nowPs, LossListener lost) {
        long next = NEVER;
        for (int psn = acked.nextClearBit(cumulativePsn); psn < nextNewPsn; psn = acked.nextClearBit(psn + 1)) {
            if (queued.get(psn)) {
                continue;
            }
            long deadline = deadlineOf(psn);
            if (deadline <= nowPs) {
                countTimeout();
                queue(psn);
                lost.lost(psn, payloadOf(psn), entropyOf(psn));
            } else {
                next = Math.min(next, deadline);
            }
        }
        return next;
    }

    /** Told of each packet whose retransmission an acknowledgement cancels ({@link #onAck}). */
    @FunctionalInterface
    public interface Cancelled {
        void cancelled(int psn, int payloadBytes, int wireBytes);
    }

    /** Told of each packet {@link #expire} gives up. */
    @FunctionalInterface
    public interface LossListener {
        void lost(int psn, int payloadBytes, int entropy);
    }
}

package io.fabricemu.uet;

import io.fabricemu.net.DeliveryMode;

/**
 * The sending side of one UET packet delivery context in reliable ordered delivery (ROD): the packets of one
 * flow, acknowledged cumulatively, resent go-back-N from the PSN the target expects.
 *
 * <h2>What the sources say, and what is chosen here</h2>
 * UE 1.0, PDS (as "Ultra Ethernet: Congestion Control Context", nwktimes.blogspot.com, describes it): a PDC
 * is found or allocated per
 * job, destination FEP, traffic class and delivery mode, RUD or ROD, and PDS requests name the mode. The posts
 * describe the SYN handshake and the ACK_CC for RUD only; ROD keeps them unchanged (a choice). They say
 * nothing of how ROD recovers from loss; the rules below are chosen after InfiniBand RC's go-back-N (a responder that sees a PSN beyond the one it
 * expects discards it and sends one sequence-error NAK until the expected PSN arrives), which is what an
 * ordered transport without a reorder buffer must do:
 * <ul>
 *   <li>The target ({@link RodReceiver}) accepts only the expected PSN. A later PSN is discarded and answered,
 *       once per gap, by a NACK naming the expected PSN; a trimmed packet at or beyond it is NACKed the same
 *       way. ACK_CCs carry the cumulative PSN; no selective acknowledgement is needed.</li>
 *   <li>On a NACK of PSN {@code p} the initiator goes back to {@code p} and resends everything from it
 *       ({@link #onNack}). A NACK is stale, and ignored, when {@code p} is already acknowledged, when the
 *       initiator has gone back to {@code p} or before it and has not resent {@code p} since, or when the
 *       packet that caused it (whose transmit time the NACK echoes) left before {@code p}'s latest copy: on
 *       one path that packet arrived before the copy, which may yet be accepted.</li>
 *   <li>A retransmission timeout goes back to the oldest unacknowledged PSN ({@link #expire}). Copies leave
 *       in PSN order, so the oldest outstanding transmission is always that PSN's.</li>
 * </ul>
 *
 * <h2>Accounting for the congestion context</h2>
 * A go-back to {@code p} reports {@code p} as {@link Listener#lost lost} (a NACK or a timeout: NSCC takes it
 * out of flight and off the window, once per go-back, as for a lost RUD packet) and every later packet sent
 * since as {@link Listener#discarded discarded}: the target drops them unseen in rcvd_bytes, so they leave
 * inflight without a window cut. Every resent copy is counted again when it leaves and its payload as
 * retransmitted. When an ACK_CC's cumulative PSN covers packets given up and not yet resent (a copy thought
 * lost arrived after all), each is reported {@link Listener#resendCancelled cancelled}: the ACK_CC's
 * rcvd_bytes counts it, so it must be put back in flight first. Inflight then stays exact: each copy on the
 * wire is counted once and leaves once, by rcvd_bytes or by a go-back.
 *
 * <p>Plain and single-threaded; the caller (the NIC) tells the congestion context.
 */
public final class RodPdcSender extends Pdc {
    /** Every PSN below it is acknowledged. */
    private int cumulativePsn;
    /** The PSN to send next: PSNs in [cumulativePsn, nextPsn) are in flight. */
    private int nextPsn;
    /** One past the highest PSN ever sent: PSNs in [nextPsn, sentUpTo) were given up and wait to go again. */
    private int sentUpTo;
    private long goBackCount;

    public RodPdcSender(int flowId, long totalBytes, int payloadPerPacketBytes, int headerBytes, long rtoPs) {
        super(flowId, totalBytes, payloadPerPacketBytes, headerBytes, rtoPs);
    }

    @Override
    public DeliveryMode mode() {
        return DeliveryMode.ROD;
    }

    /** The PSN to send next, always the lowest not in flight, or -1 when all are in flight or acknowledged. */
    @Override
    public int nextPsn() {
        return nextPsn < packetCount() ? nextPsn : -1;
    }

    @Override
    public boolean sent(int psn, int ev, long nowPs) {
        if (psn != nextPsn || psn >= packetCount()) {
            throw new IllegalArgumentException("flow " + flowId() + ": PSN " + psn + " is not the one to send");
        }
        boolean again = psn < sentUpTo;
        if (!again) {
            sentUpTo = psn + 1;
        }
        nextPsn++;
        recordSent(psn, ev, nowPs, again);
        return again;
    }

    /**
     * An ACK_CC for this PDC arrived: everything below {@code cumulativePsn} is acknowledged, and the target's
     * PDC id is recorded. Packets given up and not yet resent that it covers go to
     * {@link Listener#resendCancelled}, in PSN order. A cumulative PSN not above the last one changes nothing.
     */
    public void onAck(long cumulativePsn, int spdcid, long nowPs, Listener listener) {
        targetIs(spdcid);
        if (cumulativePsn > sentUpTo) {
            throw new IllegalArgumentException("flow " + flowId() + ": cumulative PSN " + cumulativePsn
                    + " acknowledges PSNs never sent (sent up to " + sentUpTo + ")");
        }
        int upTo = (int) cumulativePsn;
        if (upTo <= this.cumulativePsn) {
            return;
        }
        for (int psn = nextPsn; psn < upTo; psn++) {
            listener.resendCancelled(psn, payloadOf(psn));
        }
        this.cumulativePsn = upTo;
        nextPsn = Math.max(nextPsn, upTo);
        if (upTo == packetCount()) {
            closeAt(nowPs);
        }
    }

    /**
     * The target NACKed {@code psn}, the PSN it expects, because of a packet sent at {@code triggerTxPs} (a
     * later PSN it discarded, or this PSN trimmed).
     *
     * @return true when it was not stale and the PDC went back to {@code psn}, telling {@code listener}
     */
    public boolean onNack(long psn, long triggerTxPs, Listener listener) {
        if (psn < 0 || psn >= sentUpTo) {
            throw new IllegalArgumentException("flow " + flowId() + ": NACK of PSN " + psn + " never sent");
        }
        int p = (int) psn;
        if (p < cumulativePsn || p >= nextPsn || triggerTxPs < sentPs(p)) {
            return false;
        }
        countNack();
        goBack(p, listener);
        return true;
    }

    /**
     * The timer fired at {@code nowPs}: if the oldest unacknowledged PSN's last copy left at least one timeout
     * ago, the PDC goes back to it, telling {@code listener}.
     *
     * @return the next deadline to arm, or {@link Long#MAX_VALUE} when nothing is in flight
     */
    public long expire(long nowPs, Listener listener) {
        if (cumulativePsn >= nextPsn) {
            return NEVER;
        }
        long deadline = deadlineOf(cumulativePsn);
        if (deadline > nowPs) {
            return deadline;
        }
        countTimeout();
        goBack(cumulativePsn, listener);
        return NEVER;
    }

    private void goBack(int fromPsn, Listener listener) {
        listener.lost(fromPsn, payloadOf(fromPsn), entropyOf(fromPsn));
        for (int psn = fromPsn + 1; psn < nextPsn; psn++) {
            listener.discarded(psn, payloadOf(psn));
        }
        nextPsn = fromPsn;
        goBackCount++;
    }

    /** Every PSN below it is acknowledged. */
    public int cumulativePsn() {
        return cumulativePsn;
    }

    /** Times the PDC went back, by NACK or timeout. */
    public long goBacks() {
        return goBackCount;
    }

    /** Told what a go-back or an acknowledgement does to the packets in flight, one PSN at a time. */
    public interface Listener {
        /** The copy of {@code psn} the network lost (NACKed or timed out), where the go-back starts. */
        void lost(int psn, int payloadBytes, int entropy);

        /** A later copy in flight that the target will discard: it leaves inflight and will be resent. */
        void discarded(int psn, int payloadBytes);

        /** A PSN given up and not yet resent was acknowledged after all: it will not be resent. */
        void resendCancelled(int psn, int payloadBytes);
    }
}

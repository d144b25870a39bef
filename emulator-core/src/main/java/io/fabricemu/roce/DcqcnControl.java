package io.fabricemu.roce;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.CongestionController;
import io.fabricemu.cc.Decision;

/**
 * DCQCN as one RoCEv2 requester QP's {@link CongestionController}: the reaction point
 * ({@link DcqcnReactionPoint}, the paper's state machine, unchanged) plus the pacing its rate implies. A data
 * packet may start no earlier than the previous one's start plus that packet's serialization at the rate RC as
 * of its start (Zhu et al., SIGCOMM 2015, section 3.1: the rate limiter). DCQCN has no window: the QP's
 * outstanding bytes are the requester's to bound.
 *
 * <p>Events: each data packet's wire bytes feed the byte counter; each ACK hands over its round trip (only the
 * path-not-congested companion uses it); a CNP, or a back-to-sender notice standing in for one, cuts the rate.
 * NAKs and timeouts are the requester's business, not the rate's.
 */
final class DcqcnControl implements CongestionController {
    private final DcqcnReactionPoint reactionPoint;
    private final int headerBytes;
    private long pacedUntilPs;

    /**
     * @param reactionPoint the QP's reaction point, started when the QP started
     * @param headerBytes   header bytes of every packet: a packet's wire bytes are its payload plus these
     */
    DcqcnControl(DcqcnReactionPoint reactionPoint, int headerBytes) {
        this.reactionPoint = reactionPoint;
        this.headerBytes = headerBytes;
    }

    /** A rate alone never holds a packet back by its size. */
    @Override
    public boolean canSend(int payloadBytes) {
        return true;
    }

    @Override
    public boolean full(int payloadBytes) {
        return false;
    }

    /** The previous packet's start plus its serialization at the rate of its start. */
    @Override
    public long nextSendPs(long nowPs) {
        return pacedUntilPs;
    }

    @Override
    public long windowBytes() {
        return -1;
    }

    /** RC, the current rate. */
    @Override
    public long rateBps() {
        return reactionPoint.rateBps();
    }

    @Override
    public void onSent(long nowPs, int payloadBytes) {
        long wireBytes = payloadBytes + (long) headerBytes;
        reactionPoint.onSent(wireBytes, nowPs);
        pacedUntilPs = reactionPoint.nextStartPs(nowPs, wireBytes);
    }

    /** The ACK's round trip, for the path-not-congested test; DCQCN's rate does not move on ACKs. */
    @Override
    public Decision onAck(AckCc ack, int entropy) {
        onRoundTrip(ack.roundTripPs(), ack.arrivalPs());
        return Decision.HOLD;
    }

    /**
     * A RoCEv2 ACK's round trip, measured at {@code nowPs}: what {@link #onAck} takes from an {@link AckCc}, for the
     * QP's ACKs, which carry no other congestion field, without making one per ACK.
     */
    void onRoundTrip(long roundTripPs, long nowPs) {
        reactionPoint.onRttSample(roundTripPs, nowPs);
    }

    @Override
    public boolean onNack(long nowPs, int payloadBytes, int entropy, long roundTripPs) {
        return false;
    }

    @Override
    public void onTimeout(long nowPs, int payloadBytes) {
    }

    /** A CNP, or a notice that stands in for one: {@code RC (1 - alpha/2)} ({@link DcqcnReactionPoint#onCnp}). */
    @Override
    public Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs) {
        reactionPoint.onCnp(nowPs);
        return Decision.MULTIPLICATIVE_DECREASE;
    }
}

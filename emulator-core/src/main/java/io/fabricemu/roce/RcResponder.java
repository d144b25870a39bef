package io.fabricemu.roce;

import io.fabricemu.time.Ps;
import java.util.function.IntConsumer;

/**
 * The responder of one RoCEv2 reliable-connection queue pair (IBTA Volume 1, 9.7.5): it accepts packets in
 * PSN order only.
 *
 * <ul>
 *   <li>The expected PSN is accepted: the expected PSN advances, its payload is delivered, and a packet that
 *       ends a message advances the MSN. Answer: an ACK of it (every packet is acknowledged; no coalescing).
 *   <li>A PSN below the expected one is a duplicate (a go-back-N resend of something already taken): it is
 *       dropped and answered with an ACK of the last PSN accepted, so a requester whose ACKs were lost
 *       learns where the responder is.
 *   <li>A PSN above the expected one means packets were lost: it is dropped. The first such packet of an
 *       episode is answered with one NAK "PSN sequence error" carrying the expected PSN; later ones are
 *       dropped silently until the expected PSN arrives, which ends the episode.
 *   <li>The expected PSN begins a SEND message but no receive is posted for it (IBTA Volume 1, 9.7.5.2.8,
 *       "RNR NAK"): it is dropped and answered with an RNR NAK of its own PSN, which carries the responder's RNR
 *       timer. The expected PSN stays; that NAK opens an episode as a sequence NAK does, so the packets the
 *       requester sent after it are out of sequence and dropped silently until the requester, its timer over,
 *       resends the NAKed PSN. Every resend that still finds no receive gets its own RNR NAK.
 * </ul>
 * All of a flow's messages are posted at once ({@link #postAt}): a flow is the SENDs of one transfer, and its
 * receive buffers are posted together, so only a flow's first message ever meets a receiver that is not ready.
 *
 * <p>Plain and single-threaded. PSNs do not wrap (see {@link RcRequester}).
 */
public final class RcResponder {
    /** What the responder sends back for a data packet. */
    public enum Answer {
        /** An ACK of {@link #ackPsn()} with {@link #msn()}. */
        ACK,
        /** A NAK "PSN sequence error" carrying {@link #expectedPsn()}. */
        NAK_SEQUENCE,
        /** An RNR NAK of the packet's own PSN ({@link #expectedPsn()}): no receive is posted for its message. */
        NAK_RNR,
        /** Nothing: an out-of-order packet after the episode's NAK. */
        NONE
    }

    private final int flowId;
    private final long totalBytes;
    private long expectedPsn;
    private long msn;
    private boolean nakSent;
    private long deliveredBytes;
    private long finishPs = -1;
    private long duplicates;
    private long outOfOrder;
    private final IntConsumer onFinished;
    /** When the receives are posted: {@link Long#MIN_VALUE} in time, {@link Ps#NEVER} until told. */
    private long postedPs = Long.MIN_VALUE;
    private boolean inRnrEpisode;
    private long rnrNaks;
    private long rnrDroppedBytes;
    private long rnrWaitStartPs = -1;
    private long rnrWaitedPs;

    /** As below, telling nobody when the flow finishes. */
    public RcResponder(int flowId, long totalBytes) {
        this(flowId, totalBytes, id -> { });
    }

    /** A responder for {@code totalBytes} of flow {@code flowId}; {@code onFinished} hears when the last arrives. */
    public RcResponder(int flowId, long totalBytes, IntConsumer onFinished) {
        if (totalBytes <= 0) {
            throw new IllegalArgumentException("flow " + flowId + ": totalBytes must be > 0, was " + totalBytes);
        }
        this.flowId = flowId;
        this.totalBytes = totalBytes;
        this.onFinished = onFinished;
    }

    public int flowId() {
        return flowId;
    }

    /**
     * Data packet {@code psn} carrying {@code payloadBytes}, the last of its message when
     * {@code lastOfMessage}, arrived completely at {@code nowPs}.
     */
    public Answer onData(long psn, int payloadBytes, boolean lastOfMessage, long nowPs) {
        return onData(psn, payloadBytes, true, lastOfMessage, nowPs);
    }

    /**
     * As {@link #onData(long, int, boolean, long)}, knowing whether the packet begins a message
     * ({@code firstOfMessage}: SEND_FIRST or SEND_ONLY), the one that needs a posted receive.
     */
    public Answer onData(long psn, int payloadBytes, boolean firstOfMessage, boolean lastOfMessage, long nowPs) {
        if (psn == expectedPsn && firstOfMessage && nowPs < postedPs) {
            rnrNaks++;
            rnrDroppedBytes += payloadBytes;
            if (rnrWaitStartPs < 0) {
                rnrWaitStartPs = nowPs;
            }
            inRnrEpisode = true;
            nakSent = true;
            return Answer.NAK_RNR;
        }
        if (psn == expectedPsn) {
            if (rnrWaitStartPs >= 0) {
                rnrWaitedPs += nowPs - rnrWaitStartPs;
                rnrWaitStartPs = -1;
            }
            expectedPsn++;
            nakSent = false;
            inRnrEpisode = false;
            deliveredBytes += payloadBytes;
            if (deliveredBytes > totalBytes) {
                throw new IllegalStateException("flow " + flowId + ": " + deliveredBytes + " bytes delivered of "
                        + totalBytes);
            }
            if (lastOfMessage) {
                msn++;
            }
            if (deliveredBytes == totalBytes) {
                finishPs = nowPs;
                onFinished.accept(flowId);
            }
            return Answer.ACK;
        }
        if (psn < expectedPsn) {
            duplicates++;
            return Answer.ACK;
        }
        outOfOrder++;
        if (inRnrEpisode) {
            rnrDroppedBytes += payloadBytes;
        }
        if (nakSent) {
            return Answer.NONE;
        }
        nakSent = true;
        return Answer.NAK_SEQUENCE;
    }

    /**
     * The receives of this flow are posted at {@code atPs} ({@link Ps#NEVER}: not until a later call says); a
     * SEND's first packet that arrives before finds none. The earliest time given wins.
     */
    public void postAt(long atPs) {
        postedPs = postedPs == Long.MIN_VALUE ? atPs : Math.min(postedPs, atPs);
    }

    /** RNR NAKs sent for packets that found no posted receive. */
    public long rnrNaks() {
        return rnrNaks;
    }

    /** Payload bytes dropped for want of a posted receive: the RNR NAKed packets and those that followed them. */
    public long rnrDroppedBytes() {
        return rnrDroppedBytes;
    }

    /** Time from each message's first RNR NAK to the arrival of its first packet that found the receive. */
    public long rnrWaitedPs() {
        return rnrWaitedPs;
    }

    /** The PSN the responder waits for. */
    public long expectedPsn() {
        return expectedPsn;
    }

    /** The PSN an ACK carries: the last one accepted in order (-1 before the first). */
    public long ackPsn() {
        return expectedPsn - 1;
    }

    /** Messages completed. */
    public long msn() {
        return msn;
    }

    public long deliveredBytes() {
        return deliveredBytes;
    }

    /** When the last byte arrived, or -1. */
    public long finishPs() {
        return finishPs;
    }

    public long duplicates() {
        return duplicates;
    }

    public long outOfOrder() {
        return outOfOrder;
    }
}

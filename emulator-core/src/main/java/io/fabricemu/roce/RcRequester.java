package io.fabricemu.roce;

import io.fabricemu.time.Ps;

/**
 * The requester of one RoCEv2 reliable-connection queue pair (InfiniBand Architecture Specification,
 * Volume 1, chapter 9.7, as RoCEv2 carries it over UDP): it sends one flow as SEND messages of
 * {@code messageBytes}, each cut into packets with consecutive PSNs, and recovers from loss by go-back-N.
 *
 * <h2>Acknowledgements</h2>
 * An ACK carries the PSN of the last packet the responder accepted in order (so everything up to and
 * including it is acknowledged) and the MSN, the number of messages the responder has completed; the MSN
 * must agree with the PSN, which this class checks. A NAK "PSN sequence error" carries the PSN the
 * responder expects: everything before it is acknowledged, and the requester goes back to it. The
 * transport timer works as in IB: it runs while packets are outstanding and restarts on every
 * acknowledgement that makes progress (and on a NAK); when it expires, the requester goes back to the
 * oldest unacknowledged PSN. The timeout retry count ({@code retry_cnt}) is not modelled: timeouts retry
 * forever.
 *
 * <h2>Receiver not ready</h2>
 * An RNR NAK carries the PSN the responder could not take and a pause; everything before the PSN is
 * acknowledged. The QP stops for the pause, then resumes from that PSN. RNR NAKs that arrive during the
 * pause concern packets sent before it and are ignored. Each RNR NAK counts against {@code rnr_retry}
 * (7 means retry forever); the count restarts when an ACK or sequence NAK acknowledges something new (an
 * RNR NAK's own implicit acknowledgement does not restart it). When a finite count is exceeded, the QP
 * goes to the error state: it sends nothing more and the flow is reported failed.
 *
 * <h2>Drop notices</h2>
 * A switch that drops a packet may tell the requester at once (a WREB back-to-sender drop notice,
 * US 12,388,756, paragraph (14)): the requester goes back to that PSN without waiting for the responder's sequence
 * NAK or the timer ({@link #onDropNotice}); the sequence NAK the responder later sends for the same PSN then
 * only acknowledges what lies before it, since the packets it asks for are already being resent.
 *
 * <h2>Not modelled</h2>
 * PSNs are {@code long} and never wrap; real PSNs are 24 bits and wrap modulo 2^24, which needs care only
 * when more than 2^23 packets are outstanding, far beyond any window here. MSNs likewise. ACK coalescing
 * and RDMA READ / WRITE opcodes are left out: every message is a SEND.
 *
 * <p>Plain and single-threaded; time is passed in by the caller.
 */
public final class RcRequester {
    /** {@code rnr_retry} value meaning "retry forever". */
    public static final int RNR_RETRY_INFINITE = 7;

    private enum State { READY, RNR_WAIT, ERROR, DONE }

    private final int flowId;
    private final MessageLayout layout;
    private final long rtoPs;
    private final int rnrRetry;
    private final long maxOutstandingBytes;
    private State state = State.READY;
    private long nextPsn;
    private long frontierPsn;
    private long ackedPsn;
    private long ackedMsn;
    private long lastProgressPs;
    private long resumePs = Ps.NEVER;
    private int rnrNaksSinceProgress;
    private long retransmittedBytes;
    private long timeouts;
    private long sequenceNaks;
    private long rnrNaks;
    private long completedPs = -1;
    private long failedPs = -1;
    private long noticedPsn = -1;
    private long dropNotices;

    /**
     * @param flowId              the flow this QP sends
     * @param totalBytes          payload bytes of the flow
     * @param messageBytes        bytes of each message (the last may be shorter)
     * @param payloadBytes        largest payload of one packet
     * @param rtoPs               transport timeout
     * @param rnrRetry            {@code rnr_retry}: RNR NAKs tolerated in a row, 0..7, 7 for no limit
     * @param maxOutstandingBytes most payload bytes sent and not yet acknowledged, 0 for no limit (at least one
     *                            packet is always allowed)
     */
    public RcRequester(int flowId, long totalBytes, long messageBytes, int payloadBytes, long rtoPs, int rnrRetry,
                       long maxOutstandingBytes) {
        if (rtoPs <= 0 || rnrRetry < 0 || rnrRetry > RNR_RETRY_INFINITE || maxOutstandingBytes < 0) {
            throw new IllegalArgumentException("flow " + flowId + ": rtoPs " + rtoPs + " must be > 0, rnrRetry "
                    + rnrRetry + " 0..7, maxOutstandingBytes " + maxOutstandingBytes + " >= 0");
        }
        this.flowId = flowId;
        this.layout = new MessageLayout(totalBytes, messageBytes, payloadBytes);
        this.rtoPs = rtoPs;
        this.rnrRetry = rnrRetry;
        this.maxOutstandingBytes = maxOutstandingBytes;
    }

    public int flowId() {
        return flowId;
    }

    public long packetCount() {
        return layout.packetCount();
    }

    /**
     * The earliest time this QP may send, as far as its own state goes: {@code nowPs} when ready, the end of
     * an RNR pause, or {@link Ps#NEVER} when it is done or in error. A pause that has ended is left here.
     */
    public long readyAtPs(long nowPs) {
        if (state == State.RNR_WAIT && resumePs <= nowPs) {
            state = State.READY;
            resumePs = Ps.NEVER;
        }
        return switch (state) {
            case READY -> nowPs;
            case RNR_WAIT -> resumePs;
            case ERROR, DONE -> Ps.NEVER;
        };
    }

    /** The PSN to send next, or -1 when everything is sent, the window is full, or the QP may not send. */
    public long nextPsn() {
        if (state != State.READY || nextPsn >= layout.packetCount()) {
            return -1;
        }
        if (maxOutstandingBytes > 0 && nextPsn > ackedPsn
                && layout.offsetOf(nextPsn + 1) - layout.offsetOf(ackedPsn) > maxOutstandingBytes) {
            return -1;
        }
        return nextPsn;
    }

    public int payloadOf(long psn) {
        return layout.payloadOf(psn);
    }

    public boolean firstOfMessage(long psn) {
        return layout.firstOfMessage(psn);
    }

    public boolean lastOfMessage(long psn) {
        return layout.lastOfMessage(psn);
    }

    /** Packet {@code psn}, as {@link #nextPsn()} gave it, started at {@code nowPs}. */
    public void sent(long psn, long nowPs) {
        if (psn != nextPsn() || psn < 0) {
            throw new IllegalArgumentException("flow " + flowId + ": PSN " + psn + " is not the one to send");
        }
        if (psn < frontierPsn) {
            retransmittedBytes += layout.payloadOf(psn);
        } else {
            frontierPsn = psn + 1;
        }
        if (psn == ackedPsn) {
            lastProgressPs = nowPs;
        }
        nextPsn = psn + 1;
    }

    /**
     * An ACK of every PSN up to and including {@code psn}, from a responder that has completed {@code msn}
     * messages.
     *
     * @return true when this ACK completes the flow
     */
    public boolean onAck(long psn, long msn, long nowPs) {
        if (state == State.ERROR || state == State.DONE) {
            return false;
        }
        acknowledge(psn + 1, nowPs);
        if (msn != layout.messagesBefore(psn + 1)) {
            throw new IllegalStateException("flow " + flowId + ": ACK of PSN " + psn + " carries MSN " + msn
                    + ", but " + layout.messagesBefore(psn + 1) + " messages end at or before it");
        }
        ackedMsn = Math.max(ackedMsn, msn);
        if (ackedPsn == layout.packetCount()) {
            state = State.DONE;
            completedPs = nowPs;
            return true;
        }
        return false;
    }

    /** A NAK "PSN sequence error": the responder expects {@code psn}; go back to it. */
    public void onSequenceNak(long psn, long nowPs) {
        if (state == State.ERROR || state == State.DONE || psn < ackedPsn) {
            return;
        }
        sequenceNaks++;
        acknowledge(psn, nowPs);
        if (psn == noticedPsn && nextPsn > psn) {
            noticedPsn = -1;
        } else {
            nextPsn = psn;
        }
        lastProgressPs = nowPs;
    }

    /**
     * A switch dropped {@code psn} (a back-to-sender drop notice): go back to it now.
     *
     * @return true when the requester went back; false when {@code psn} is acknowledged, not outstanding (it
     *     went back before it already), or the QP is done or in error
     */
    public boolean onDropNotice(long psn, long nowPs) {
        if (state == State.ERROR || state == State.DONE || psn < ackedPsn || psn >= nextPsn) {
            return false;
        }
        dropNotices++;
        nextPsn = psn;
        noticedPsn = psn;
        return true;
    }

    /** Go-backs made on drop notices. */
    public long dropNotices() {
        return dropNotices;
    }

    /**
     * An RNR NAK: the responder could not take {@code psn} and asks for a pause of {@code pausePs}.
     *
     * @return true when this NAK exceeds {@code rnr_retry} and puts the QP in the error state
     */
    public boolean onRnrNak(long psn, long pausePs, long nowPs) {
        if (pausePs < 0) {
            throw new IllegalArgumentException("flow " + flowId + ": RNR pause " + pausePs + " ps");
        }
        readyAtPs(nowPs);
        if (state != State.READY || psn < ackedPsn) {
            return false;
        }
        if (psn >= frontierPsn) {
            throw new IllegalArgumentException("flow " + flowId + ": RNR NAK of PSN " + psn + " never sent");
        }
        rnrNaks++;
        ackedPsn = psn;
        nextPsn = psn;
        rnrNaksSinceProgress++;
        if (rnrRetry != RNR_RETRY_INFINITE && rnrNaksSinceProgress > rnrRetry) {
            state = State.ERROR;
            failedPs = nowPs;
            return true;
        }
        state = State.RNR_WAIT;
        resumePs = nowPs + pausePs;
        return false;
    }

    /** Everything below {@code psn} is acknowledged. */
    private void acknowledge(long psn, long nowPs) {
        if (psn > frontierPsn) {
            throw new IllegalArgumentException("flow " + flowId + ": PSN " + (psn - 1) + " acknowledged before it"
                    + " was sent (sent up to " + (frontierPsn - 1) + ")");
        }
        if (psn > ackedPsn) {
            ackedPsn = psn;
            nextPsn = Math.max(nextPsn, psn);
            lastProgressPs = nowPs;
            rnrNaksSinceProgress = 0;
        }
    }

    /** When the transport timer expires, or {@link Ps#NEVER} while nothing is outstanding or the QP waits. */
    public long rtoDeadlinePs() {
        if (state != State.READY || ackedPsn >= nextPsn) {
            return Ps.NEVER;
        }
        return lastProgressPs + rtoPs;
    }

    /**
     * The timer fired at {@code nowPs}: if the deadline has passed, go back to the oldest unacknowledged PSN.
     *
     * @return true when it expired; false when the deadline moved (re-arm at {@link #rtoDeadlinePs()})
     */
    public boolean timerFired(long nowPs) {
        if (rtoDeadlinePs() > nowPs) {
            return false;
        }
        timeouts++;
        nextPsn = ackedPsn;
        return true;
    }

    /** Whether the QP is in the error state (rnr_retry exceeded). */
    public boolean failed() {
        return state == State.ERROR;
    }

    /** When the QP went to the error state, or -1. */
    public long failedPs() {
        return failedPs;
    }

    /** When the last packet was acknowledged, or -1. */
    public long completedPs() {
        return completedPs;
    }

    /** The first PSN not yet acknowledged. */
    public long ackedPsn() {
        return ackedPsn;
    }

    /** Messages the responder has acknowledged as complete. */
    public long ackedMsn() {
        return ackedMsn;
    }

    public long retransmittedBytes() {
        return retransmittedBytes;
    }

    public long timeouts() {
        return timeouts;
    }

    public long sequenceNaks() {
        return sequenceNaks;
    }

    public long rnrNaks() {
        return rnrNaks;
    }
}

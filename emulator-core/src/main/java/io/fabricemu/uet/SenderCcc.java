package io.fabricemu.uet;

import io.fabricemu.uet.cc.AckCc;
import io.fabricemu.uet.cc.CreditSender;
import io.fabricemu.uet.cc.Nscc;

/**
 * A sender's congestion control context (CCC): one per destination FEP and traffic class, shared by the
 * PDCs open towards it, holding NSCC's window, RCCC's credit, or both. A packet of any of its PDCs may
 * leave only when every algorithm it runs allows it (UE 1.0, CMS: the CCC authorises the PDC).
 *
 * <p>States (UE 1.0, CMS, the CCC): IDLE when created, READY once configured, CLOSED when its last PDC closes.
 * A later PDC to the same destination then gets a new context with a new id, starting afresh.
 */
public final class SenderCcc {
    /** Where a context is in its life. */
    public enum State {
        IDLE, READY, CLOSED
    }

    private final long id;
    private State state = State.IDLE;
    private Nscc nscc;
    private CreditSender credit;
    private int openPdcs;

    public SenderCcc(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    public State state() {
        return state;
    }

    /** IDLE to READY with the algorithms it runs; either may be null, not both. */
    public void configure(Nscc nscc, CreditSender credit) {
        if (state != State.IDLE) {
            throw new IllegalStateException("CCC " + id + " is " + state + ", not IDLE");
        }
        if (nscc == null && credit == null) {
            throw new IllegalArgumentException("CCC " + id + " needs NSCC, RCCC or both");
        }
        this.nscc = nscc;
        this.credit = credit;
        this.state = State.READY;
    }

    /** NSCC's state, or null when the context does not run it. */
    public Nscc nscc() {
        return nscc;
    }

    /** RCCC's sender state, or null when the context does not run it. */
    public CreditSender credit() {
        return credit;
    }

    /** A PDC with {@code wireBytes} to send joins the context. */
    public void open(long wireBytes) {
        requireReady();
        openPdcs++;
        if (credit != null) {
            credit.enqueue(wireBytes);
        }
    }

    /** One of its PDCs closed; the last one closes the context. */
    public void pdcClosed() {
        requireReady();
        if (--openPdcs == 0) {
            state = State.CLOSED;
        }
    }

    /** Whether a packet of {@code wireBytes} may leave: NSCC's {@code inflight < cwnd} and enough credit. */
    public boolean mayGo(int wireBytes) {
        return state == State.READY && (nscc == null || nscc.canSend()) && (credit == null || credit.canSend(wireBytes));
    }

    /** As {@link #mayGo(int)}, for a packet of {@code payloadBytes}, which NSCC's reference loop gates on. */
    public boolean mayGo(int payloadBytes, int wireBytes) {
        return state == State.READY && (nscc == null || nscc.canSend(payloadBytes))
                && (credit == null || credit.canSend(wireBytes));
    }

    /**
     * Whether the context, having just sent a packet of {@code payloadBytes} ({@code wireBytes} on the wire), holds
     * too little window or credit for another of the same size ({@link Nscc#full}, RCCC's credit short of it):
     * the packet then asks for an ACK_CC at once.
     */
    public boolean full(int payloadBytes, int wireBytes) {
        return (nscc != null && nscc.full(payloadBytes)) || (credit != null && !credit.canSend(wireBytes));
    }

    /** A packet of {@code payloadBytes} ({@code wireBytes} on the wire) left. */
    public void onSent(int payloadBytes, int wireBytes) {
        if (nscc != null) {
            nscc.onSent(payloadBytes);
        }
        if (credit != null) {
            credit.onSent(wireBytes);
        }
    }

    /** What a request reports to the receiver's RCCC: the backlog not covered by credit, or -1 without RCCC. */
    public long creditTargetBytes() {
        return credit == null ? -1 : credit.creditTargetBytes();
    }

    /**
     * An ACK_CC arrived: NSCC's feedback {@code ack} (null for a credit-only one) and RCCC's cumulative
     * grant {@code creditBytes} (negative when absent).
     *
     * @return NSCC's decision, or null when NSCC did not see it
     */
    public Nscc.Decision onAck(AckCc ack, long creditBytes) {
        return onAck(ack, creditBytes, Nscc.NO_ENTROPY);
    }

    /**
     * As {@link #onAck(AckCc, long)}, for a packet that carried {@code entropy} (its path, for NSCC's per-path
     * gate; {@link Nscc#NO_ENTROPY} if unknown).
     */
    public Nscc.Decision onAck(AckCc ack, long creditBytes, int entropy) {
        if (credit != null && creditBytes >= 0) {
            credit.onGrant(creditBytes);
        }
        return nscc != null && ack != null ? nscc.onAckCc(ack, entropy) : null;
    }

    /** A NACK came back {@code rttPs} after its packet left: NSCC may learn a shorter base RTT from it. */
    public void onNackRoundTrip(long rttPs) {
        if (nscc != null) {
            nscc.onNackRoundTrip(rttPs);
        }
    }

    /**
     * A packet was lost: a NACK for it ({@code nacked}) or its timeout. NSCC takes it out of flight and off
     * the window; RCCC needs credit to send it again.
     */
    public void onLoss(int payloadBytes, int wireBytes, boolean nacked) {
        onLoss(payloadBytes, wireBytes, nacked, Nscc.NO_ENTROPY);
    }

    /**
     * As {@link #onLoss(int, int, boolean)}, for a packet that carried {@code entropy}. Only for NSCC's per-ACK
     * loop: the reference loop needs the loss's time ({@link #onLoss(int, int, boolean, int, long)}).
     */
    public void onLoss(int payloadBytes, int wireBytes, boolean nacked, int entropy) {
        if (nscc != null) {
            if (nacked) {
                nscc.onNack(payloadBytes, entropy);
            } else {
                nscc.onTimeout(payloadBytes);
            }
        }
        if (credit != null) {
            credit.enqueue(wireBytes);
        }
    }

    /** As {@link #onLoss(int, int, boolean, int)}, seen at {@code nowPs} (any NSCC loop). */
    public void onLoss(int payloadBytes, int wireBytes, boolean nacked, int entropy, long nowPs) {
        if (nscc != null) {
            if (nacked) {
                nscc.onNack(payloadBytes, entropy, nowPs);
            } else {
                nscc.onTimeout(payloadBytes);
            }
        }
        if (credit != null) {
            credit.enqueue(wireBytes);
        }
    }

    /**
     * A back-to-sender notice reported a queue of {@code queuingDelayPs} behind a packet sent at
     * {@code pktTxPs}: NSCC's decrease now ({@link Nscc#onCongestionNotice}); RCCC has no network reaction.
     *
     * @return NSCC's decision, or null when the context does not run NSCC
     */
    public Nscc.Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs) {
        return nscc == null ? null : nscc.onCongestionNotice(nowPs, pktTxPs, queuingDelayPs);
    }

    /** Packets given up as lost were acknowledged after all: their resending is no longer wanted. */
    public void onRetransmitCancelled(long wireBytes) {
        if (credit != null && wireBytes > 0) {
            credit.withdraw(wireBytes);
        }
    }

    /**
     * Reliable ordered delivery went back over a packet of {@code payloadBytes} ({@code wireBytes} on the wire)
     * that the target will discard: NSCC takes it out of flight without a window cut; RCCC needs credit to
     * send it again.
     */
    public void onDiscarded(int payloadBytes, int wireBytes) {
        if (nscc != null) {
            nscc.onDiscarded(payloadBytes);
        }
        if (credit != null) {
            credit.enqueue(wireBytes);
        }
    }

    /**
     * Reliable ordered delivery: a packet given up and not yet resent was acknowledged after all. NSCC puts
     * its {@code payloadBytes} back in flight (the ACK_CC's rcvd_bytes counts them); RCCC no longer needs
     * credit for its {@code wireBytes}.
     */
    public void onResendCancelled(int payloadBytes, int wireBytes) {
        if (nscc != null) {
            nscc.onReinstated(payloadBytes);
        }
        if (credit != null) {
            credit.withdraw(wireBytes);
        }
    }

    private void requireReady() {
        if (state != State.READY) {
            throw new IllegalStateException("CCC " + id + " is " + state + ", not READY");
        }
    }

    @Override
    public String toString() {
        return "SenderCcc[" + id + ", " + state + ", " + nscc + ", credit "
                + (credit == null ? "-" : credit.availableCreditBytes() + " B") + "]";
    }
}

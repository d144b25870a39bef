package io.fabricemu.uet;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.CongestionController;
import io.fabricemu.cc.Decision;
import io.fabricemu.uet.cc.CreditSender;

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
    private CongestionController window;
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

    /**
     * IDLE to READY with the algorithms it runs: NSCC's {@code window} (one of its loops) and RCCC's
     * {@code credit}; either may be null, not both.
     */
    public void configure(CongestionController window, CreditSender credit) {
        if (state != State.IDLE) {
            throw new IllegalStateException("CCC " + id + " is " + state + ", not IDLE");
        }
        if (window == null && credit == null) {
            throw new IllegalArgumentException("CCC " + id + " needs NSCC, RCCC or both");
        }
        this.window = window;
        this.credit = credit;
        this.state = State.READY;
    }

    /** NSCC's window, or null when the context does not run it. */
    public CongestionController window() {
        return window;
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

    /**
     * Whether a packet of {@code payloadBytes} ({@code wireBytes} on the wire) may leave: NSCC's gate
     * ({@link CongestionController#canSend}) and enough credit.
     */
    public boolean mayGo(int payloadBytes, int wireBytes) {
        return state == State.READY && (window == null || window.canSend(payloadBytes))
                && (credit == null || credit.canSend(wireBytes));
    }

    /**
     * Whether the context, having just sent a packet of {@code payloadBytes} ({@code wireBytes} on the wire), holds
     * too little window or credit for another of the same size ({@link CongestionController#full}, RCCC's credit
     * short of it): the packet then asks for an ACK_CC at once.
     */
    public boolean full(int payloadBytes, int wireBytes) {
        return (window != null && window.full(payloadBytes)) || (credit != null && !credit.canSend(wireBytes));
    }

    /** A packet of {@code payloadBytes} ({@code wireBytes} on the wire) left at {@code nowPs}. */
    public void onSent(long nowPs, int payloadBytes, int wireBytes) {
        if (window != null) {
            window.onSent(nowPs, payloadBytes);
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
     * An ACK_CC arrived for a packet that carried {@code entropy} (its path, for NSCC's per-path gate;
     * {@link CongestionController#NO_ENTROPY} if unknown): NSCC's feedback {@code ack} and RCCC's cumulative grant
     * {@code creditBytes} (negative when absent).
     *
     * @return NSCC's decision, or null when the context does not run NSCC
     */
    public Decision onAck(AckCc ack, long creditBytes, int entropy) {
        onCredit(creditBytes);
        return window == null ? null : window.onAck(ack, entropy);
    }

    /** A credit-only ACK_CC brought RCCC's cumulative grant {@code creditBytes} (negative when absent). */
    public void onCredit(long creditBytes) {
        if (credit != null && creditBytes >= 0) {
            credit.onGrant(creditBytes);
        }
    }

    /**
     * A packet was trimmed, reported at {@code nowPs} by a NACK that came back {@code roundTripPs} after the packet
     * left (0 when no NACK of the receiver reported it): NSCC takes it out of flight and off the window (and may
     * learn a shorter base RTT); RCCC needs credit to send it again.
     */
    public void onNack(long nowPs, int payloadBytes, int wireBytes, int entropy, long roundTripPs) {
        if (window != null) {
            window.onNack(nowPs, payloadBytes, entropy, roundTripPs);
        }
        if (credit != null) {
            credit.enqueue(wireBytes);
        }
    }

    /** The retransmission timer wrote a packet off at {@code nowPs}: as a NACK's loss, never gated. */
    public void onTimeout(long nowPs, int payloadBytes, int wireBytes) {
        if (window != null) {
            window.onTimeout(nowPs, payloadBytes);
        }
        if (credit != null) {
            credit.enqueue(wireBytes);
        }
    }

    /**
     * A back-to-sender notice reported a queue of {@code queuingDelayPs} behind a packet sent at
     * {@code pktTxPs}: NSCC's decrease now ({@link CongestionController#onCongestionNotice}); RCCC has no
     * network reaction.
     *
     * @return NSCC's decision, or null when the context does not run NSCC
     */
    public Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs) {
        return window == null ? null : window.onCongestionNotice(nowPs, pktTxPs, queuingDelayPs);
    }

    /**
     * Reliable ordered delivery went back over a packet of {@code payloadBytes} ({@code wireBytes} on the wire)
     * that the target will discard: NSCC takes it out of flight without a window cut; RCCC needs credit to
     * send it again.
     */
    public void onDiscarded(int payloadBytes, int wireBytes) {
        if (window != null) {
            window.onDiscarded(payloadBytes);
        }
        if (credit != null) {
            credit.enqueue(wireBytes);
        }
    }

    /**
     * A packet given up and not yet resent was acknowledged after all (either delivery mode). NSCC puts its
     * {@code payloadBytes} back in flight (the ACK_CC's rcvd_bytes counts them); RCCC no longer needs credit
     * for its {@code wireBytes}.
     */
    public void onResendCancelled(int payloadBytes, int wireBytes) {
        if (window != null) {
            window.onReinstated(payloadBytes);
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
        return "SenderCcc[" + id + ", " + state + ", " + window + ", credit "
                + (credit == null ? "-" : credit.availableCreditBytes() + " B") + "]";
    }
}

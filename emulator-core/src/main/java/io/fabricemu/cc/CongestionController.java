package io.fabricemu.cc;

/**
 * The sender's side of a congestion control algorithm for one flow or one congestion control context: a NIC's
 * protocol feeds it what became of its packets and asks it, before each packet, whether the packet may go and
 * when. The one shape every sender algorithm has, as {@code lb.LoadBalancer} is the one shape of load balancing.
 *
 * <h2>Answers</h2>
 * {@link #canSend} is the window's gate for a packet of so many payload bytes, {@link #nextSendPs} the pacing
 * time a rate sets; a window-based algorithm does not pace, a rate-based one has no window. {@link #full} tells
 * the protocol a packet just sent leaves no room for another, so that it asks for an acknowledgement at once.
 *
 * <h2>Events</h2>
 * A packet left ({@link #onSent}); an acknowledgement came back with its congestion fields ({@link #onAck},
 * {@link AckCc}); a NACK reported a trimmed packet ({@link #onNack}) or the retransmission timer wrote one off
 * ({@link #onTimeout}); a switch or the receiver sent a congestion notice ({@link #onCongestionNotice}: a
 * back-to-sender notice, a CNP). An algorithm that counts its own bytes in flight also learns of bytes that
 * left flight without a congestion signal ({@link #onDiscarded}) or came back into it ({@link #onReinstated}).
 *
 * <h2>Implementations</h2>
 * {@code uet.cc.PerAckNscc} and {@code uet.cc.ReferenceNscc}, NSCC's two control loops, each running one UET
 * context's window; {@code roce.DcqcnControl}, DCQCN's rate limiter of one RoCEv2 QP; {@code baseline.FixedWindow},
 * the baseline transport's constant window. Which one a sender runs is decided once, when the fabric is built,
 * from the scenario's {@link CongestionControlKind}: a NIC holds one implementation only, so every call site
 * sees one class. Receiver-side roles (RCCC's credit grants, DCQCN's notification point) are not senders and
 * are not this interface.
 *
 * <p>Implementations are plain and single-threaded, take time only from the caller (in ps, never going back)
 * and randomness only from an injected seeded generator.
 */
public interface CongestionController {
    /** Entropy value of a packet whose path is not known: per-path state skips it. */
    int NO_ENTROPY = -1;

    /** Whether the window lets a packet of {@code payloadBytes} leave now (always, for a rate alone). */
    boolean canSend(int payloadBytes);

    /**
     * Whether the window, a packet of {@code payloadBytes} having just left, is too full for another of the same
     * size, so that the packet should ask for an acknowledgement at once (UET's AR flag). False for a rate alone.
     */
    boolean full(int payloadBytes);

    /**
     * The earliest time the next packet may start, in ps: a time at or before {@code nowPs} means now. An
     * algorithm that does not pace answers {@code nowPs}.
     */
    default long nextSendPs(long nowPs) {
        return nowPs;
    }

    /** The window in whole bytes, for the time series; -1 for an algorithm without one. */
    long windowBytes();

    /** The sending rate in bits per second, for the time series; -1 for an algorithm that does not pace. */
    default long rateBps() {
        return -1;
    }

    /** A packet of {@code payloadBytes} (a first transmission or a retransmission) left at {@code nowPs}. */
    void onSent(long nowPs, int payloadBytes);

    /**
     * An acknowledgement arrived, for a packet that carried {@code entropy} ({@link #NO_ENTROPY} if unknown).
     *
     * @return what it did to the window or rate
     */
    Decision onAck(AckCc ack, int entropy);

    /**
     * The receiver reported at {@code nowPs} a packet of {@code payloadBytes} trimmed on a path of {@code entropy}
     * ({@link #NO_ENTROPY} if unknown): it is no longer in flight and will be sent again.
     *
     * @param roundTripPs the NACK's arrival less its packet's departure, from which an algorithm may learn a
     *                    shorter base RTT; 0 when the loss was not reported by a NACK of the receiver
     * @return whether the window was cut (false when nothing, or only the bytes in flight, changed)
     */
    boolean onNack(long nowPs, int payloadBytes, int entropy, long roundTripPs);

    /** The retransmission timer wrote off a packet of {@code payloadBytes} at {@code nowPs}. */
    void onTimeout(long nowPs, int payloadBytes);

    /**
     * A congestion notice arrived at {@code nowPs} for a packet sent at {@code pktTxPs}: a switch's
     * back-to-sender notice reporting a queue of {@code queuingDelayPs}, or a receiver's CNP (no delay: 0).
     *
     * @return what it did to the window or rate
     */
    Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs);

    /**
     * {@code payloadBytes} still on the wire were given up without a congestion signal (a go-back resend the
     * receiver will discard): they leave flight, to be counted again when resent. For algorithms that count
     * their own bytes in flight; the others ignore it.
     */
    default void onDiscarded(int payloadBytes) {
    }

    /**
     * {@code payloadBytes} given up earlier and not resent were received after all: they go back in flight, so
     * that the acknowledgement that counts them takes them out once. For algorithms that count their own bytes in
     * flight; the others ignore it.
     */
    default void onReinstated(int payloadBytes) {
    }
}

package io.fabricemu.baseline;

/**
 * A sender's congestion controller, consulted by the transport of one flow (or, later, of one congestion
 * context shared by several). Window-based controllers (NSCC) change {@link #windowBytes()}; rate-based
 * ones (DCQCN) pace with {@link #nextSendPs(long)}. Implementations are plain single-threaded classes
 * driven by one NIC; they take their parameters in a validated record and any randomness from an
 * injected seeded generator.
 */
public interface CongestionControl {

    /** Payload bytes the flow may have sent and not yet had acknowledged. */
    long windowBytes();

    /** Earliest virtual time the next packet may start, in ps; {@code nowPs} when unpaced. */
    default long nextSendPs(long nowPs) {
        return nowPs;
    }

    /** A data packet of {@code payloadBytes} left at {@code nowPs}. */
    default void onSend(long nowPs, int payloadBytes) {
    }

    /** An acknowledgement arrived. */
    void onAck(AckFeedback ack);

    /** A switch trimmed a data packet of this flow and the receiver asked for it again. */
    default void onNack(long nowPs) {
    }

    /** The retransmission timer expired with data outstanding. */
    void onTimeout(long nowPs);
}

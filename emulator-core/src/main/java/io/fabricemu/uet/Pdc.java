package io.fabricemu.uet;

import io.fabricemu.net.DeliveryMode;

/**
 * What the initiator's NIC asks of the sending side of any packet delivery context, whatever its
 * {@link DeliveryMode}: which packet goes next, its sizes, the SYN handshake, and the outcome counters.
 * Acknowledgements, NACKs and timeouts differ by mode and are handled by {@link PdcSender} (RUD) and
 * {@link RodPdcSender} (ROD) themselves.
 */
public sealed interface Pdc permits PdcSender, RodPdcSender {
    DeliveryMode mode();

    int flowId();

    /** Bytes on the wire of the whole flow, every packet sent once: what RCCC asks credit for. */
    long wireBytes();

    /** Payload of packet {@code psn}: full except possibly the last. */
    int payloadOf(long psn);

    /** Bytes on the wire of packet {@code psn}. */
    int wireBytesOf(long psn);

    /** Whether requests still carry SYN (no ACK_CC yet). */
    boolean syn();

    /** The target's PDC id, 0 until the first ACK_CC. */
    int dpdcid();

    /** The PSN to send next, or -1 when nothing is waiting to go. */
    int nextPsn();

    /**
     * Packet {@code psn}, as {@link #nextPsn()} gave it, left at {@code nowPs} with entropy value {@code ev}.
     *
     * @return true when it was a retransmission
     */
    boolean sent(int psn, int ev, long nowPs);

    /** The deadline for a timer armed now, after a transmission at {@code nowPs}. */
    long deadlineAfterSend(long nowPs);

    /** Whether every packet has been acknowledged. */
    boolean closed();

    /** When the last packet was acknowledged, or -1. */
    long closedPs();

    /** Payload bytes sent more than once. */
    long retransmittedBytes();

    /** Retransmission timeouts that gave packets up. */
    long timeouts();
}

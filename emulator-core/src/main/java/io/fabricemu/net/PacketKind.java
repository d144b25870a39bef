package io.fabricemu.net;

/** What a packet is for. */
public enum PacketKind {
    /** Payload of a flow. */
    DATA,
    /** A cumulative acknowledgement, header only, in the control class. */
    ACK,
    /** A negative acknowledgement of one PSN whose payload a switch trimmed, header only, control class. */
    NACK,
    /** A UET ACK_CC that carries only a receiver credit grant (RCCC), header only, control class. */
    CREDIT,
    /**
     * A UET request without payload, header only, control class: a sender that lost packets and lacks the
     * credit to resend them reports its credit target (RCCC) without data to carry it.
     */
    CREDIT_REQUEST,
    /**
     * A RoCEv2 NAK "PSN sequence error", header only, control class: the responder dropped data out of order
     * and expects the packet's PSN; everything before it is acknowledged, and the requester goes back to it.
     */
    NAK_SEQUENCE,
    /**
     * A RoCEv2 RNR NAK ("receiver not ready"), header only, control class: the packet's PSN was not taken;
     * the requester pauses for the header's {@link RoceHeader#rnrPausePs()}, then resends from that PSN.
     */
    NAK_RNR,
    /** A RoCEv2 congestion notification packet, header only, control class: the DCQCN rate must drop. */
    CNP,
    /**
     * A back-to-sender notice a switch sent to the source of a data packet (WREB, U.S. Patent 12,388,756),
     * header only, control class: its flow and PSN are the data packet's, its {@link BtsHeader} says why.
     */
    BTS,
    /**
     * A UET request-to-wait, header only, control class, sent by a target to the source of a data packet that
     * found no posted receive (US 12,388,756 ¶(59)): its flow and PSN are the data packet's, its transmit time is
     * echoed; the data was discarded and the source stops sending that message. Never retransmitted: every
     * packet that finds no match causes one. In UE 1.0's semantic sublayer, the response to a
     * {@code UET_DEFERRABLE_SEND} with return code {@code RC_NO_MATCH} ("could not be matched at the target and was
     * dropped").
     */
    RTW,
    /**
     * A UET request-to-send, header only, control class, sent by a target when it posts a receive that a packet
     * failed to match earlier (US 12,388,756 ¶(59)): the source restarts the message from its first packet. The
     * target sends it again if no data follows within the retransmission timeout. In UE 1.0's semantic sublayer,
     * {@code UET_DEFERRABLE_RTR}, the target's ready-to-restart for a deferrable send.
     */
    RTS,
    /**
     * A UET PDC-level receiver-not-ready message, header only, control class, sent by a target whose PDC table is
     * full to the source of a data packet whose PDC has no entry there (US 12,388,756 FIG. 2D, operation 233; UE
     * 1.0's PDS NACK code NO_PDC_AVAIL): its flow and PSN are the data packet's, its transmit time is echoed; the
     * packet was not taken, and the source holds the PDC until it retries. Distinct from {@link #RTW}, which
     * answers a packet that found its PDC but no posted receive.
     */
    PDC_RNR
}

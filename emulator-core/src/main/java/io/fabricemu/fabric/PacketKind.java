package io.fabricemu.fabric;

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
    CREDIT_REQUEST
}

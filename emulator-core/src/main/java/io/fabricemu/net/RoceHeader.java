package io.fabricemu.net;

/**
 * The RoCEv2 transport fields a packet carries beyond the common header (the InfiniBand base transport
 * header and, on acknowledgements, the ACK extended transport header). Immutable, like the packet. The
 * syndrome of an acknowledgement (ACK, PSN sequence error NAK, RNR NAK) is the packet's {@link PacketKind}.
 *
 * @param destQpn    the destination queue pair: this emulator numbers both ends of a flow's connection with the
 *                   flow id
 * @param opcode     the BTH opcode
 * @param msn        acknowledgements: the responder's message sequence number (messages completed); 0 on data
 *                   and CNPs
 * @param rnrPausePs RNR NAKs: how long the requester waits before it resends, in ps (see
 *                   {@link io.fabricemu.roce.RnrTimer} for the two encodings); 0 otherwise
 */
public record RoceHeader(int destQpn, Opcode opcode, long msn, long rnrPausePs) implements TransportHeader {
    public RoceHeader {
        if (msn < 0 || rnrPausePs < 0) {
            throw new IllegalArgumentException("msn " + msn + " and rnrPausePs " + rnrPausePs + " must be >= 0");
        }
    }

    /** The BTH opcodes the emulator sends: reliable-connection SENDs, acknowledgements and CNPs. */
    public enum Opcode {
        /** First packet of a message of several. */
        SEND_FIRST,
        /** A packet inside a message, neither first nor last. */
        SEND_MIDDLE,
        /** Last packet of a message of several. */
        SEND_LAST,
        /** The only packet of a message. */
        SEND_ONLY,
        /** An ACK or NAK (the AETH syndrome is the packet kind). */
        ACKNOWLEDGE,
        /** A RoCEv2 congestion notification packet. */
        CNP;

        /** The SEND opcode of a packet that is or is not the first and the last of its message. */
        public static Opcode send(boolean first, boolean last) {
            return first ? (last ? SEND_ONLY : SEND_FIRST) : (last ? SEND_LAST : SEND_MIDDLE);
        }

        /** Whether a SEND with this opcode begins its message, the packet that needs a posted receive. */
        public boolean beginsMessage() {
            return this == SEND_FIRST || this == SEND_ONLY;
        }

        /** Whether a SEND with this opcode ends its message. */
        public boolean endsMessage() {
            return this == SEND_LAST || this == SEND_ONLY;
        }
    }
}

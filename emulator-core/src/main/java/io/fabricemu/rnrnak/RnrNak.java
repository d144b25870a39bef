package io.fabricemu.rnrnak;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;

/**
 * Turns the data packet a switch would drop into the RNR NAK it sends back instead (the article on
 * US 2025/0365235, step 3; the mapping onto InfiniBand's BTH and AETH fields is ours): the payload trimmed
 * away, source and destination swapped, the BTH
 * DestQP set to the requester's QPN and the opcode to Acknowledge, the AETH syndrome RNR (the packet kind)
 * with the pause, the MSN the responder will have once it has taken everything before the NAK's PSN, and
 * that PSN, where the requester resumes: the packet's own, or an earlier one the switch tail-dropped (the NAK
 * acknowledges every PSN below its own, so it must not pass over a lost one). Header-only, in the control
 * class, of the packet's flow; its entropy is kept (a responder's ACK of the flow carries the same) and its
 * timestamp echoed.
 */
final class RnrNak {
    private RnrNak() {
    }

    /**
     * The NAK for {@code data}, asking the requester to resume at {@code psn} (the packet's own, or an earlier
     * one of the same QP that the switch lost).
     *
     * @param psn          the PSN the NAK carries
     * @param requesterQpn the requester's QPN, as snooped
     * @param msn          the responder's MSN for the NAK, as snooped
     * @param pausePs      the pause as the requester will apply it (already encoded)
     * @param controlClass the switch's control class
     */
    static Packet of(Packet data, long psn, int requesterQpn, long msn, long pausePs, int controlClass) {
        if (data.kind() != PacketKind.DATA || !(data.header() instanceof RoceHeader)) {
            throw new IllegalArgumentException("only a RoCEv2 data packet can become an RNR NAK: " + data);
        }
        if (psn < 0 || psn > data.psn()) {
            throw new IllegalArgumentException("an RNR NAK for PSN " + data.psn() + " cannot resume at PSN " + psn);
        }
        int headerBytes = data.sizeBytes() - data.payloadBytes();
        return Packet.answer(PacketKind.NAK_RNR, data, headerBytes, controlClass, psn,
                new RoceHeader(requesterQpn, RoceHeader.Opcode.ACKNOWLEDGE, msn, pausePs));
    }
}

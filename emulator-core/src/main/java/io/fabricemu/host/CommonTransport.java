package io.fabricemu.host;

import io.fabricemu.net.NoHeader;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.TransportHeader;

/**
 * What every NIC's transport shares, whatever the protocol: how a packet is framed, which traffic classes
 * data and control packets use, and when an unacknowledged packet is given up on.
 *
 * @param headerBytes  header bytes of every packet (an ACK is header only)
 * @param payloadBytes payload bytes of a full data packet (MTU on the wire minus the header)
 * @param rtoPs        retransmission timeout
 * @param dataClass    traffic class of data packets
 * @param controlClass traffic class of ACKs, NAKs and other control packets (higher: served first)
 */
public record CommonTransport(int headerBytes, int payloadBytes, long rtoPs, int dataClass, int controlClass) {
    public CommonTransport {
        if (headerBytes <= 0 || payloadBytes <= 0 || rtoPs <= 0 || controlClass <= dataClass) {
            throw new IllegalArgumentException("headerBytes " + headerBytes + ", payloadBytes " + payloadBytes
                    + ", rtoPs " + rtoPs + ", dataClass " + dataClass + ", controlClass " + controlClass);
        }
    }

    /**
     * A header-only control packet of {@code kind} from {@code host} back to the sender of {@code data}, in the
     * control class, with {@code data}'s entropy value (the same path back, where the fabric allows) and its
     * transmit time echoed (for the sender's RTT).
     */
    public Packet answer(int host, Packet data, PacketKind kind, long psn, int flags) {
        return answer(host, data, kind, psn, flags, NoHeader.INSTANCE);
    }

    /** As {@link #answer(int, Packet, PacketKind, long, int)}, carrying a transport header. */
    public Packet answer(int host, Packet data, PacketKind kind, long psn, int flags, TransportHeader header) {
        return Packet.control(kind, data.flowId(), host, data.src(), headerBytes, controlClass, data.entropy(), psn,
                data.timestampPs(), flags, header);
    }
}

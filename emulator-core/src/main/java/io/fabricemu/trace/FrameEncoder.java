package io.fabricemu.trace;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.RoceHeader;

/**
 * Writes the headers of a packet as real bytes, for a packet trace: Ethernet II, IPv4, UDP, then the transport's
 * own header. Only the headers are written; the payload is not (the trace's captured length stops where they end).
 *
 * <ul>
 *   <li>Addresses: host {@code h} is IPv4 {@code 10.0.0.0 + h} (its last three bytes are the host index in base
 *       256: host 300 is 10.0.1.44) and MAC {@code 02:00} followed by those four bytes (locally administered).
 *       The Ethernet addresses are the packet's source and destination hosts on every hop.</li>
 *   <li>IPv4: DSCP is the packet's traffic class, the ECN bits its ECN field (RFC 3168: 2 ECT(0), 3 CE), total
 *       length the packet's size less the 14-byte Ethernet header, don't-fragment set, TTL 64, checksum
 *       computed; UDP's checksum is 0 (none, as RFC 768 allows over IPv4), its source port
 *       {@link Packet#udpSrcPort()}.</li>
 *   <li>RoCEv2 ({@link RoceHeader}), UDP port 4791 (IBTA Annex A17): the base transport header (BTH, 12 bytes:
 *       opcode, P_Key 0xFFFF, destination QP = the flow id, AckReq on a message's last packet, PSN modulo
 *       2^24), then on an ACK or NAK the ACK extended transport header (AETH, 4 bytes: syndrome 0x1F for an
 *       ACK, 0x60 for a PSN sequence error NAK, 0x20 + the 5-bit timer code for an RNR NAK; MSN modulo 2^24).
 *       A CNP is BTH opcode 0x81 with 16 reserved bytes. Wireshark's {@code infiniband} dissector reads
 *       them.</li>
 *   <li>Everything else (Ultra Ethernet's PDS fields, the baseline transport, back-to-sender notices) is the
 *       emulator's own layout on UDP port 4793 (the port UE 1.0 assigns to UET), described in
 *       {@link EmuHeaderLayout}.</li>
 * </ul>
 */
final class FrameEncoder {
    /** The most bytes {@link #packet} or {@link #pfc} writes. */
    static final int MAX_BYTES = 128;
    static final int ETHERNET_BYTES = 14;
    static final int IPV4_BYTES = 20;
    static final int UDP_BYTES = 8;
    /** The UDP port of RoCEv2 (IBTA Annex A17). */
    static final int ROCE_PORT = 4791;
    /** The UDP port UE 1.0 assigns to Ultra Ethernet transport. */
    static final int UET_PORT = 4793;

    private static final int OP_SEND_FIRST = 0x00;
    private static final int OP_SEND_MIDDLE = 0x01;
    private static final int OP_SEND_LAST = 0x02;
    private static final int OP_SEND_ONLY = 0x04;
    private static final int OP_ACKNOWLEDGE = 0x11;
    private static final int OP_CNP = 0x81;
    private static final int CNP_RESERVED_BYTES = 16;

    private FrameEncoder() {
    }

    /** Writes {@code p}'s headers at {@code buf[off]}; returns how many bytes (at most {@link #MAX_BYTES}). */
    static int packet(Packet p, byte[] buf, int off) {
        boolean roce = p.header() instanceof RoceHeader;
        int at = ethernet(buf, off, mac(p.dst()), mac(p.src()), 0x0800);
        int ipAt = at;
        int ipLength = Math.max(0, Math.min(0xFFFF, p.sizeBytes() - ETHERNET_BYTES));
        at = Bytes.u8(buf, at, 0x45);
        at = Bytes.u8(buf, at, (p.trafficClass() & 0x3F) << 2 | (p.ecn() & 3));
        at = Bytes.u16(buf, at, ipLength);
        at = Bytes.u16(buf, at, 0);
        at = Bytes.u16(buf, at, 0x4000);
        at = Bytes.u8(buf, at, 64);
        at = Bytes.u8(buf, at, Packet.PROTO_UDP);
        at = Bytes.u16(buf, at, 0);
        at = Bytes.u32(buf, at, ipv4(p.src()));
        at = Bytes.u32(buf, at, ipv4(p.dst()));
        Bytes.u16(buf, ipAt + 10, ipChecksum(buf, ipAt));
        at = Bytes.u16(buf, at, p.udpSrcPort());
        at = Bytes.u16(buf, at, roce ? ROCE_PORT : UET_PORT);
        at = Bytes.u16(buf, at, Math.max(0, ipLength - IPV4_BYTES));
        at = Bytes.u16(buf, at, 0);
        at = roce ? roce(p, (RoceHeader) p.header(), buf, at) : EmuHeaderLayout.write(p, buf, at);
        return at - off;
    }

    /**
     * Writes PFC frame {@code f} at {@code buf[off]}: a MAC control frame (IEEE 802.1Qbb, clause 36) to
     * 01:80:C2:00:00:01, EtherType 0x8808, opcode 0x0101, the class-enable vector and eight pause times (the
     * frame's quanta for the classes it names, 0 for the others), zero-padded to 60 bytes (64 with the FCS,
     * which is not written). Returns 60.
     */
    static int pfc(PfcFrame f, byte[] buf, int off) {
        int at = ethernet(buf, off, 0x0180_C200_0001L, 0x0200_0000_0000L, 0x8808);
        at = Bytes.u16(buf, at, 0x0101);
        at = Bytes.u16(buf, at, f.enableVector());
        for (int c = 0; c < 8; c++) {
            at = Bytes.u16(buf, at, f.applies(c) ? f.quanta() : 0);
        }
        int end = off + PfcFrame.SIZE_BYTES - 4;
        while (at < end) {
            at = Bytes.u8(buf, at, 0);
        }
        return at - off;
    }

    /** Host {@code h}'s IPv4 address, {@code 10.0.0.0 + h}, as a 32-bit number. */
    static int ipv4(int host) {
        return 0x0A00_0000 | (host & 0x00FF_FFFF);
    }

    /** Host {@code h}'s MAC address, {@code 02:00} then its IPv4 address, as a 48-bit number. */
    static long mac(int host) {
        return 0x0200_0000_0000L | (ipv4(host) & 0xFFFF_FFFFL);
    }

    private static int ethernet(byte[] buf, int off, long dst, long src, int etherType) {
        int at = Bytes.u48(buf, off, dst);
        at = Bytes.u48(buf, at, src);
        return Bytes.u16(buf, at, etherType);
    }

    /** The one's-complement sum of the 20-byte IPv4 header at {@code at} (checksum field 0), complemented. */
    static int ipChecksum(byte[] buf, int at) {
        int sum = 0;
        for (int i = 0; i < IPV4_BYTES; i += 2) {
            sum += (buf[at + i] & 0xFF) << 8 | (buf[at + i + 1] & 0xFF);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return ~sum & 0xFFFF;
    }

    private static int roce(Packet p, RoceHeader h, byte[] buf, int at) {
        int opcode = opcode(h.opcode());
        at = Bytes.u8(buf, at, opcode);
        at = Bytes.u8(buf, at, 0);
        at = Bytes.u16(buf, at, 0xFFFF);
        at = Bytes.u8(buf, at, 0);
        at = Bytes.u24(buf, at, h.destQpn());
        at = Bytes.u8(buf, at, h.opcode().endsMessage() ? 0x80 : 0);
        at = Bytes.u24(buf, at, (int) p.psn());
        if (h.opcode() == RoceHeader.Opcode.ACKNOWLEDGE) {
            at = Bytes.u8(buf, at, syndrome(p, h));
            at = Bytes.u24(buf, at, (int) h.msn());
        } else if (h.opcode() == RoceHeader.Opcode.CNP) {
            for (int i = 0; i < CNP_RESERVED_BYTES; i++) {
                at = Bytes.u8(buf, at, 0);
            }
        }
        return at;
    }

    private static int opcode(RoceHeader.Opcode o) {
        switch (o) {
            case SEND_FIRST:
                return OP_SEND_FIRST;
            case SEND_MIDDLE:
                return OP_SEND_MIDDLE;
            case SEND_LAST:
                return OP_SEND_LAST;
            case SEND_ONLY:
                return OP_SEND_ONLY;
            case ACKNOWLEDGE:
                return OP_ACKNOWLEDGE;
            case CNP:
                return OP_CNP;
        }
        throw new IllegalArgumentException("no BTH opcode for " + o);
    }

    /** The AETH syndrome (IBTA Volume 1, section 9.3.5): ACK without credit, PSN sequence error, RNR NAK. */
    private static int syndrome(Packet p, RoceHeader h) {
        switch (p.kind()) {
            case NAK_SEQUENCE:
                return 0x60;
            case NAK_RNR:
                return 0x20 | RnrCode.of(h.rnrPausePs());
            default:
                return 0x1F;
        }
    }
}

package io.fabricemu.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.RoceHeader;
import org.junit.jupiter.api.Test;

class FrameEncoderTest {
    private static final int IP = FrameEncoder.ETHERNET_BYTES;
    private static final int UDP = IP + FrameEncoder.IPV4_BYTES;
    private static final int L4 = UDP + FrameEncoder.UDP_BYTES;

    private static int u8(byte[] b, int at) {
        return b[at] & 0xFF;
    }

    private static int u16(byte[] b, int at) {
        return u8(b, at) << 8 | u8(b, at + 1);
    }

    private static int u24(byte[] b, int at) {
        return u8(b, at) << 16 | u16(b, at + 1);
    }

    @Test
    void roceData_hasEthernetIpv4UdpAndABth() {
        Packet p = PacketBuilder.data(7, 300, 2).sizeBytes(4150).payloadBytes(4086).psn(0x1234567)
                .ecn(Packet.ECN_CE).header(new RoceHeader(7, RoceHeader.Opcode.SEND_LAST, 0, 0)).build();
        byte[] b = new byte[FrameEncoder.MAX_BYTES];
        assertEquals(L4 + 12, FrameEncoder.packet(p, b, 0));
        // MACs 02:00 + the IPv4 address; host 300 is 10.0.1.44
        assertEquals(0x0200, u16(b, 6));
        assertEquals(0x0A00012C, u16(b, 8) << 16 | u16(b, 10));
        assertEquals(0x0800, u16(b, 12));
        assertEquals(0x45, u8(b, IP));
        assertEquals(3, u8(b, IP + 1) & 3, "CE");
        assertEquals(4150 - 14, u16(b, IP + 2), "IPv4 total length");
        assertEquals(17, u8(b, IP + 9));
        assertEquals(4791, u16(b, UDP + 2));
        assertEquals(4150 - 34, u16(b, UDP + 4), "UDP length");
        assertEquals(0x02, u8(b, L4), "RC SEND last");
        assertEquals(0xFFFF, u16(b, L4 + 2), "P_Key");
        assertEquals(7, u24(b, L4 + 5), "destination QP");
        assertEquals(0x80, u8(b, L4 + 8), "AckReq on a message's last packet");
        assertEquals(0x234567, u24(b, L4 + 9), "PSN modulo 2^24");
    }

    @Test
    void ipv4Checksum_makesTheHeaderSumToAllOnes() {
        Packet p = PacketBuilder.data(1, 0, 1).sizeBytes(1000).payloadBytes(936).build();
        byte[] b = new byte[FrameEncoder.MAX_BYTES];
        FrameEncoder.packet(p, b, 0);
        int sum = 0;
        for (int i = 0; i < 20; i += 2) {
            sum += u16(b, IP + i);
        }
        sum = (sum & 0xFFFF) + (sum >>> 16);
        assertEquals(0xFFFF, sum);
    }

    @Test
    void roceAcknowledgements_carryTheirSyndromeInAnAeth() {
        byte[] b = new byte[FrameEncoder.MAX_BYTES];
        Packet ack = PacketBuilder.of(PacketKind.ACK, 3, 0, 1).sizeBytes(64).psn(9)
                .header(new RoceHeader(3, RoceHeader.Opcode.ACKNOWLEDGE, 0x1000005, 0)).build();
        assertEquals(L4 + 16, FrameEncoder.packet(ack, b, 0));
        assertEquals(0x11, u8(b, L4));
        assertEquals(0x1F, u8(b, L4 + 12), "ACK, no credit");
        assertEquals(5, u24(b, L4 + 13), "MSN modulo 2^24");
        Packet nak = PacketBuilder.of(PacketKind.NAK_SEQUENCE, 3, 0, 1).sizeBytes(64).psn(9)
                .header(new RoceHeader(3, RoceHeader.Opcode.ACKNOWLEDGE, 0, 0)).build();
        FrameEncoder.packet(nak, b, 0);
        assertEquals(0x60, u8(b, L4 + 12));
        // 10 us is code 1 of the IBTA table
        Packet rnr = PacketBuilder.of(PacketKind.NAK_RNR, 3, 0, 1).sizeBytes(64).psn(9)
                .header(new RoceHeader(3, RoceHeader.Opcode.ACKNOWLEDGE, 0, 10_000_000)).build();
        FrameEncoder.packet(rnr, b, 0);
        assertEquals(0x21, u8(b, L4 + 12));
        Packet cnp = PacketBuilder.of(PacketKind.CNP, 3, 0, 1).sizeBytes(64)
                .header(new RoceHeader(3, RoceHeader.Opcode.CNP, 0, 0)).build();
        assertEquals(L4 + 12 + 16, FrameEncoder.packet(cnp, b, 0));
        assertEquals(0x81, u8(b, L4));
    }

    @Test
    void pdsRequest_goesToPort4793InTheDocumentedLayout() {
        Packet p = PacketBuilder.data(0x01020304, 1, 0).sizeBytes(4150).payloadBytes(4086).psn(5).entropy(0xBEEF)
                .header(new PdsRequest(9, false, 17, -1, io.fabricemu.net.DeliveryMode.RUD, true)).build();
        byte[] b = new byte[FrameEncoder.MAX_BYTES];
        assertEquals(L4 + 32, FrameEncoder.packet(p, b, 0));
        assertEquals(4793, u16(b, UDP + 2));
        assertEquals(1, u8(b, L4), "version");
        assertEquals(1, u8(b, L4 + 1), "DATA");
        assertEquals(0x08, u8(b, L4 + 2), "AR, no SYN");
        assertEquals(1, u8(b, L4 + 3), "a PDS request");
        assertEquals(5, u16(b, L4 + 6));
        assertEquals(0x01020304, u16(b, L4 + 8) << 16 | u16(b, L4 + 10));
        assertEquals(17, u16(b, L4 + 12), "DPDCID");
        assertEquals(0xBEEF, u16(b, L4 + 14));
        assertEquals(9, u8(b, L4 + 23), "CCC id, low byte");
        assertEquals(0xFF, u8(b, L4 + 31), "no credit target: -1");
    }

    @Test
    void pfc_isAMacControlFrameOf60BytesBeforeItsFcs() {
        byte[] b = new byte[FrameEncoder.MAX_BYTES];
        assertEquals(60, FrameEncoder.pfc(PfcFrame.of(3, 0xFFFF), b, 0));
        assertEquals(0x0180, u16(b, 0));
        assertEquals(0x8808, u16(b, 12));
        assertEquals(0x0101, u16(b, 14));
        assertEquals(1 << 3, u16(b, 16));
        assertEquals(0, u16(b, 18 + 2 * 2));
        assertEquals(0xFFFF, u16(b, 18 + 2 * 3));
    }
}

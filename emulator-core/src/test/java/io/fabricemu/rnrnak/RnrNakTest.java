package io.fabricemu.rnrnak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;
import org.junit.jupiter.api.Test;

class RnrNakTest {
    static Packet data(int flow, int src, int dst, long psn, RoceHeader.Opcode opcode) {
        return PacketBuilder.data(flow, src, dst).sizeBytes(4160).payloadBytes(4096).entropy(0x1234).psn(psn)
                .timestampPs(777).header(new RoceHeader(flow, opcode, 0, 0)).build();
    }

    @Test
    void of_swapsAddressesTrimsAndFillsTheAcknowledgeFields() {
        Packet d = data(5, 40, 0, 33, RoceHeader.Opcode.SEND_MIDDLE);
        Packet nak = RnrNak.of(d, 33, 17, 2, 123_000_000, 1);
        assertEquals(PacketKind.NAK_RNR, nak.kind(), "AETH syndrome RNR");
        assertEquals(0, nak.src(), "from the responder's address");
        assertEquals(40, nak.dst(), "to the requester");
        assertEquals(5, nak.flowId());
        assertEquals(64, nak.sizeBytes(), "header only");
        assertEquals(0, nak.payloadBytes());
        assertEquals(1, nak.trafficClass(), "control class");
        assertEquals(0, nak.ecn());
        assertEquals(0x1234, nak.entropy());
        assertEquals(33, nak.psn(), "where the requester resumes");
        assertEquals(777, nak.timestampPs());
        assertEquals(new RoceHeader(17, RoceHeader.Opcode.ACKNOWLEDGE, 2, 123_000_000), nak.header());
    }

    @Test
    void of_anEarlierLostPsn_isCarried() {
        Packet nak = RnrNak.of(data(5, 40, 0, 33, RoceHeader.Opcode.SEND_LAST), 30, 17, 1, 1, 1);
        assertEquals(30, nak.psn());
    }

    @Test
    void of_laterPsnOrNotRoceData_rejected() {
        assertThrows(IllegalArgumentException.class,
                () -> RnrNak.of(data(5, 40, 0, 33, RoceHeader.Opcode.SEND_LAST), 34, 17, 1, 1, 1));
        Packet ack = PacketBuilder.of(PacketKind.ACK, 5, 0, 40).sizeBytes(64).trafficClass(1).psn(3)
                .header(new RoceHeader(5, RoceHeader.Opcode.ACKNOWLEDGE, 0, 0)).build();
        assertThrows(IllegalArgumentException.class, () -> RnrNak.of(ack, 3, 5, 0, 1, 1));
    }
}

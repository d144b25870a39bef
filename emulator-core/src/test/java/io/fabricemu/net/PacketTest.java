package io.fabricemu.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PacketTest {
    private static final PdsRequest REQUEST = new PdsRequest(7, false, 3, -1);

    private static BtsHeader notice(TransportHeader echoed) {
        return new BtsHeader(BtsCause.EARLY, 0, 50, 2, 0, 1_000, 40_000, 500_000, 3_200_000, 4, 9_000, 1_000,
                41_000, 0, 12, echoed);
    }

    @Test
    void data_isEcnCapableWithoutFlags() {
        Packet p = Packet.data(3, 0, 5, 4_150, 4_096, 2, 9, 11, 1_234, REQUEST);
        assertEquals(new Packet(PacketKind.DATA, 3, 0, 5, 4_150, 4_096, 2, Packet.ECN_ECT0, 9, 11, 1_234, 0, REQUEST),
                p);
    }

    @Test
    void control_hasNoPayloadAndIsNotEcnCapable() {
        PdsAck ack = new PdsAck(11, 3, 4_096, 0, 0, false, 0, -1);
        Packet p = Packet.control(PacketKind.ACK, 3, 5, 0, 54, 1, 9, 12, 1_234, Packet.FLAG_ECN_ECHO, ack);
        assertEquals(new Packet(PacketKind.ACK, 3, 5, 0, 54, 0, 1, 0, 9, 12, 1_234, Packet.FLAG_ECN_ECHO, ack), p);
    }

    @Test
    void answer_goesBackToTheSourceWithTheDataPacketsFlowEntropyAndTimestamp() {
        Packet data = Packet.data(3, 0, 5, 4_150, 4_096, 0, 9, 11, 1_234, REQUEST).withEcn(Packet.ECN_CE);
        BtsHeader h = notice(REQUEST);
        assertEquals(new Packet(PacketKind.BTS, 3, 5, 0, 64, 0, 1, 0, 9, 11, 1_234, 0, h),
                Packet.answer(PacketKind.BTS, data, 64, 1, 11, h));
    }

    @Test
    void trimAndMark_keepTheHeader() {
        Packet data = Packet.data(3, 0, 5, 4_150, 4_096, 0, 9, 11, 1_234, REQUEST);
        Packet trimmed = data.trim(1);
        assertTrue(trimmed.trimmed());
        assertEquals(54, trimmed.sizeBytes());
        assertSame(REQUEST, trimmed.header());
        assertSame(REQUEST, data.withEcn(Packet.ECN_CE).header());
    }

    @Test
    void header_isNeverNull_andANoticeExactlyOnABackToSenderPacket() {
        assertThrows(IllegalArgumentException.class, () -> Packet.data(3, 0, 5, 4_150, 4_096, 0, 9, 11, 0, null));
        assertThrows(IllegalArgumentException.class,
                () -> Packet.control(PacketKind.BTS, 3, 5, 0, 64, 1, 9, 11, 0, 0, NoHeader.INSTANCE));
        assertThrows(IllegalArgumentException.class,
                () -> Packet.control(PacketKind.ACK, 3, 5, 0, 64, 1, 9, 11, 0, 0, notice(NoHeader.INSTANCE)));
    }

    @Test
    void notice_echoesADataPacketsHeaderOnly() {
        assertEquals(REQUEST, notice(REQUEST).echoed());
        assertThrows(NullPointerException.class, () -> notice(null));
        assertThrows(IllegalArgumentException.class, () -> notice(notice(NoHeader.INSTANCE)));
        assertThrows(IllegalArgumentException.class, () -> notice(new PdsAck(1, 3, 0, 0, 0, false, 0, -1)));
    }

    @Test
    void builder_namesEveryField_dataDefaultsToEct0AndNoHeader() {
        assertEquals(new Packet(PacketKind.DATA, 3, 0, 5, 4_150, 4_096, 2, Packet.ECN_ECT0, 9, 11, 1_234, 0,
                NoHeader.INSTANCE), PacketBuilder.data(3, 0, 5).sizeBytes(4_150).payloadBytes(4_096).trafficClass(2)
                .entropy(9).psn(11).timestampPs(1_234).build());
        PdsAck ack = new PdsAck(11, 3, 4_096, 0, 0, false, 0, -1);
        assertEquals(new Packet(PacketKind.ACK, 3, 5, 0, 54, 0, 1, 0, 9, 12, 1_234, Packet.FLAG_ECN_ECHO, ack),
                PacketBuilder.of(PacketKind.ACK, 3, 5, 0).sizeBytes(54).trafficClass(1).entropy(9).psn(12)
                        .timestampPs(1_234).flags(Packet.FLAG_ECN_ECHO).header(ack).build());
    }
}

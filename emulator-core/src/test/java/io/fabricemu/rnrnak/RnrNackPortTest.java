package io.fabricemu.rnrnak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.stats.RnrCounters;
import io.fabricemu.stats.RnrNakRecord;
import io.fabricemu.switching.RecordingPort;
import io.fabricemu.time.Ps;
import org.junit.jupiter.api.Test;

/** The port-level state machine: detect, NAK once, drop the NACKed QP's later packets, resume. */
class RnrNackPortTest {
    private static final long RATE = 100_000_000_000L;
    private static final long RTT = 8 * Ps.PER_US;
    private static final int RESPONDER = 0;
    private static final int REQUESTER_QPN = 5;

    private static RnrNackSettings settings(TriggerMode mode) {
        return new RnrNackSettings(true, true, 10_000, 5_000, mode, 0, 100, RnrTimer.Encoding.EXACT_PS, 2, 64,
                Ps.PER_MS, (a, b) -> RTT);
    }

    /** A port of a 1 MiB two-class queue; these tests drive its scheme directly, not through its stage hooks. */
    private static RnrNackPort port(RnrNackSettings settings) {
        return new RnrNackPort(settings, RATE, 1, new RecordingPort(2, 1 << 20, RATE).view());
    }

    /** Flow f from host 40 + f, messages of 4 packets. */
    private static Packet data(int flow, long psn) {
        return PacketBuilder.data(flow, 40 + flow, RESPONDER).sizeBytes(4160).payloadBytes(4096).psn(psn)
                .header(new RoceHeader(flow, RoceHeader.Opcode.send(psn % 4 == 0, psn % 4 == 3), 0, 0)).build();
    }

    private static Packet ack(int flow, long psn, long msn) {
        return acknowledge(PacketKind.ACK, flow, psn, msn);
    }

    /** An ACK or NAK of {@code flow} from the responder, {@code msn} messages complete. */
    private static Packet acknowledge(PacketKind kind, int flow, long psn, long msn) {
        return PacketBuilder.of(kind, flow, RESPONDER, 40 + flow).sizeBytes(64).trafficClass(1).psn(psn)
                .header(new RoceHeader(REQUESTER_QPN, RoceHeader.Opcode.ACKNOWLEDGE, msn, 0)).build();
    }

    private static RoceHeader roce(Packet p) {
        return assertInstanceOf(RoceHeader.class, p.header());
    }

    /** Offers packets 0..last of {@code flow} as admitted, then the responder's ACK of {@code ackedPsn}. */
    private static void warm(RnrNackPort port, int flow, long last, long ackedPsn, long nowPs) {
        for (long psn = 0; psn <= last; psn++) {
            assertFalse(port.intercept(data(flow, psn), true, 0, nowPs));
            port.offered(data(flow, psn), true, nowPs);
        }
        port.snoopIngress(ack(flow, ackedPsn, (ackedPsn + 1) / 4), nowPs);
    }

    @Test
    void intercept_belowThreshold_neverNaks() {
        RnrNackPort port = port(settings(TriggerMode.AT_THRESHOLD));
        warm(port, 1, 9, 5, 100);
        port.occupancyChanged(10_000, 200);
        assertFalse(port.intercept(data(1, 10), true, 10_000, 200), "at the threshold is not over it");
        assertEquals(0, port.counters().naksSent());
    }

    @Test
    void intercept_atOverflow_naksTheFirstPacketThatWouldDrop_thenDropsTheQpsLaterPackets() {
        RnrNackPort port = port(settings(TriggerMode.AT_OVERFLOW));
        warm(port, 1, 9, 5, 100);
        port.occupancyChanged(12_500, 200);
        assertFalse(port.intercept(data(1, 10), true, 12_500, 200), "over the threshold but it fits");
        port.offered(data(1, 10), true, 200);
        assertTrue(port.intercept(data(1, 11), false, 12_500, 300));
        Packet nak = port.takeNak();
        assertNull(port.takeNak(), "taken once");
        assertEquals(PacketKind.NAK_RNR, nak.kind());
        assertEquals(11, nak.psn());
        assertEquals(41, nak.dst());
        assertEquals(REQUESTER_QPN, roce(nak).destQpn());
        assertEquals(2, roce(nak).msn(), "ACK of 5 says 1 message, the end at 7 makes 2; 11 ends the third");
        assertEquals(Ps.serializationPs(12_500, RATE), roce(nak).rnrPausePs(), "rank 0: the drain time");
        assertTrue(port.intercept(data(1, 12), true, 12_000, 310), "a later PSN of the NACKed QP: dropped");
        assertNull(port.takeNak(), "one NAK per QP while it is paused");
        assertEquals(1, port.counters().nackedDrops());
        RnrCounters c = port.counters();
        assertEquals(1, c.naksSent());
        assertEquals(new RnrNakRecord(300, 1, 11, REQUESTER_QPN, 2, Ps.serializationPs(12_500, RATE), 12_500, 1, 0),
                c.naks().get(0));
        assertEquals(200, c.firstOverThresholdPs());
    }

    @Test
    void intercept_aRoundTripOfDays_naksWithACappedPauseAndGuardInsteadOfOverflowing() {
        long days = 200_000 * Ps.PER_S;
        RnrNackPort port = port(new RnrNackSettings(true, true, 10_000, 5_000, TriggerMode.AT_OVERFLOW, 0,
                10_000, RnrTimer.Encoding.EXACT_PS, 1_000, 64, Ps.PER_MS, (a, b) -> days));
        for (int flow = 1; flow <= 3; flow++) {
            warm(port, flow, 9, 5, 100);
        }
        port.occupancyChanged(12_500, 200);
        for (int flow = 1; flow <= 3; flow++) {
            assertTrue(port.intercept(data(flow, 10), false, 12_500, 300), "flow " + flow);
            assertTrue(roce(port.takeNak()).rnrPausePs() <= PauseStagger.MAX_PAUSE_PS + 2);
            assertTrue(port.intercept(data(flow, 11), true, 12_000, 310), "still NACKed: the guard has not passed");
        }
        assertEquals(3, port.counters().naksSent());
    }

    @Test
    void intercept_nackedQp_earlierPsnStillGoes_andTheResentPsnEndsThePause() {
        RnrNackPort port = port(settings(TriggerMode.AT_OVERFLOW));
        warm(port, 1, 9, 5, 100);
        port.occupancyChanged(12_500, 200);
        assertTrue(port.intercept(data(1, 10), false, 12_500, 300));
        assertFalse(port.intercept(data(1, 8), true, 12_500, 310), "a PSN the NAK acknowledged must go through");
        port.occupancyChanged(1_000, 400);
        assertFalse(port.intercept(data(1, 10), true, 1_000, 500), "the requester resumed at the NAK's PSN");
        port.offered(data(1, 10), true, 500);
        assertFalse(port.intercept(data(1, 11), true, 1_000, 510), "and the QP is active again");
        assertEquals(0, port.counters().nackedDrops());
    }

    @Test
    void intercept_guardExpired_releasesTheQp() {
        RnrNackPort port = port(settings(TriggerMode.AT_OVERFLOW));
        warm(port, 1, 9, 5, 100);
        port.occupancyChanged(12_500, 200);
        assertTrue(port.intercept(data(1, 10), false, 12_500, 300));
        long guardEnd = 300 + Ps.serializationPs(12_500, RATE) + 2 * RTT;
        assertTrue(port.intercept(data(1, 11), true, 1_000, guardEnd), "at the guard's end: still NACKed");
        assertFalse(port.intercept(data(1, 12), true, 1_000, guardEnd + 1), "after it: active");
        port.offered(data(1, 12), true, guardEnd + 1);
        port.occupancyChanged(12_500, guardEnd + 2);
        assertTrue(port.intercept(data(1, 13), false, 12_500, guardEnd + 3));
        assertEquals(10, port.takeNak().psn(), "the requester never came back for 10: a new NAK goes back to it");
    }

    @Test
    void intercept_staggersEachQpOfTheEpisodeByItsRank() {
        RnrNackPort port = port(settings(TriggerMode.AT_THRESHOLD));
        for (int flow = 1; flow <= 3; flow++) {
            warm(port, flow, 3, 3, 100);
        }
        port.occupancyChanged(12_500, 200);
        long drain = Ps.serializationPs(12_500, RATE);
        for (int flow = 1; flow <= 3; flow++) {
            assertTrue(port.intercept(data(flow, 4), true, 12_500, 300), "at-threshold: even though it fits");
            assertEquals(drain + (flow - 1) * RTT, roce(port.takeNak()).rnrPausePs());
        }
        port.occupancyChanged(4_000, 400);
        port.occupancyChanged(12_500, 500);
        assertEquals(2, port.counters().episodes());
        assertTrue(port.intercept(data(1, 4), true, 12_500, 600), "resumed, and a new episode");
        assertEquals(drain, roce(port.takeNak()).rnrPausePs(), "ranks restart with the episode");
    }

    @Test
    void intercept_withoutAnAcknowledgement_isUnresolvedAndTakesTheNormalPath() {
        RnrNackPort port = port(settings(TriggerMode.AT_OVERFLOW));
        port.occupancyChanged(12_500, 200);
        assertFalse(port.intercept(data(1, 0), false, 12_500, 300));
        assertNull(port.takeNak());
        assertEquals(1, port.counters().unresolved());
    }

    @Test
    void intercept_afterATailDrop_naksAtTheLostPsn() {
        RnrNackPort port = port(settings(TriggerMode.AT_OVERFLOW));
        warm(port, 1, 9, 5, 100);
        port.occupancyChanged(8_000, 200);
        port.offered(data(1, 10), false, 200);
        port.occupancyChanged(12_500, 300);
        assertTrue(port.intercept(data(1, 12), false, 12_500, 400));
        Packet nak = port.takeNak();
        assertEquals(10, nak.psn(), "the NAK acknowledges what is below it, so not beyond the lost 10");
        assertEquals(2, roce(nak).msn());
        assertTrue(port.intercept(data(1, 11), true, 12_500, 410), "11 is after the NAK's PSN now");
    }

    @Test
    void snoopIngress_aSequenceNakAcknowledgesBelowItsPsn() {
        RnrNackPort port = port(settings(TriggerMode.AT_OVERFLOW));
        warm(port, 1, 9, 3, 100);
        port.snoopIngress(acknowledge(PacketKind.NAK_SEQUENCE, 1, 8, 2), 150);
        port.occupancyChanged(12_500, 200);
        assertTrue(port.intercept(data(1, 10), false, 12_500, 300));
        assertEquals(2, roce(port.takeNak()).msn(), "2 messages below 8, no end in 8..9");
    }
}

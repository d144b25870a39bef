package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicSetup;
import io.fabricemu.lb.LoadBalancing;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.AckPolicy;
import io.fabricemu.uet.UetNic;
import io.fabricemu.uet.UetPlan;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccLoop;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A UET NIC hosted by its actor, the probe standing in for the shard: the packets it puts on its link, at
 * exact virtual times, in answer to the ACK_CCs, NACKs, credit and data the test delivers.
 *
 * <p>Every NIC runs at 100 Gb/s: a data packet of 4,096 B payload and 54 B header (4,150 B) serializes in
 * 332,000 ps, a header-only control packet (54 B) in 4,320 ps. The link learns of a packet one handoff,
 * 250,000 ps, after its first bit leaves. Base RTT 6 us (BDP 75,000 B, NSCC target 4.5 us without
 * trimming); retransmission timeout 20 us. Host 2 sends flow 1 to host 3; each NIC's element id is its host
 * id, and its link is element 100.
 */
class UetNicActorTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    private static final long RATE = 100_000_000_000L;
    private static final long HANDOFF = 250_000;
    private static final int LINK = 100;
    private static final int HEADER = 54;
    private static final int PAYLOAD = 4_096;
    private static final int WIRE = PAYLOAD + HEADER;
    private static final long SER = 332_000;
    private static final long CTRL_SER = 4_320;
    private static final long BASE_RTT_PS = 6 * Ps.PER_US;
    private static final long RTO_PS = 20 * Ps.PER_US;
    private static final long SLICE_PS = Ps.PER_US;
    private static final int DATA_CLASS = 0;
    private static final int CONTROL_CLASS = 1;
    private static final int SENDER = 2;
    private static final int RECEIVER = 3;
    private static final int FLOW = 1;
    private static final int EV = 7;
    /** Ten full packets. */
    private static final long FLOW_BYTES = 10L * PAYLOAD;
    /** The sender's first congestion context: host 2 in the top bits, context number 1. */
    private static final long CCC = (2L << 24) | 1;
    /** The CCCs of hosts 1 and 2, for the RCCC receiver tests with two senders. */
    private static final long CCC_A = (1L << 24) | 1;
    private static final long CCC_B = (2L << 24) | 1;
    /** The PDC id the target hands back in its ACK_CCs (any value > 0). */
    private static final int TARGET_PDC = 5;
    /** The link element that delivers packets to the NIC. */
    private static final int FROM_LINK = 99;

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    /**
     * The per-ACK NSCC loop, whose window these worked numbers follow packet by packet, and an ACK_CC for every
     * packet (coalescing has tests of its own, {@code receiver_referenceCoalescing_...}).
     */
    private static UetPlan plan(boolean nscc, boolean rccc, long initialWindowBytes, long initialCreditBytes) {
        return plan(nscc, rccc, initialWindowBytes, initialCreditBytes, AckPolicy.EVERY_PACKET);
    }

    private static UetPlan plan(boolean nscc, boolean rccc, long initialWindowBytes, long initialCreditBytes,
                                AckPolicy acks) {
        return new UetPlan(nscc, rccc, BASE_RTT_PS, initialWindowBytes, false, SLICE_PS, initialCreditBytes,
                LoadBalancing.ECMP, null, host -> RATE, DeliveryMode.RUD, NsccCompanions.OFF, NsccLoop.PER_ACK, acks);
    }

    /** {@code q} with the AR flag: the sender asks for an ACK_CC at once. */
    private static PdsRequest ar(PdsRequest q) {
        return new PdsRequest(q.cccId(), q.syn(), q.dpdcid(), q.creditTargetBytes(), q.mode(), true);
    }

    private static TransportPlan.UltraEthernet transport(UetPlan uet) {
        return new TransportPlan.UltraEthernet(new CommonTransport(HEADER, PAYLOAD, RTO_PS, DATA_CLASS, CONTROL_CLASS),
                uet);
    }

    /** Host 2's NIC, sending {@code bytes} of flow 1 to host 3 from time 0. */
    private static Hosted sender(UetPlan uet, long bytes) {
        return new Hosted(SENDER, new UetNic(new NicSetup(SENDER, "h2:nic", LINK, RATE, HANDOFF,
                List.of(new NicFlow(FLOW, RECEIVER, bytes, 0, EV)), List.of(), transport(uet).common()), uet, 1L));
    }

    /** A data packet of flow 1 as host 2 puts it on the wire. */
    private static Packet data(long psn, long txPs, PdsRequest request) {
        return PacketBuilder.data(FLOW, SENDER, RECEIVER).sizeBytes(WIRE).payloadBytes(PAYLOAD).trafficClass(DATA_CLASS)
                .entropy(EV).psn(psn).timestampPs(txPs).header(request).build();
    }

    /** A header-only packet of {@code kind} of flow 1 from host 3 back to host 2, as host 3 sends them. */
    private static PacketBuilder fromReceiver(PacketKind kind) {
        return PacketBuilder.of(kind, FLOW, RECEIVER, SENDER).sizeBytes(HEADER).trafficClass(CONTROL_CLASS)
                .entropy(EV);
    }

    private static PdsRequest syn() {
        return new PdsRequest(CCC, true, 0, -1);
    }

    private static PdsRequest established() {
        return new PdsRequest(CCC, false, TARGET_PDC, -1);
    }

    /**
     * An ACK_CC from host 3 for flow 1: {@code ackPsn} selectively, everything below {@code cumulativePsn},
     * {@code rcvdBytes} committed so far, echoing the data packet's timestamp {@code echoTxPs}.
     */
    private static Packet ackCc(long ackPsn, long cumulativePsn, long rcvdBytes, long echoTxPs) {
        return fromReceiver(PacketKind.ACK).psn(cumulativePsn).timestampPs(echoTxPs)
                .header(new PdsAck(ackPsn, TARGET_PDC, rcvdBytes, 0, 0, false, 0, -1)).build();
    }

    private static OnWire onWire(Packet p, long firstBitPs, long serPs) {
        return new OnWire(p, firstBitPs, firstBitPs + serPs);
    }

    // ---------------------------------------------------------------- sender: NSCC's window

    @Test
    void nscc_windowOfThreePackets_sendsThreeBackToBackThenOneMorePerAckCc() {
        // Initial window 3 x 4,096 = 12,288 B of payload (above NSCC's floor of one MTU, 4,150 B, and below
        // MaxWnd, 112,500 B). The gate is inflight < cwnd: 0, 4,096 and 8,192 pass, 12,288 does not.
        Hosted nic = sender(plan(true, false, 3L * PAYLOAD, 0), FLOW_BYTES);
        // PSN 0 at 0, PSN 1 at 332,000, PSN 2 at 664,000; at 996,000 the transmitter is free but the
        // window is full, and nothing else happens until the ACK_CC. PSN 2, which fills it, carries AR.
        assertEquals(List.of(
                onWire(data(0, 0, syn()), 0, SER),
                onWire(data(1, 332_000, syn()), 332_000, SER),
                onWire(data(2, 664_000, ar(syn())), 664_000, SER)), nic.runUntil(12_000_000));

        // At 12,000,000 the ACK_CC of PSN 0 (sent at 0) returns PDC id 5 and rcvd_bytes 4,096: inflight
        // 8,192. Its round trip, 12 us, is 6 us of queuing (> the 4.5 us target, no ECN): fair increase,
        // whose 4,096 B counted are less than one window, so cwnd stays 12,288 and one packet may go.
        // PSN 3 leaves at once, with PDC id 5 and without SYN; then inflight is 12,288 again: AR.
        assertEquals(List.of(onWire(data(3, 12_000_000, ar(established())), 12_000_000, SER)),
                nic.runUntil(15_000_000, nic.arrival(ackCc(0, 1, PAYLOAD, 0), 12_000_000)));
    }

    // ---------------------------------------------------------------- sender: RCCC's credit

    @Test
    void rccc_creditForOnePacket_sendsOneThenAsManyAsTheGrantCovers() {
        // RCCC only, pre-provisioned credit 4,150 B: one packet on the wire. The flow is 10 x 4,150 =
        // 41,500 B on the wire; the request reports the backlog not covered by credit, 41,500 - 4,150. It spends
        // all the credit, so it carries AR.
        Hosted nic = sender(plan(false, true, 0, WIRE), FLOW_BYTES);
        assertEquals(List.of(onWire(data(0, 0, ar(new PdsRequest(CCC, true, 0, 37_350))), 0, SER)),
                nic.runUntil(2_000_000));

        // A credit-only ACK_CC raises the cumulative grant to 16,600 = 4 x 4,150: three more packets, back to
        // back from 2,000,000. Each reports 41,500 - 16,600 = 24,900. Credit carries no PDC id: still SYN. The
        // third spends the last of the credit: AR.
        Packet credit = fromReceiver(PacketKind.CREDIT).psn(-1).timestampPs(1_900_000)
                .header(new PdsAck(-1, TARGET_PDC, 0, 0, 0, false, 0, 4L * WIRE)).build();
        PdsRequest afterGrant = new PdsRequest(CCC, true, 0, 24_900);
        assertEquals(List.of(
                onWire(data(1, 2_000_000, afterGrant), 2_000_000, SER),
                onWire(data(2, 2_332_000, afterGrant), 2_332_000, SER),
                onWire(data(3, 2_664_000, ar(afterGrant)), 2_664_000, SER)),
                nic.runUntil(5_000_000, nic.arrival(credit, 2_000_000)));
    }

    @Test
    void rccc_nackWithoutCredit_retransmitsWhenTheGrantArrives() {
        // Three packets, 12,450 B on the wire, under 12,500 B of pre-provisioned credit: all go at once, and
        // every request reports a credit target of 0 (the credit left covers the backlog left). The last carries
        // AR: nothing is left to send.
        Hosted nic = sender(plan(false, true, 0, 12_500), 3L * PAYLOAD);
        PdsRequest noTarget = new PdsRequest(CCC, true, 0, 0);
        assertEquals(List.of(
                onWire(data(0, 0, noTarget), 0, SER),
                onWire(data(1, 332_000, noTarget), 332_000, SER),
                onWire(data(2, 664_000, ar(noTarget)), 664_000, SER)), nic.runUntil(2_000_000));

        // The NACK of PSN 1 at 2,000,000 makes 4,150 B of new demand with 50 B of credit: nothing goes, and
        // with no data left to send, no request can tell the target so.
        Packet nack = nack(1, 332_000);
        assertEquals(List.of(), nic.runUntil(3_000_000, nic.arrival(nack, 2_000_000)));

        // The grant to 16,650 at 3,000,000 (the trimmed packet's credit given back, as the target does in
        // receiver_rcccTrimmedPacket_givesItsCreditBack) covers it: PSN 1 goes again at once, target 0 again, with
        // AR as every resend.
        Packet credit = fromReceiver(PacketKind.CREDIT).psn(-1).timestampPs(2_900_000)
                .header(new PdsAck(-1, 1, 2L * PAYLOAD, 0, 0, false, 0, 16_650)).build();
        assertEquals(List.of(onWire(data(1, 3_000_000, ar(noTarget)), 3_000_000, SER)),
                nic.runUntil(4_000_000, nic.arrival(credit, 3_000_000)));
    }

    @Test
    void rccc_timeoutWithoutCredit_sendsACreditRequestCarryingTheTarget() {
        // As above, three packets under 12,500 B of credit, every request reporting a target of 0.
        Hosted nic = sender(plan(false, true, 0, 12_500), 3L * PAYLOAD);
        assertEquals(3, nic.runUntil(2_000_000).size());

        // Nothing is acknowledged. At 20 us PSN 0 times out: 4,150 B of new demand against 50 B of credit, so
        // it cannot go, and the target has dropped this sender from its table. A header-only credit request
        // in the control class reports the target, 4,150 - 50 = 4,100 B; then PSNs 1 (20,332,000) and 2
        // (20,664,000) time out in turn, each making another request: 8,250 and 12,400 B.
        PdsRequest q1 = new PdsRequest(CCC, true, 0, 4_100);
        PdsRequest q2 = new PdsRequest(CCC, true, 0, 8_250);
        PdsRequest q3 = new PdsRequest(CCC, true, 0, 12_400);
        assertEquals(List.of(
                onWire(creditRequest(20_000_000, q1), 20_000_000, CTRL_SER),
                onWire(creditRequest(20_332_000, q2), 20_332_000, CTRL_SER),
                onWire(creditRequest(20_664_000, q3), 20_664_000, CTRL_SER)),
                nic.runUntil(25_000_000));
    }

    @Test
    void rccc_aFlowJoiningAContextWithoutCredit_asksForItAtOnce() {
        // Flows 1 and 2 from host 2 to host 3, three packets (12,450 B on the wire) each, share one context with
        // 12,500 B of pre-provisioned credit. Flow 1 sends all three from 0 (the last with AR: nothing left, and
        // 50 B of credit). Flow 2 starts at 5 us, when flow 1 has nothing left to send that could carry the new
        // backlog: its PDC asks at once with a credit request, still SYN, reporting 12,450 - 50 = 12,400 B.
        UetPlan uet = plan(false, true, 0, 12_500);
        Hosted nic = new Hosted(SENDER, new UetNic(new NicSetup(SENDER, "h2:nic", LINK, RATE, HANDOFF,
                List.of(new NicFlow(1, RECEIVER, 3L * PAYLOAD, 0, EV), new NicFlow(2, RECEIVER, 3L * PAYLOAD,
                        5_000_000, EV)), List.of(), transport(uet).common()), uet, 1L));
        assertEquals(3, nic.runUntil(5_000_000).size());
        Packet ask = PacketBuilder.of(PacketKind.CREDIT_REQUEST, 2, SENDER, RECEIVER).sizeBytes(HEADER)
                .trafficClass(CONTROL_CLASS).entropy(EV).psn(-1).timestampPs(5_000_000)
                .header(new PdsRequest(CCC, true, 0, 12_400)).build();
        assertEquals(List.of(onWire(ask, 5_000_000, CTRL_SER)), nic.runUntil(10_000_000));
    }

    private static Packet creditRequest(long txPs, PdsRequest q) {
        return PacketBuilder.of(PacketKind.CREDIT_REQUEST, FLOW, SENDER, RECEIVER).sizeBytes(HEADER)
                .trafficClass(CONTROL_CLASS).entropy(EV).psn(-1).timestampPs(txPs).header(q).build();
    }

    // ---------------------------------------------------------------- sender: NACK

    @Test
    void nack_trimmedPacket_goesAgainBeforeNewData() {
        Hosted nic = sender(plan(true, false, 3L * PAYLOAD, 0), FLOW_BYTES);
        assertEquals(3, nic.runUntil(12_000_000).size()); // PSNs 0, 1, 2 as above

        // At 12,000,000 a NACK for PSN 1 arrives, then the ACK_CC of PSN 0.
        // NACK: PSN 1 leaves flight and the window: inflight 8,192, cwnd 8,192, nothing may go.
        // ACK_CC: rcvd_bytes 4,096, inflight 4,096; fair increase counts 4,096 < 8,192, cwnd stays 8,192.
        // One packet may go, and it is the retransmission of PSN 1 (with AR), not the new PSN 3.
        Packet nack = nack(1, 332_000);
        assertEquals(List.of(onWire(data(1, 12_000_000, ar(established())), 12_000_000, SER)),
                nic.runUntil(13_000_000, nic.arrival(nack, 12_000_000),
                        nic.arrival(ackCc(0, 1, PAYLOAD, 0), 12_000_000)));

        // At 13,000,000 the ACK_CC of PSN 2 (sent at 664,000; delay 6,336,000 > target): rcvd_bytes 8,192,
        // inflight 8,192 - 4,096 = 4,096. Fair increase has now counted 8,192 B, one window: cwnd grows by
        // 150,000 / 1,024 = 146.48 B to 8,338 B. New data resumes: PSN 3 (inflight 8,192 < 8,338), then
        // PSN 4 (12,288), which fills the window and so carries AR.
        assertEquals(List.of(
                onWire(data(3, 13_000_000, established()), 13_000_000, SER),
                onWire(data(4, 13_332_000, ar(established())), 13_332_000, SER)),
                nic.runUntil(15_000_000, nic.arrival(ackCc(2, 1, 2L * PAYLOAD, 664_000), 13_000_000)));
    }

    // ---------------------------------------------------------------- sender: back-to-sender notices (WREB)

    /** A switch's notice for {@code psn} of flow 1 (sent at {@code txPs}), reporting a queue of 8 us. */
    private static Packet notice(long psn, long txPs, BtsCause cause, int ecnBit) {
        BtsHeader h = new BtsHeader(cause, ecnBit, 50, 1, DATA_CLASS, txPs + 100_000, 100_000, 100_000, 8_000_000,
                2, 0, txPs + 100_000, 100_000, 0, 0, syn());
        return fromReceiver(PacketKind.BTS).psn(psn).timestampPs(txPs).header(h).build();
    }

    @Test
    void notices_earlyCutsOnce_dropResendsAtOnceWithoutASecondCut_laterEchoIsNotCounted() {
        // Window 52,000 B, flow 10 packets: all ten leave back to back by 3,320,000.
        Hosted nic = sender(plan(true, false, 52_000, 0), FLOW_BYTES);
        assertEquals(10, nic.runUntil(4_000_000).size());
        // 4,000,000: early notice for PSN 2 reporting 8 us of queue: NSCC's decrease, cwnd x (8 - 4.5) / (6 + 8),
        //            52,000 -> 39,000; inflight stays 40,960.
        // 4,100,000: drop notice for PSN 2 (bit 1, its second): out of flight without a cut (36,864 < 39,000),
        //            so it is resent at once. A second cut, as a NACK makes (39,000 - 4,096), would hold it.
        // 4,500,000: early notice for PSN 3: a first notice, but PSN 3 left before the cut: NSCC holds.
        assertEquals(List.of(onWire(data(2, 4_100_000, ar(syn())), 4_100_000, SER)),
                nic.runUntil(5_000_000, nic.arrival(notice(2, 664_000, BtsCause.EARLY, 0), 4_000_000),
                        nic.arrival(notice(2, 664_000, BtsCause.DROP, 1), 4_100_000),
                        nic.arrival(notice(3, 996_000, BtsCause.EARLY, 0), 4_500_000)));
        // 8,000,000: PSN 3's ACK_CC echoes ECN: already reported by its notice, not counted as ECN.
        Packet echo = fromReceiver(PacketKind.ACK).psn(0).timestampPs(996_000).flags(Packet.FLAG_ECN_ECHO)
                .header(new PdsAck(3, TARGET_PDC, PAYLOAD, 0, 0, false, 0, -1)).build();
        assertEquals(List.of(), nic.runUntil(9_000_000, nic.arrival(echo, 8_000_000)));
        assertEquals(new BtsCounters(0, 0, 0, 3, 2, 1, 1, 1, 0), nic.report().ports().get(0).bts());
    }

    // ---------------------------------------------------------------- sender: timeout

    @Test
    void timeout_nothingAcknowledged_retransmitsEachPacketAtItsDeadline() {
        // A flow of two packets under a window of three: PSN 0 at 0 and PSN 1 at 332,000, inflight 8,192.
        Hosted nic = sender(plan(true, false, 3L * PAYLOAD, 0), 2L * PAYLOAD);
        assertEquals(2, nic.runUntil(20_000_000).size());

        // The timer armed by PSN 0 fires at 0 + 20 us: only PSN 0 is a timeout old (PSN 1's deadline is
        // 20,332,000). Inflight 4,096, cwnd 8,192: PSN 0 goes again at once, still with SYN. At 20,332,000
        // PSN 1 expires: inflight 4,096, cwnd 8,192 - 4,096 floored at 4,150; it goes as soon as the
        // transmitter frees, at the same picosecond. Both resends carry AR.
        assertEquals(List.of(
                onWire(data(0, 20_000_000, ar(syn())), 20_000_000, SER),
                onWire(data(1, 20_332_000, ar(syn())), 20_332_000, SER)),
                nic.runUntil(30_000_000));
        assertEquals(List.of(new FlowSenderStats(FLOW, 2L * PAYLOAD, -1)), nic.report().senders());
    }

    // ---------------------------------------------------------------- receiver

    /** Host 3's NIC receiving flow 1 from host 2. */
    private static Hosted receiver(UetPlan uet) {
        return new Hosted(RECEIVER, new UetNic(new NicSetup(RECEIVER, "h3:nic", LINK, RATE, HANDOFF, List.of(),
                List.of(new NicFlow(FLOW, SENDER, FLOW_BYTES, 0, EV)), transport(uet).common()), uet, 1L));
    }

    /** An ACK_CC of flow 1 as host 3 sends it. */
    private static Packet sentAck(long cumulativePsn, long echoTxPs, int flags, PdsAck ack) {
        return fromReceiver(PacketKind.ACK).psn(cumulativePsn).timestampPs(echoTxPs).flags(flags).header(ack).build();
    }

    @Test
    void receiver_dataWithSyn_opensAPdcAndAcknowledgesEachPacket() {
        Hosted nic = receiver(plan(true, false, 0, 0));
        // PSN 0 with SYN, marked CE, last bit in at 1,000,000: the target allocates PDC 1 and answers at once
        // (no memory model): ACK_CC of PSN 0, cumulative PSN 1, rcvd_bytes 4,096, ECN echo, no service time.
        Packet psn0 = data(0, 0, syn()).withEcn(Packet.ECN_CE);
        assertEquals(List.of(onWire(sentAck(1, 0, Packet.FLAG_ECN_ECHO,
                        new PdsAck(0, 1, PAYLOAD, 0, 0, false, 0, -1)), 1_000_000, CTRL_SER)),
                nic.runUntil(2_000_000, nic.arrival(psn0, 1_000_000)));

        // PSN 1 arrives trimmed (header only, control class): a NACK for it, nothing committed.
        Packet trimmed = data(1, 332_000, syn()).trim(CONTROL_CLASS);
        Packet nack = nack(1, 332_000);
        assertEquals(List.of(onWire(nack, 2_000_000, CTRL_SER)), nic.runUntil(3_000_000, nic.arrival(trimmed, 2_000_000)));

        // PSNs 2 and 3 arrive at the same time, unmarked, PSN 3 addressed to PDC 1 without SYN. Each ACK_CC is
        // built as it leaves: PSN 2's at 3,000,000 (rcvd_bytes 8,192, one packet beyond the gap at PSN 1);
        // PSN 3's after it, at 3,004,320, with rcvd_bytes 12,288, two out of order and 4,320 ps of service.
        // Both name what is held beyond the gap in a SACK bitmap based at the cumulative PSN 1: PSN 2 (bit 1),
        // then PSNs 2 and 3 (bits 1 and 2).
        Packet psn2 = data(2, 664_000, syn());
        Packet psn3 = data(3, 996_000, new PdsRequest(CCC, false, 1, -1));
        assertEquals(List.of(
                onWire(sentAck(1, 664_000, 0, new PdsAck(2, 1, 2L * PAYLOAD, 0, 0, false, 1, -1, 1, 0b10)),
                        3_000_000, CTRL_SER),
                onWire(sentAck(1, 996_000, 0, new PdsAck(3, 1, 3L * PAYLOAD, CTRL_SER, 0, false, 2, -1, 1, 0b110)),
                        3_004_320, CTRL_SER)),
                nic.runUntil(4_000_000, nic.arrival(psn2, 3_000_000), nic.arrival(psn3, 3_000_000)));
    }

    @Test
    void receiver_referenceCoalescing_acksTheFirstEveryFourthMarkedAndRequested() {
        // The reference simulator's coalescing: 16,384 B. Ten packets of 4,150 B arrive 332,000 ps apart, PSN k
        // sent at k x 332,000, in the order 0 1 2 3 4 5 7 6 9 8.
        Hosted nic = receiver(plan(true, false, 0, 0, AckPolicy.REFERENCE));
        PdsRequest open = new PdsRequest(CCC, false, 1, -1);
        int[] order = {0, 1, 2, 3, 4, 5, 7, 6, 9, 8};
        List<Event> inbox = new ArrayList<>();
        for (int j = 0; j < order.length; j++) {
            int psn = order[j];
            PdsRequest q = psn == 0 ? syn() : psn == 9 ? ar(open) : open;
            Packet p = data(psn, psn * 332_000L, q);
            inbox.add(nic.arrival(psn == 5 ? p.withEcn(Packet.ECN_CE) : p, 1_000_000 + j * 332_000L));
        }
        assertEquals(List.of(
                // PSN 0, the flow's first: at once.
                onWire(sentAck(1, 0, 0, new PdsAck(0, 1, PAYLOAD, 0, 0, false, 0, -1)), 1_000_000, CTRL_SER),
                // PSNs 1-4: 4 x 4,150 = 16,600 B >= 16,384 on the fourth, which covers all four.
                onWire(sentAck(5, 1_328_000, 0, new PdsAck(4, 1, 5L * PAYLOAD, 0, 0, false, 0, -1)), 2_328_000,
                        CTRL_SER),
                // PSN 5, marked: at once, echoing ECN.
                onWire(sentAck(6, 1_660_000, Packet.FLAG_ECN_ECHO, new PdsAck(5, 1, 6L * PAYLOAD, 0, 0, false, 0,
                        -1)), 2_660_000, CTRL_SER),
                // PSNs 7 and 6 (8,300 B): coalesced. PSN 9 asks with AR: at once, while PSN 8 is missing, so the
                // bitmap from the cumulative PSN 8 names PSN 9 (bit 1).
                onWire(sentAck(8, 2_988_000, 0, new PdsAck(9, 1, 9L * PAYLOAD, 0, 0, false, 1, -1, 8, 0b10)),
                        3_656_000, CTRL_SER),
                // PSN 8 fills the gap: the ACK_CC the request is still owed, cumulative over the whole flow.
                onWire(sentAck(10, 2_656_000, 0, new PdsAck(8, 1, 10L * PAYLOAD, 0, 0, false, 0, -1)), 3_988_000,
                        CTRL_SER)),
                nic.runUntil(5_000_000, inbox.toArray(new Event[0])));
        assertEquals(List.of(new FlowReceiverStats(FLOW, 10L * PAYLOAD, 3_988_000, 2)), nic.report().receivers());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void receiver_rcccTwoSenders_eachGetsHalfOfEverySlice(boolean coalesced) {
        // Host 3 receives flow 1 from host 1 and flow 2 from host 2, RCCC only, 1 us slices, one packet
        // (4,150 B) of pre-provisioned credit. A slice supplies 100 Gb/s x 1 us = 12,500 B: 6,250 B to each.
        // The same with the reference coalescing: every ACK_CC below goes for a first packet or carries a grant
        // made since the sender's last one, so none waits.
        UetPlan uet = plan(false, true, 0, WIRE, coalesced ? AckPolicy.REFERENCE : AckPolicy.EVERY_PACKET);
        Hosted nic = twoSenders(uet);

        // First requests, each needing 50,000 B of credit: the ACK_CCs carry the initial cumulative grant,
        // 4,150. PDC ids 1 and 2 in arrival order. The first slice tick is armed for 1,000,000.
        Packet a0 = request(1, 1, 0, 0, new PdsRequest(CCC_A, true, 0, 50_000));
        Packet b0 = request(2, 2, 0, 0, new PdsRequest(CCC_B, true, 0, 50_000));
        assertEquals(List.of(
                onWire(reply(1, 1, 11, 1, 0, new PdsAck(0, 1, PAYLOAD, 0, 0, false, 0, WIRE)), 400_000, CTRL_SER),
                onWire(reply(2, 2, 12, 1, 0, new PdsAck(0, 2, PAYLOAD, 0, 0, false, 0, WIRE)), 732_000, CTRL_SER)),
                nic.runUntil(1_000_000, nic.arrival(a0, 400_000), nic.arrival(b0, 732_000)));

        // Tick 1 at 1,000,000 grants 6,250 each: cumulative 10,400. Both sent during the slice before, so the
        // grants wait for their next ACK_CCs, at 1,400,000 and 1,732,000.
        Packet a1 = request(1, 1, 1, 332_000, new PdsRequest(CCC_A, false, 1, 43_750));
        Packet b1 = request(2, 2, 1, 332_000, new PdsRequest(CCC_B, false, 2, 43_750));
        assertEquals(List.of(
                onWire(reply(1, 1, 11, 2, 332_000, new PdsAck(1, 1, 2L * PAYLOAD, 0, 0, false, 0, 10_400)),
                        1_400_000, CTRL_SER),
                onWire(reply(2, 2, 12, 2, 332_000, new PdsAck(1, 2, 2L * PAYLOAD, 0, 0, false, 0, 10_400)),
                        1_732_000, CTRL_SER)),
                nic.runUntil(2_000_000, nic.arrival(a1, 1_400_000), nic.arrival(b1, 1_732_000)));

        // Tick 2 at 2,000,000: 16,650 each, held again (both sent since tick 1). Tick 3 at 3,000,000: 22,900
        // each. Neither has sent since tick 2, and each holds 10,400 - 2 x 4,150 = 2,100 B of credit, less
        // than a packet: each waits for credit. Credit-only ACK_CCs, sender CCC A first (id order), B when the
        // transmitter frees at 3,004,320.
        assertEquals(List.of(
                onWire(credit(1, 11, 3_000_000, new PdsAck(-1, 1, 2L * PAYLOAD, 0, 0, false, 0, 22_900)), 3_000_000,
                        CTRL_SER),
                onWire(credit(2, 12, 3_004_320, new PdsAck(-1, 2, 2L * PAYLOAD, 0, 0, false, 0, 22_900)), 3_004_320,
                        CTRL_SER)),
                nic.runUntil(3_500_000));
    }

    @Test
    void receiver_rcccManyQuietSenders_creditOnlyAckCcsGoOnlyWhereTheyLetAPacketGo() {
        // 30 senders (hosts 100..129, flows 1..30) with 12,500 B of initial credit, each reporting that 300 B
        // still need credit (a short last packet). The even flows send three packets (12,450 B: they hold 50 B of
        // credit, less than their last packet); the odd ones send one (they hold 8,350 B they are not using). All
        // arrive in the first slice. Tick 1 grants every sender its 300 B (a share of 416 B covers each need, so
        // the slice is divided in bytes) and holds the grants: they all sent during the slice before. At tick 2
        // all 30 are quiet, and 30 credit-only ACK_CCs of 54 B exceed an eighth of the 12,500 B the link carries
        // in a slice (1,562 B): only those that let a packet go leave. The even flows get one each (12,800 B now
        // covers their last 350 B), at 2 us, in id order as the transmitter frees; the odd flows none.
        int senders = 30;
        List<NicFlow> flows = new ArrayList<>();
        for (int k = 0; k < senders; k++) {
            flows.add(new NicFlow(k + 1, 100 + k, FLOW_BYTES, 0, 11));
        }
        Hosted nic = new Hosted(RECEIVER, new UetNic(new NicSetup(RECEIVER, "h3:nic", LINK, RATE, HANDOFF, List.of(),
                flows, transport(plan(false, true, 0, 12_500)).common()), plan(false, true, 0, 12_500), 1L));
        List<Event> inbox = new ArrayList<>();
        long atPs = 10_000;
        for (int k = 0; k < senders; k++) {
            long ccc = ((100L + k) << 24) | 1;
            int packets = k % 2 == 0 ? 3 : 1;
            for (int psn = 0; psn < packets; psn++) {
                inbox.add(nic.arrival(request(k + 1, 100 + k, psn, 0,
                        new PdsRequest(ccc, psn == 0, psn == 0 ? 0 : k + 1, 300)), atPs));
                atPs += 10_000;
            }
        }
        nic.runUntil(1_999_999, inbox.toArray(new Event[0]));
        List<OnWire> credits = nic.runUntil(10_999_999);
        assertEquals(senders / 2, credits.size(), "one credit-only ACK_CC per starved sender: " + credits);
        for (int j = 0; j < credits.size(); j++) {
            Packet p = credits.get(j).packet();
            assertEquals(PacketKind.CREDIT, p.kind());
            assertEquals(2 * j + 1, p.flowId(), "the even senders (flows 1, 3, ...) in id order");
            assertEquals(2_000_000 + j * CTRL_SER, credits.get(j).firstBitPs());
            assertEquals(12_800, assertInstanceOf(PdsAck.class, p.header()).creditBytes(),
                    "covers the last packet: " + p);
        }
    }

    @Test
    void receiver_rcccManyBackloggedSenders_creditGoesAWholePacketAtATimeInTurn() {
        // 30 backlogged senders (hosts 100..129, flows 1..30), each having sent one packet in the first slice and
        // needing far more credit. A slice's 12,500 B divided in bytes would be 416 B each: every sender would
        // reach its next packet in the same slice, ten slices on, and all 30 would send at once. Instead each
        // slice grants a whole packet (4,150 B) to the next senders in id order while its 12,500 B (plus the
        // 50 B carried per slice) cover one: three per slice. Tick 1 grants flows 1..3 and holds the grants
        // (they sent during the slice before); tick 2 grants flows 4..6 and sends all six, then three a tick.
        int senders = 30;
        List<NicFlow> flows = new ArrayList<>();
        for (int k = 0; k < senders; k++) {
            flows.add(new NicFlow(k + 1, 100 + k, FLOW_BYTES, 0, 11));
        }
        Hosted nic = new Hosted(RECEIVER, new UetNic(new NicSetup(RECEIVER, "h3:nic", LINK, RATE, HANDOFF, List.of(),
                flows, transport(plan(false, true, 0, 12_500)).common()), plan(false, true, 0, 12_500), 1L));
        List<Event> inbox = new ArrayList<>();
        for (int k = 0; k < senders; k++) {
            long ccc = ((100L + k) << 24) | 1;
            inbox.add(nic.arrival(request(k + 1, 100 + k, 0, 0, new PdsRequest(ccc, true, 0, 1_000_000)),
                    10_000 + k * 10_000L));
        }
        nic.runUntil(999_999, inbox.toArray(new Event[0]));
        List<OnWire> credits = nic.runUntil(10_999_999);
        assertEquals(senders, credits.size(), "one credit-only ACK_CC per sender in ten slices: " + credits);
        for (int j = 0; j < senders; j++) {
            OnWire w = credits.get(j);
            assertEquals(PacketKind.CREDIT, w.packet().kind());
            assertEquals(j + 1, w.packet().flowId(), "in turn, in id order");
            long tick = j < 6 ? 2 : j / 3 + 1;
            long indexInTick = j < 6 ? j : j % 3;
            assertEquals(tick * SLICE_PS + indexInTick * CTRL_SER, w.firstBitPs(), "flow " + (j + 1));
            assertEquals(12_500 + WIRE, assertInstanceOf(PdsAck.class, w.packet().header()).creditBytes(),
                    "one whole packet more");
        }
    }

    private static Hosted twoSenders(UetPlan uet) {
        return new Hosted(RECEIVER, new UetNic(new NicSetup(RECEIVER, "h3:nic", LINK, RATE, HANDOFF, List.of(),
                List.of(new NicFlow(1, 1, FLOW_BYTES, 0, 11), new NicFlow(2, 2, FLOW_BYTES, 0, 12)),
                transport(uet).common()), uet, 1L));
    }

    @Test
    void receiver_rcccTrimmedPacket_givesItsCreditBack() {
        // Flow 1 from host 2 is three packets, 12,450 B on the wire, all covered by the sender's 12,500 B of
        // pre-provisioned credit: every request reports a credit target of 0 and the sender never enters the
        // active table. PSN 1 arrives trimmed, last: its retransmission needs 4,150 B the sender does not
        // hold (50 B are left) and has no data left to ask for (see rccc_nackWithoutCredit_...). The target
        // gives the trimmed packet's 4,150 B back at once: cumulative grant 16,650.
        Hosted nic = receiver(plan(false, true, 0, 12_500));
        PdsRequest noTarget = new PdsRequest(CCC, true, 0, 0);
        Packet psn0 = data(0, 0, noTarget);
        Packet psn2 = data(2, 664_000, noTarget);
        Packet psn1 = data(1, 332_000, noTarget).trim(CONTROL_CLASS);
        Packet nack = nack(1, 332_000);
        assertEquals(List.of(
                onWire(sentAck(1, 0, 0, new PdsAck(0, 1, PAYLOAD, 0, 0, false, 0, 12_500)), 400_000, CTRL_SER),
                onWire(sentAck(1, 664_000, 0, new PdsAck(2, 1, 2L * PAYLOAD, 0, 0, false, 1, 12_500, 1, 0b10)),
                        732_000, CTRL_SER),
                onWire(nack, 900_000, CTRL_SER)),
                nic.runUntil(1_000_000, nic.arrival(psn0, 400_000), nic.arrival(psn2, 732_000),
                        nic.arrival(psn1, 900_000)));

        // No ACK_CC follows to carry it. Tick 1 at 1,000,000: the sender sent during the slice before, so the
        // grant is held. Tick 2 at 2,000,000: nothing arrived since tick 1, so it leaves as a credit-only
        // ACK_CC, and the ticks stop.
        assertEquals(List.of(onWire(fromReceiver(PacketKind.CREDIT).psn(-1).timestampPs(2_000_000)
                        .header(new PdsAck(-1, 1, 2L * PAYLOAD, 0, 0, false, 0, 16_650)).build(), 2_000_000, CTRL_SER)),
                nic.runUntil(10_000_000));
        assertEquals(Ps.NEVER, nic.nextPs());
    }

    /** A data packet of {@code flow} from host {@code src} to host 3. */
    private static Packet request(int flow, int src, long psn, long txPs, PdsRequest request) {
        return PacketBuilder.data(flow, src, RECEIVER).sizeBytes(WIRE).payloadBytes(PAYLOAD).trafficClass(DATA_CLASS)
                .entropy(10 + flow).psn(psn).timestampPs(txPs).header(request).build();
    }

    /** An ACK_CC of {@code flow} from host 3 back to host {@code dst}. */
    private static Packet reply(int flow, int dst, int ev, long cumulativePsn, long echoTxPs, PdsAck ack) {
        return PacketBuilder.of(PacketKind.ACK, flow, RECEIVER, dst).sizeBytes(HEADER).trafficClass(CONTROL_CLASS)
                .entropy(ev).psn(cumulativePsn).timestampPs(echoTxPs).header(ack).build();
    }

    /** A credit-only ACK_CC of {@code flow} from host 3 back to host {@code flow}, sent at {@code sentPs}. */
    private static Packet credit(int flow, int ev, long sentPs, PdsAck ack) {
        return PacketBuilder.of(PacketKind.CREDIT, flow, RECEIVER, flow).sizeBytes(HEADER).trafficClass(CONTROL_CLASS)
                .entropy(ev).psn(-1).timestampPs(sentPs).header(ack).build();
    }

    // ---------------------------------------------------------------- reliable ordered delivery

    /** NSCC only (its per-ACK loop), in ROD. */
    private static UetPlan rodPlan(long initialWindowBytes) {
        return new UetPlan(true, false, BASE_RTT_PS, initialWindowBytes, false, SLICE_PS, 0, LoadBalancing.ECMP, null,
                host -> RATE, DeliveryMode.ROD, NsccCompanions.OFF, NsccLoop.PER_ACK, AckPolicy.EVERY_PACKET);
    }

    /** A ROD request of flow 1, with SYN ({@code dpdcid} 0) or addressed to the target's PDC {@code dpdcid}. */
    private static PdsRequest rod(int dpdcid) {
        return new PdsRequest(CCC, dpdcid == 0, dpdcid, -1, DeliveryMode.ROD);
    }

    /** A NACK of flow 1 from host 3 naming {@code psn}, echoing the transmit time of the packet that caused it. */
    private static Packet nack(long psn, long echoTxPs) {
        return fromReceiver(PacketKind.NACK).psn(psn).timestampPs(echoTxPs).build();
    }

    @Test
    void rod_nackOfTheExpectedPsn_goesBackAndResendsFromIt() {
        // As in nscc_windowOfThreePackets_...: PSNs 0, 1, 2 fill a window of 12,288 B, requests naming ROD.
        Hosted nic = sender(rodPlan(3L * PAYLOAD), FLOW_BYTES);
        assertEquals(List.of(
                onWire(data(0, 0, rod(0)), 0, SER),
                onWire(data(1, 332_000, rod(0)), 332_000, SER),
                onWire(data(2, 664_000, ar(rod(0))), 664_000, SER)), nic.runUntil(12_000_000));

        // At 12,000,000 a NACK names PSN 1, caused by PSN 2 (sent at 664,000, after PSN 1): back to PSN 1.
        // PSN 1 is lost: out of flight and off the window (inflight 8,192, cwnd 8,192). PSN 2 will be
        // discarded: out of flight only (inflight 4,096). PSN 1 goes again at once; PSN 2 would need
        // inflight 8,192 < cwnd 8,192 and waits.
        assertEquals(List.of(onWire(data(1, 12_000_000, ar(rod(0))), 12_000_000, SER)),
                nic.runUntil(12_500_000, nic.arrival(nack(1, 664_000), 12_000_000)));

        // At 12,500,000 a NACK of PSN 1 echoing 332,000, its first copy trimmed: older than the copy resent
        // at 12,000,000, so stale; nothing goes back and nothing leaves.
        assertEquals(List.of(), nic.runUntil(13_000_000, nic.arrival(nack(1, 332_000), 12_500_000)));

        // At 13,000,000 the ACK_CC of PSN 0 (cumulative PSN 1, rcvd_bytes 4,096) returns PDC id 5: inflight
        // 4,096, fair increase counts 4,096 < 8,192 and cwnd stays. PSN 2 goes again, without SYN.
        assertEquals(List.of(onWire(data(2, 13_000_000, ar(rod(TARGET_PDC))), 13_000_000, SER)),
                nic.runUntil(14_000_000, nic.arrival(ackCc(0, 1, PAYLOAD, 0), 13_000_000)));
        assertEquals(List.of(new FlowSenderStats(FLOW, 2L * PAYLOAD, -1)), nic.report().senders());
    }

    @Test
    void rod_receiverLaterPsn_isDiscardedAndNackedOnceUntilTheExpectedPsnArrives() {
        Hosted nic = receiver(rodPlan(0));
        // PSN 0 with SYN naming ROD: the target allocates a ROD PDC, id 1, and acknowledges it.
        assertEquals(List.of(onWire(sentAck(1, 0, 0, new PdsAck(0, 1, PAYLOAD, 0, 0, false, 0, -1)), 1_000_000,
                        CTRL_SER)),
                nic.runUntil(2_000_000, nic.arrival(data(0, 0, rod(0)), 1_000_000)));

        // PSN 2 at 2,000,000 while PSN 1 is expected: discarded, and a NACK names PSN 1, echoing PSN 2's
        // transmit time. PSN 3 at 2,400,000, in the same gap: discarded without a NACK.
        assertEquals(List.of(onWire(nack(1, 664_000), 2_000_000, CTRL_SER)),
                nic.runUntil(3_000_000, nic.arrival(data(2, 664_000, rod(0)), 2_000_000),
                        nic.arrival(data(3, 996_000, rod(1)), 2_400_000)));

        // The sender went back: PSN 1 (sent at 10,000,000) arrives at 11,000,000 and is delivered, then PSN 2
        // at 11,332,000. Each ACK_CC carries the cumulative PSN; nothing is ever held out of order.
        assertEquals(List.of(
                onWire(sentAck(2, 10_000_000, 0, new PdsAck(1, 1, 2L * PAYLOAD, 0, 0, false, 0, -1)), 11_000_000,
                        CTRL_SER),
                onWire(sentAck(3, 10_332_000, 0, new PdsAck(2, 1, 3L * PAYLOAD, 0, 0, false, 0, -1)), 11_332_000,
                        CTRL_SER)),
                nic.runUntil(12_000_000, nic.arrival(data(1, 10_000_000, rod(1)), 11_000_000),
                        nic.arrival(data(2, 10_332_000, rod(1)), 11_332_000)));
        assertEquals(List.of(new FlowReceiverStats(FLOW, 3L * PAYLOAD, -1, 0)), nic.report().receivers());
    }

    @Test
    void rod_receiverTrimmedExpectedPsn_isNackedEachTimeAndLaterPsnsWait() {
        Hosted nic = receiver(rodPlan(0));
        // PSN 0 arrives trimmed (it still opens the PDC): NACK of PSN 0. PSN 1 intact, in the gap: discarded.
        assertEquals(List.of(onWire(nack(0, 0), 1_000_000, CTRL_SER)),
                nic.runUntil(2_000_000, nic.arrival(data(0, 0, rod(0)).trim(CONTROL_CLASS), 1_000_000),
                        nic.arrival(data(1, 332_000, rod(0)), 1_400_000)));

        // PSN 0's resend (sent at 5,000,000) is trimmed too: a fresh loss of the expected PSN, NACKed again.
        assertEquals(List.of(onWire(nack(0, 5_000_000), 6_000_000, CTRL_SER)),
                nic.runUntil(7_000_000, nic.arrival(data(0, 5_000_000, rod(1)).trim(CONTROL_CLASS), 6_000_000)));

        // The third copy arrives whole: delivered and acknowledged, then PSN 1.
        assertEquals(List.of(
                onWire(sentAck(1, 8_000_000, 0, new PdsAck(0, 1, PAYLOAD, 0, 0, false, 0, -1)), 9_000_000, CTRL_SER),
                onWire(sentAck(2, 8_332_000, 0, new PdsAck(1, 1, 2L * PAYLOAD, 0, 0, false, 0, -1)), 9_332_000,
                        CTRL_SER)),
                nic.runUntil(10_000_000, nic.arrival(data(0, 8_000_000, rod(1)), 9_000_000),
                        nic.arrival(data(1, 8_332_000, rod(1)), 9_332_000)));
    }

    // ---------------------------------------------------------------- host

    /**
     * One NIC in its actor. Like the coordinator, it runs windows that end no later than one handoff (the
     * lookahead) after the earliest pending event, so nothing the NIC sends can land inside its window.
     */
    private static final class Hosted {
        private final int id;
        private final TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        private final ActorRef<ElementActor.Command> actor;
        private long windowEndPs;
        private long nextPs;
        private long seq;

        Hosted(int id, UetNic nic) {
            this.id = id;
            this.actor = testKit.spawn(ElementActor.create(new ElementRunner(id, nic), shard.getRef()));
            actor.tell(ElementActor.Start.INSTANCE);
            ShardActor.ElementStarted started = shard.expectMessageClass(ShardActor.ElementStarted.class);
            assertEquals(List.of(), started.sent());
            this.nextPs = started.nextPs();
        }

        /** {@code p} arriving from the link, its last bit at {@code lastBitPs}. */
        Event arrival(Packet p, long lastBitPs) {
            long firstBitPs = lastBitPs - Ps.serializationPs(p.sizeBytes(), RATE);
            return new Event(lastBitPs, FROM_LINK, seq++, id, new Arrival(p, firstBitPs, lastBitPs));
        }

        /**
         * Runs every event before {@code endPs}, {@code inbox} included, and returns what the NIC put on its
         * link, in order, each checked to reach the link one handoff after its first bit left.
         */
        List<OnWire> runUntil(long endPs, Event... inbox) {
            List<Event> in = List.of(inbox);
            for (Event e : in) {
                nextPs = Math.min(nextPs, e.timePs());
            }
            List<OnWire> wire = new ArrayList<>();
            while (windowEndPs < endPs) {
                long end = nextPs == Ps.NEVER ? endPs : Math.min(endPs, Math.max(windowEndPs, nextPs) + HANDOFF);
                actor.tell(new ElementActor.RunWindow(end, in));
                in = List.of();
                ShardActor.WindowDone done = shard.expectMessageClass(ShardActor.WindowDone.class);
                for (Event e : done.sent()) {
                    assertEquals(LINK, e.targetId());
                    OnWire w = (OnWire) e.signal();
                    assertEquals(w.firstBitPs() + HANDOFF, e.timePs(), "handed to the link one handoff later");
                    wire.add(w);
                }
                windowEndPs = end;
                nextPs = done.nextPs();
            }
            return wire;
        }

        /** The time of the NIC's earliest pending event after the last window, or {@link Ps#NEVER}. */
        long nextPs() {
            return nextPs;
        }

        ElementReport report() {
            actor.tell(new ElementActor.Report(Long.MAX_VALUE));
            return shard.expectMessageClass(ShardActor.ElementReported.class).report();
        }
    }
}

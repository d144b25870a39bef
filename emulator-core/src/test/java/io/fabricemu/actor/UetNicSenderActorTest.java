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

/** A UET NIC as a sender, hosted by its actor ({@link UetNicActorBase} has the setting and the worked numbers). */
class UetNicSenderActorTest extends UetNicActorBase {
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
}

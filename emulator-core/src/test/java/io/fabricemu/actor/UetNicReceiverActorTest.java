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

/** A UET NIC as a receiver, hosted by its actor ({@link UetNicActorBase} has the setting and the worked numbers). */
class UetNicReceiverActorTest extends UetNicActorBase {
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
}

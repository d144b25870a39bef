package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicSetup;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.roce.DcqcnParams;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.roce.RoceNic;
import io.fabricemu.roce.RocePlan;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A RoCEv2 NIC hosted by its actor, the probe standing in for the shard: the packets it puts on its link, at
 * exact virtual times, in answer to the ACKs, NAKs, CNPs and data the test delivers.
 *
 * <p>Every NIC runs at 100 Gb/s: a data packet of 4,096 B payload and 54 B header (4,150 B) serializes in
 * 332,000 ps, a header-only control packet (54 B) in 4,320 ps. The link learns of a packet one handoff,
 * 250,000 ps, after its first bit leaves. Transport timeout 100 us; messages of 8,192 B, two packets each
 * (even PSNs are SEND_FIRST, odd SEND_LAST). Host 2 sends flow 1 (and flow 2) to host 3; each NIC's element
 * id is its host id, and its link is element 100.
 */
class RoceNicActorTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    private static final long RATE = 100_000_000_000L;
    private static final long HANDOFF = 250_000;
    private static final int LINK = 100;
    private static final int HEADER = 54;
    private static final int PAYLOAD = 4_096;
    private static final int WIRE = PAYLOAD + HEADER;
    private static final long SER = 332_000;
    private static final long CTRL_SER = 4_320;
    private static final long RTO_PS = 100 * Ps.PER_US;
    private static final long MESSAGE = 2L * PAYLOAD;
    private static final int DATA_CLASS = 0;
    private static final int CONTROL_CLASS = 1;
    private static final int SENDER = 2;
    private static final int RECEIVER = 3;
    private static final int FLOW = 1;
    private static final int EV = 7;
    private static final int FROM_LINK = 99;

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    private static TransportPlan.RoceV2 transport(int rnrRetry, DcqcnParams dcqcn) {
        return new TransportPlan.RoceV2(new CommonTransport(HEADER, PAYLOAD, RTO_PS, DATA_CLASS, CONTROL_CLASS),
                new RocePlan(MESSAGE, rnrRetry, 0, dcqcn));
    }

    /** Host 2's NIC, sending {@code flows} to host 3 from time 0. */
    private static Hosted sender(TransportPlan.RoceV2 transport, NicFlow... flows) {
        return new Hosted(SENDER, new RoceNic(new NicSetup(SENDER, "h2:nic", LINK, RATE, HANDOFF, List.of(flows),
                List.of(), transport.common()), transport.roce()));
    }

    private static NicFlow flow(int id, int packets) {
        return new NicFlow(id, RECEIVER, (long) packets * PAYLOAD, 0, EV + id - FLOW);
    }

    /** A data packet of {@code flow} as host 2 puts it on the wire. */
    private static Packet data(int flow, long psn, long txPs) {
        RoceHeader.Opcode op = psn % 2 == 0 ? RoceHeader.Opcode.SEND_FIRST : RoceHeader.Opcode.SEND_LAST;
        return PacketBuilder.data(flow, SENDER, RECEIVER).sizeBytes(WIRE).payloadBytes(PAYLOAD).trafficClass(DATA_CLASS)
                .entropy(EV + flow - FLOW).psn(psn).timestampPs(txPs).header(new RoceHeader(flow, op, 0, 0)).build();
    }

    private static OnWire onWire(Packet p, long firstBitPs, long serPs) {
        return new OnWire(p, firstBitPs, firstBitPs + serPs);
    }

    private static OnWire sentData(int flow, long psn, long txPs) {
        return onWire(data(flow, psn, txPs), txPs, SER);
    }

    /** A header-only packet of {@code kind} of {@code flow} from host 3 back to host 2, as host 3 sends them. */
    private static PacketBuilder fromReceiver(PacketKind kind, int flow) {
        return PacketBuilder.of(kind, flow, RECEIVER, SENDER).sizeBytes(HEADER).trafficClass(CONTROL_CLASS)
                .entropy(EV + flow - FLOW);
    }

    /** A control packet of {@code flow} from host 3 to host 2. */
    private static Packet control(int flow, PacketKind kind, long psn, RoceHeader header) {
        return fromReceiver(kind, flow).psn(psn).header(header).build();
    }

    private static Packet cnp() {
        return control(FLOW, PacketKind.CNP, -1, new RoceHeader(FLOW, RoceHeader.Opcode.CNP, 0, 0));
    }

    // ---------------------------------------------------------------- DCQCN's rate limiter

    @Test
    void dcqcn_cnpsCutTheRateAndTheTimerRaisesIt_packetsLeaveAtExactlyTheRate() {
        Hosted nic = sender(transport(7, DcqcnParams.defaults()), flow(FLOW, 60));
        // At line rate the QP's pacing equals the transmitter: PSNs 0..3 back to back, 332,000 ps apart.
        List<OnWire> expected = new ArrayList<>();
        for (int psn = 0; psn <= 3; psn++) {
            expected.add(sentData(FLOW, psn, psn * SER));
        }
        assertEquals(expected, nic.runUntil(1_000_000));

        // A CNP at 1,000,000: alpha = 1, RC = 100 G x 1/2 = 50 G (RT 100 G). PSN 3 started at 996,000 at 100 G,
        // so PSN 4 may start at 1,328,000; from then on each packet takes 4,150 B at 50 G = 664,000 ps.
        // A second CNP at 1,500,000: alpha = (255/256) x 1 + 1/256 = 1, RC = 25 G (RT 50 G). PSN 5 keeps the
        // start set by PSN 4 at 50 G, 1,992,000; then 4,150 B at 25 G = 1,328,000 ps apart.
        expected.clear();
        expected.add(sentData(FLOW, 4, 1_328_000));
        long t = 1_992_000;
        int psn = 5;
        // Both DCQCN timers restarted at the second CNP: the first alpha and rate events are at 56,500,000.
        // PSN 46 starts at 1,992,000 + 41 x 1,328,000 = 56,440,000, the last before it.
        for (; t <= 56_500_000; t += 1_328_000, psn++) {
            expected.add(sentData(FLOW, psn, t));
        }
        assertEquals(47, psn);
        // PSN 47 starts at 56,440,000 + 1,328,000 = 57,768,000 (its start was set at 25 G). Starting it moves
        // the reaction point to 57,768,000: at 56,500,000 alpha decays, then the rate timer's first event
        // (T = 1 <= F = 5) is fast recovery: RC = (50 + 25) / 2 = 37.5 G. PSN 48 may then start 4,150 B at
        // 37.5 G later: 33,200 bits / 37.5 Gb/s = 885,333.3 ps, rounded up to 885,334.
        expected.add(sentData(FLOW, 47, 57_768_000));
        expected.add(sentData(FLOW, 48, 57_768_000 + 885_334));
        assertEquals(expected, nic.runUntil(58_700_000, nic.arrival(cnp(), 1_000_000),
                nic.arrival(cnp(), 1_500_000)));
    }

    // ---------------------------------------------------------------- back-to-sender notices (WREB)

    /** A switch's notice for {@code psn} of flow 1 (sent at {@code txPs}). */
    private static Packet notice(long psn, long txPs, BtsCause cause, int ecnBit) {
        BtsHeader h = new BtsHeader(cause, ecnBit, 50, 1, DATA_CLASS, txPs + 100_000, 100_000, 100_000, 8_000_000,
                2, 0, txPs + 100_000, 100_000, 0, 0, data(FLOW, psn, txPs).header());
        return fromReceiver(PacketKind.BTS, FLOW).psn(psn).timestampPs(txPs).header(h).build();
    }

    @Test
    void notices_earlyCutsAsACnp_dropGoesBackWithoutASecondCut_echoAndCloseNoticesDoNotCutAgain() {
        Hosted nic = sender(transport(7, DcqcnParams.defaults()), flow(FLOW, 60));
        assertEquals(4, nic.runUntil(1_000_000).size(), "PSNs 0..3 at line rate");
        // 1,000,000: an early notice for PSN 2 cuts as a CNP would: RC 50 G, PSN 4 at 1,328,000.
        // 1,200,000: an early notice for PSN 3, within the CNP interval of the first cut: no cut.
        // 1,500,000: a drop notice for PSN 2 (its second, bit 1): go back to PSN 2 at once, no cut. PSN 4
        //            started at 1,328,000 at 50 G, so PSN 2 starts at 1,992,000, then 664,000 ps apart at 50 G.
        // 1,700,000: the responder's CNP for PSN 3, already reported by its notice: not counted.
        List<OnWire> expected = new ArrayList<>();
        expected.add(sentData(FLOW, 4, 1_328_000));
        long t = 1_992_000;
        for (long psn = 2; psn <= 6; psn++, t += 664_000) {
            expected.add(sentData(FLOW, psn, t));
        }
        Packet cnpOf3 = control(FLOW, PacketKind.CNP, 3, new RoceHeader(FLOW, RoceHeader.Opcode.CNP, 0, 0));
        assertEquals(expected, nic.runUntil(5_000_000,
                nic.arrival(notice(2, 664_000, BtsCause.EARLY, 0), 1_000_000),
                nic.arrival(notice(3, 996_000, BtsCause.EARLY, 0), 1_200_000),
                nic.arrival(notice(2, 664_000, BtsCause.DROP, 1), 1_500_000),
                nic.arrival(cnpOf3, 1_700_000)));
        BtsCounters c = nic.report().ports().get(0).bts();
        assertEquals(new BtsCounters(0, 0, 0, 3, 2, 1, 1, 1, 0), c);
    }

    // ---------------------------------------------------------------- go-back-N

    @Test
    void sequenceNak_goesBackToItsPsn() {
        Hosted nic = sender(transport(7, null), flow(FLOW, 10));
        // Without DCQCN the QP sends at line rate: PSNs 0..6 by 2,000,000.
        assertEquals(7, nic.runUntil(2_000_000).size());

        // At 2,000,000 a NAK "PSN sequence error" says the responder expects PSN 2. PSN 6 is on the wire until
        // 2,324,000; then PSNs 2, 3, 4 go again, back to back.
        Packet nak = control(FLOW, PacketKind.NAK_SEQUENCE, 2, new RoceHeader(FLOW, RoceHeader.Opcode.ACKNOWLEDGE,
                1, 0));
        assertEquals(List.of(sentData(FLOW, 2, 2_324_000), sentData(FLOW, 3, 2_656_000),
                        sentData(FLOW, 4, 2_988_000)),
                nic.runUntil(3_300_000, nic.arrival(nak, 2_000_000)));
        // ACK of everything (PSN 9, five messages) completes the flow; 3 packets were sent twice so far.
        nic.runUntil(6_000_000);
        Packet ack = control(FLOW, PacketKind.ACK, 9, new RoceHeader(FLOW, RoceHeader.Opcode.ACKNOWLEDGE, 5, 0));
        nic.runUntil(7_000_000, nic.arrival(ack, 6_500_000));
        assertEquals(List.of(new FlowSenderStats(FLOW, 5L * PAYLOAD, 6_500_000, false)), nic.report().senders());
    }

    // ---------------------------------------------------------------- receiver not ready

    @Test
    void rnrNak_pausesOnlyItsQp_whichResumesFromTheNaksPsnAfterTheTablesTime() {
        Hosted nic = sender(transport(7, null), flow(FLOW, 10), flow(2, 10));
        // Round robin: flow 1 PSN 0, flow 2 PSN 0, flow 1 PSN 1, ... flow 1 PSN 3 at 1,992,000.
        List<OnWire> expected = new ArrayList<>();
        for (int k = 0; k < 7; k++) {
            expected.add(sentData(k % 2 == 0 ? FLOW : 2, k / 2, k * SER));
        }
        assertEquals(expected, nic.runUntil(2_000_000));

        // An RNR NAK of flow 1's PSN 1 at 2,000,000 with code 1 (0.01 ms): flow 1 stops until 12,000,000. Flow 2
        // keeps the transmitter: its PSNs 3..9 from 2,324,000 (when flow 1's PSN 3 has left), back to back.
        long pausePs = RnrTimer.ps(1);
        assertEquals(10_000_000, pausePs);
        Packet rnr = control(FLOW, PacketKind.NAK_RNR, 1, new RoceHeader(FLOW, RoceHeader.Opcode.ACKNOWLEDGE, 0,
                pausePs));
        expected.clear();
        for (int psn = 3; psn <= 9; psn++) {
            expected.add(sentData(2, psn, 2_324_000 + (psn - 3) * SER));
        }
        assertEquals(expected, nic.runUntil(11_000_000, nic.arrival(rnr, 2_000_000)));

        // At exactly 2,000,000 + 10,000,000 flow 1 resumes from PSN 1, then 2, 3, ... back to back.
        assertEquals(List.of(sentData(FLOW, 1, 12_000_000), sentData(FLOW, 2, 12_332_000),
                sentData(FLOW, 3, 12_664_000)), nic.runUntil(12_700_000));
    }

    @Test
    void rnrNak_beyondRnrRetry_stopsTheQpAndReportsItFailed() {
        // rnr_retry 0: the first RNR NAK is one too many.
        Hosted nic = sender(transport(0, null), flow(FLOW, 10));
        assertEquals(4, nic.runUntil(1_000_000).size()); // PSNs 0..3; PSN 3 leaves until 1,328,000
        Packet rnr = control(FLOW, PacketKind.NAK_RNR, 1, new RoceHeader(FLOW, RoceHeader.Opcode.ACKNOWLEDGE, 0,
                RnrTimer.ps(1)));
        // Nothing more ever leaves: not after the pause, not at the timeout (100 us after PSN 0).
        assertEquals(List.of(), nic.runUntil(RTO_PS + 1_000_000, nic.arrival(rnr, 1_000_000)));
        assertEquals(Ps.NEVER, nic.nextPs());
        assertEquals(List.of(new FlowSenderStats(FLOW, 0, -1, true)), nic.report().senders());
    }

    // ---------------------------------------------------------------- responder and notification point

    @Test
    void responder_ceMarkedDataMakesOneCnpPerInterval_gapMakesOneNak() {
        Hosted nic = new Hosted(RECEIVER, new RoceNic(new NicSetup(RECEIVER, "h3:nic", LINK, RATE, HANDOFF, List.of(),
                List.of(new NicFlow(FLOW, SENDER, 10L * PAYLOAD, 0, EV)), transport(7, DcqcnParams.defaults()).common()),
                transport(7, DcqcnParams.defaults()).roce()));
        // PSN 0 marked CE, last bit in at 1,000,000: a CNP naming PSN 0 (queued first), then the ACK of PSN 0, MSN 0.
        Packet cnp = control(FLOW, PacketKind.CNP, 0, new RoceHeader(FLOW, RoceHeader.Opcode.CNP, 0, 0));
        assertEquals(List.of(onWire(cnp, 1_000_000, CTRL_SER), onWire(ack(0, 0, 0), 1_004_320, CTRL_SER)),
                nic.runUntil(1_500_000, nic.arrival(data(FLOW, 0, 0).withEcn(Packet.ECN_CE), 1_000_000)));

        // PSN 1 marked CE at 2,000,000, within 50 us of the CNP: no CNP; the ACK carries MSN 1 (message done).
        assertEquals(List.of(onWire(ack(1, 1, SER), 2_000_000, CTRL_SER)),
                nic.runUntil(2_500_000, nic.arrival(data(FLOW, 1, SER).withEcn(Packet.ECN_CE), 2_000_000)));

        // PSN 2 is lost: PSN 3 makes one NAK (expected PSN 2), PSN 4 nothing.
        Packet nak = fromReceiver(PacketKind.NAK_SEQUENCE, FLOW).psn(2).timestampPs(3 * SER)
                .header(new RoceHeader(FLOW, RoceHeader.Opcode.ACKNOWLEDGE, 1, 0)).build();
        assertEquals(List.of(onWire(nak, 3_000_000, CTRL_SER)),
                nic.runUntil(4_000_000, nic.arrival(data(FLOW, 3, 3 * SER), 3_000_000),
                        nic.arrival(data(FLOW, 4, 4 * SER), 3_500_000)));
        assertEquals(List.of(new FlowReceiverStats(FLOW, 2L * PAYLOAD, -1, 0)), nic.report().receivers());
    }

    /** An ACK of flow 1 from host 3: every PSN up to {@code psn}, {@code msn} messages, echoing {@code txPs}. */
    private static Packet ack(long psn, long msn, long txPs) {
        return fromReceiver(PacketKind.ACK, FLOW).psn(psn).timestampPs(txPs)
                .header(new RoceHeader(FLOW, RoceHeader.Opcode.ACKNOWLEDGE, msn, 0)).build();
    }

    // ---------------------------------------------------------------- host

    /**
     * One NIC in its actor. Like the coordinator, it runs windows that end no later than one handoff (the
     * lookahead) after the earliest pending event, so nothing the NIC sends can land inside its window.
     */
    private static final class Hosted {
        private final int id;
        private final TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        private final HostedElement actor;
        private long windowEndPs;
        private long nextPs;
        private long seq;

        Hosted(int id, Element nic) {
            this.id = id;
            this.actor = new HostedElement(testKit, new ElementRunner(id, nic), shard);
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
            List<Event> in = new ArrayList<>(List.of(inbox));
            List<OnWire> wire = new ArrayList<>();
            while (windowEndPs < endPs) {
                long next = nextPs;
                for (Event e : in) {
                    next = Math.min(next, e.timePs());
                }
                long end = next == Ps.NEVER ? endPs : Math.min(endPs, Math.max(windowEndPs, next) + HANDOFF);
                List<Event> now = new ArrayList<>();
                for (Event e : in) {
                    if (e.timePs() < end) {
                        now.add(e);
                    }
                }
                in.removeAll(now);
                HostedElement.Window done = actor.run(end, now);
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
            actor.tell(new ElementActor.Report(Long.MAX_VALUE, 0));
            return shard.expectMessageClass(ShardActor.ElementReported.class).report();
        }
    }
}

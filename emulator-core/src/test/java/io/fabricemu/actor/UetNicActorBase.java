package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
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
import org.junit.jupiter.api.BeforeAll;
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
 */abstract class UetNicActorBase {
    /** The actor test kit of the test class running, made before its first test and shut down after its last. */
    static ActorTestKit testKit;

    @BeforeAll
    static void startTestKit() {
        testKit = ActorTestKit.create();
    }

    static final long RATE = 100_000_000_000L;

    static final long HANDOFF = 250_000;

    static final int LINK = 100;

    static final int HEADER = 54;

    static final int PAYLOAD = 4_096;

    static final int WIRE = PAYLOAD + HEADER;

    static final long SER = 332_000;

    static final long CTRL_SER = 4_320;

    static final long BASE_RTT_PS = 6 * Ps.PER_US;

    static final long RTO_PS = 20 * Ps.PER_US;

    static final long SLICE_PS = Ps.PER_US;

    static final int DATA_CLASS = 0;

    static final int CONTROL_CLASS = 1;

    static final int SENDER = 2;

    static final int RECEIVER = 3;

    static final int FLOW = 1;

    static final int EV = 7;

    /** Ten full packets. */
    static final long FLOW_BYTES = 10L * PAYLOAD;

    /** The sender's first congestion context: host 2 in the top bits, context number 1. */
    static final long CCC = (2L << 24) | 1;

    /** The CCCs of hosts 1 and 2, for the RCCC receiver tests with two senders. */
    static final long CCC_A = (1L << 24) | 1;

    static final long CCC_B = (2L << 24) | 1;

    /** The PDC id the target hands back in its ACK_CCs (any value > 0). */
    static final int TARGET_PDC = 5;

    /** The link element that delivers packets to the NIC. */
    static final int FROM_LINK = 99;

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    /**
     * The per-ACK NSCC loop, whose window these worked numbers follow packet by packet, and an ACK_CC for every
     * packet (coalescing has tests of its own, {@code receiver_referenceCoalescing_...}).
     */
    static UetPlan plan(boolean nscc, boolean rccc, long initialWindowBytes, long initialCreditBytes) {
        return plan(nscc, rccc, initialWindowBytes, initialCreditBytes, AckPolicy.EVERY_PACKET);
    }

    static UetPlan plan(boolean nscc, boolean rccc, long initialWindowBytes, long initialCreditBytes,
                                AckPolicy acks) {
        return new UetPlan(nscc, rccc, BASE_RTT_PS, initialWindowBytes, false, SLICE_PS, initialCreditBytes,
                LoadBalancing.ECMP, null, host -> RATE, DeliveryMode.RUD, NsccCompanions.OFF, NsccLoop.PER_ACK, acks);
    }

    /** {@code q} with the AR flag: the sender asks for an ACK_CC at once. */
    static PdsRequest ar(PdsRequest q) {
        return new PdsRequest(q.cccId(), q.syn(), q.dpdcid(), q.creditTargetBytes(), q.mode(), true);
    }

    static TransportPlan.UltraEthernet transport(UetPlan uet) {
        return new TransportPlan.UltraEthernet(new CommonTransport(HEADER, PAYLOAD, RTO_PS, DATA_CLASS, CONTROL_CLASS),
                uet);
    }

    /** Host 2's NIC, sending {@code bytes} of flow 1 to host 3 from time 0. */
    static Hosted sender(UetPlan uet, long bytes) {
        return new Hosted(SENDER, new UetNic(new NicSetup(SENDER, "h2:nic", LINK, RATE, HANDOFF,
                List.of(new NicFlow(FLOW, RECEIVER, bytes, 0, EV)), List.of(), transport(uet).common()), uet, 1L));
    }

    /** A data packet of flow 1 as host 2 puts it on the wire. */
    static Packet data(long psn, long txPs, PdsRequest request) {
        return PacketBuilder.data(FLOW, SENDER, RECEIVER).sizeBytes(WIRE).payloadBytes(PAYLOAD).trafficClass(DATA_CLASS)
                .entropy(EV).psn(psn).timestampPs(txPs).header(request).build();
    }

    /** A header-only packet of {@code kind} of flow 1 from host 3 back to host 2, as host 3 sends them. */
    static PacketBuilder fromReceiver(PacketKind kind) {
        return PacketBuilder.of(kind, FLOW, RECEIVER, SENDER).sizeBytes(HEADER).trafficClass(CONTROL_CLASS)
                .entropy(EV);
    }

    static PdsRequest syn() {
        return new PdsRequest(CCC, true, 0, -1);
    }

    static PdsRequest established() {
        return new PdsRequest(CCC, false, TARGET_PDC, -1);
    }

    /**
     * An ACK_CC from host 3 for flow 1: {@code ackPsn} selectively, everything below {@code cumulativePsn},
     * {@code rcvdBytes} committed so far, echoing the data packet's timestamp {@code echoTxPs}.
     */
    static Packet ackCc(long ackPsn, long cumulativePsn, long rcvdBytes, long echoTxPs) {
        return fromReceiver(PacketKind.ACK).psn(cumulativePsn).timestampPs(echoTxPs)
                .header(new PdsAck(ackPsn, TARGET_PDC, rcvdBytes, 0, 0, false, 0, -1)).build();
    }

    static OnWire onWire(Packet p, long firstBitPs, long serPs) {
        return new OnWire(p, firstBitPs, firstBitPs + serPs);
    }

    static Packet creditRequest(long txPs, PdsRequest q) {
        return PacketBuilder.of(PacketKind.CREDIT_REQUEST, FLOW, SENDER, RECEIVER).sizeBytes(HEADER)
                .trafficClass(CONTROL_CLASS).entropy(EV).psn(-1).timestampPs(txPs).header(q).build();
    }

    /** A switch's notice for {@code psn} of flow 1 (sent at {@code txPs}), reporting a queue of 8 us. */
    static Packet notice(long psn, long txPs, BtsCause cause, int ecnBit) {
        BtsHeader h = new BtsHeader(cause, ecnBit, 50, 1, DATA_CLASS, txPs + 100_000, 100_000, 100_000, 8_000_000,
                2, 0, txPs + 100_000, 100_000, 0, 0, syn());
        return fromReceiver(PacketKind.BTS).psn(psn).timestampPs(txPs).header(h).build();
    }

    /** Host 3's NIC receiving flow 1 from host 2. */
    static Hosted receiver(UetPlan uet) {
        return new Hosted(RECEIVER, new UetNic(new NicSetup(RECEIVER, "h3:nic", LINK, RATE, HANDOFF, List.of(),
                List.of(new NicFlow(FLOW, SENDER, FLOW_BYTES, 0, EV)), transport(uet).common()), uet, 1L));
    }

    /** An ACK_CC of flow 1 as host 3 sends it. */
    static Packet sentAck(long cumulativePsn, long echoTxPs, int flags, PdsAck ack) {
        return fromReceiver(PacketKind.ACK).psn(cumulativePsn).timestampPs(echoTxPs).flags(flags).header(ack).build();
    }

    static Hosted twoSenders(UetPlan uet) {
        return new Hosted(RECEIVER, new UetNic(new NicSetup(RECEIVER, "h3:nic", LINK, RATE, HANDOFF, List.of(),
                List.of(new NicFlow(1, 1, FLOW_BYTES, 0, 11), new NicFlow(2, 2, FLOW_BYTES, 0, 12)),
                transport(uet).common()), uet, 1L));
    }

    /** A data packet of {@code flow} from host {@code src} to host 3. */
    static Packet request(int flow, int src, long psn, long txPs, PdsRequest request) {
        return PacketBuilder.data(flow, src, RECEIVER).sizeBytes(WIRE).payloadBytes(PAYLOAD).trafficClass(DATA_CLASS)
                .entropy(10 + flow).psn(psn).timestampPs(txPs).header(request).build();
    }

    /** An ACK_CC of {@code flow} from host 3 back to host {@code dst}. */
    static Packet reply(int flow, int dst, int ev, long cumulativePsn, long echoTxPs, PdsAck ack) {
        return PacketBuilder.of(PacketKind.ACK, flow, RECEIVER, dst).sizeBytes(HEADER).trafficClass(CONTROL_CLASS)
                .entropy(ev).psn(cumulativePsn).timestampPs(echoTxPs).header(ack).build();
    }

    /** A credit-only ACK_CC of {@code flow} from host 3 back to host {@code flow}, sent at {@code sentPs}. */
    static Packet credit(int flow, int ev, long sentPs, PdsAck ack) {
        return PacketBuilder.of(PacketKind.CREDIT, flow, RECEIVER, flow).sizeBytes(HEADER).trafficClass(CONTROL_CLASS)
                .entropy(ev).psn(-1).timestampPs(sentPs).header(ack).build();
    }

    /** NSCC only (its per-ACK loop), in ROD. */
    static UetPlan rodPlan(long initialWindowBytes) {
        return new UetPlan(true, false, BASE_RTT_PS, initialWindowBytes, false, SLICE_PS, 0, LoadBalancing.ECMP, null,
                host -> RATE, DeliveryMode.ROD, NsccCompanions.OFF, NsccLoop.PER_ACK, AckPolicy.EVERY_PACKET);
    }

    /** A ROD request of flow 1, with SYN ({@code dpdcid} 0) or addressed to the target's PDC {@code dpdcid}. */
    static PdsRequest rod(int dpdcid) {
        return new PdsRequest(CCC, dpdcid == 0, dpdcid, -1, DeliveryMode.ROD);
    }

    /** A NACK of flow 1 from host 3 naming {@code psn}, echoing the transmit time of the packet that caused it. */
    static Packet nack(long psn, long echoTxPs) {
        return fromReceiver(PacketKind.NACK).psn(psn).timestampPs(echoTxPs).build();
    }

    /**
     * One NIC in its actor. Like the coordinator, it runs windows that end no later than one handoff (the
     * lookahead) after the earliest pending event, so nothing the NIC sends can land inside its window.
     */
    static final class Hosted {
        private final int id;
        private final TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        private final HostedElement actor;
        private long windowEndPs;
        private long nextPs;
        private long seq;

        Hosted(int id, UetNic nic) {
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
            List<Event> in = List.of(inbox);
            for (Event e : in) {
                nextPs = Math.min(nextPs, e.timePs());
            }
            List<OnWire> wire = new ArrayList<>();
            while (windowEndPs < endPs) {
                long end = nextPs == Ps.NEVER ? endPs : Math.min(endPs, Math.max(windowEndPs, nextPs) + HANDOFF);
                HostedElement.Window done = actor.run(end, in);
                in = List.of();
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

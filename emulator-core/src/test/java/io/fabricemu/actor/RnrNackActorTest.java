package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.rnrnak.TriggerMode;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.switching.Forward;
import io.fabricemu.switching.PoolPlan;
import io.fabricemu.switching.SwitchPlan;
import io.fabricemu.switching.SwitchPort;
import io.fabricemu.switching.TestPlans;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A host-facing switch port with switch-generated RNR NAKs, hosted by its actor: it snoops the responder's
 * ACK coming in, and the data packet that would overflow its queue leaves the port as an RNR NAK handed to
 * the port toward the requester exactly one pipeline latency later.
 */
class RnrNackActorTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    private static final long RATE = 100_000_000_000L;
    private static final long HANDOFF = 250_000;
    private static final long LATENCY = 400_000;
    private static final int LINK = 100;
    private static final int RESPONDER = 0;
    private static final int REQUESTER = 41;
    private static final int REQUESTER_QPN = 9;
    /** Three packets of 4,160 B. */
    private static final long QUEUE_BYTES = 12_480;

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    /** Port 0 (element 10) faces the responder; everything else leaves through port 1 (element 11). */
    private static SwitchPort port() {
        RnrNackSettings rnr = new RnrNackSettings(true, true, 8_000, 4_000, TriggerMode.AT_OVERFLOW, 0, 100,
                RnrTimer.Encoding.EXACT_PS, 2, 16, Ps.PER_MS, (a, b) -> 8 * Ps.PER_US);
        SwitchPlan plan = TestPlans.of(50, new int[] {10, 11}, new long[] {RATE, RATE},
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(QUEUE_BYTES).withRnrNack(rnr),
                7L, (node, dst) -> new int[] {dst == RESPONDER ? 0 : 1}, PoolPlan.NONE);
        return new SwitchPort(plan, "leaf:p0", 1, LINK, HANDOFF, 0, true);
    }

    /** Data of flow 1, messages of four packets. */
    private static Packet data(long psn) {
        return PacketBuilder.data(1, REQUESTER, RESPONDER).sizeBytes(4160).payloadBytes(4096).entropy(3).psn(psn)
                .header(new RoceHeader(1, RoceHeader.Opcode.send(psn % 4 == 0, psn % 4 == 3), 0, 0)).build();
    }

    @Test
    void overflow_sendsTheRnrNakTowardTheRequesterOneLatencyLater() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = new HostedElement(testKit, new ElementRunner(10, port()), shard);
        // The responder acknowledged PSN 4 (one message complete) before the burst.
        Packet ack = PacketBuilder.of(PacketKind.ACK, 1, RESPONDER, REQUESTER).sizeBytes(64).trafficClass(1).entropy(3)
                .psn(4).header(new RoceHeader(REQUESTER_QPN, RoceHeader.Opcode.ACKNOWLEDGE, 1, 0)).build();
        List<Event> inbox = new ArrayList<>();
        inbox.add(new Event(1_000, 99, 0, 10, new Arrival(ack, 1_000, 6_120)));
        for (long psn = 5; psn <= 8; psn++) {
            inbox.add(new Event(2_000, 11, psn, 10, new Forward(data(psn))));
        }
        HostedElement.Window w = actor.run(250_000, inbox);

        List<Event> naks = w.sent().stream().filter(e -> e.targetId() == 11 && e.signal() instanceof Forward f
                && f.packet().kind() == PacketKind.NAK_RNR).toList();
        assertEquals(1, naks.size(), "one NAK: " + w.sent());
        assertEquals(2_000 + LATENCY, naks.get(0).timePs(), "the packet arrived at 2,000 ps");
        Packet nak = ((Forward) naks.get(0).signal()).packet();
        // 5, 6 and 7 fill the 12,480 B queue (incast from 6 on: 8,320 B > 8,000 B); 8 would overflow it.
        assertEquals(8, nak.psn());
        assertEquals(RESPONDER, nak.src());
        assertEquals(REQUESTER, nak.dst());
        assertEquals(64, nak.sizeBytes());
        assertEquals(1, nak.trafficClass());
        assertEquals(new RoceHeader(REQUESTER_QPN, RoceHeader.Opcode.ACKNOWLEDGE, 2,
                Ps.serializationPs(QUEUE_BYTES, RATE)), nak.header(),
                "MSN: 1 at the ACK of 4, and 7 ended the second message; pause: the 12,480 B queue's drain time");
        assertEquals(1, w.sent().stream().filter(e -> e.targetId() == 11).count() - 1,
                "besides the NAK only the ACK went on toward the requester");
    }
}

package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.switching.Forward;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.switching.PoolPlan;
import io.fabricemu.switching.SwitchPlan;
import io.fabricemu.switching.SwitchPort;
import io.fabricemu.switching.TestPlans;
import io.fabricemu.wreb.LinearProfile;
import io.fabricemu.wreb.WrebSettings;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A switch port hosted by its actor: serializes, hands to its link and forwards at exact virtual times. */
class SwitchPortActorTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    private static final long RATE = 100_000_000_000L;
    private static final long HANDOFF = 250_000;
    private static final long LATENCY = 400_000;
    private static final int LINK = 100;

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    private static Packet packet(long psn, int size, int dst) {
        return PacketBuilder.data(1, 0, dst).sizeBytes(size).payloadBytes(size - 64).psn(psn).build();
    }

    /** Port 0 of a two-port switch; everything goes out through port 1 (element 11). */
    private static SwitchPort port(ForwardingMode mode, long port1RateBps) {
        SwitchPlan plan = TestPlans.of(50, new int[] {10, 11}, new long[] {RATE, port1RateBps},
                SwitchConfig.defaults().withLatencyPs(LATENCY).withForwarding(mode).withQueueBytes(1 << 20), 7L,
                (node, dst) -> new int[] {1},
                PoolPlan.NONE);
        return new SwitchPort(plan, "sw:p0", 1, LINK, HANDOFF, 0, false);
    }

    private static HostedElement.Window run(HostedElement actor, long endPs, List<Event> inbox) {
        return actor.run(endPs, inbox);
    }

    @Test
    void egress_serializesBackToBackAndHandsEachPacketToTheLink() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = new HostedElement(testKit, new ElementRunner(10, port(ForwardingMode.CUT_THROUGH, RATE)), shard);
        Packet p1 = packet(1, 4150, 3);
        Packet p2 = packet(2, 4150, 3);
        // Two packets become ready at the same time; the key (origin, seq) decides the order, not arrival.
        HostedElement.Window w1 = run(actor, 250_000,
                List.of(new Event(1_000, 5, 9, 10, new Forward(p2)), new Event(1_000, 5, 8, 10, new Forward(p1))));
        assertEquals(2, w1.events());
        assertEquals(List.of(new Event(251_000, 10, 0, LINK, new OnWire(p1, 1_000, 333_000))), w1.sent());
        assertEquals(333_000, w1.nextPs(), "the first packet's last bit leaves after 332,000 ps");

        HostedElement.Window w2 = run(actor, 500_000, List.of());
        assertEquals(List.of(new Event(583_000, 10, 2, LINK, new OnWire(p2, 333_000, 665_000))), w2.sent());
        assertEquals(Long.MAX_VALUE, w2.nextPs(), "nothing waits behind the second packet: its end is deferred");
    }

    @Test
    void ingress_cutThroughForwardsOneLatencyAfterTheFirstBit() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = new HostedElement(testKit, new ElementRunner(10, port(ForwardingMode.CUT_THROUGH, RATE)), shard);
        Packet p = packet(1, 4150, 3);
        HostedElement.Window w = run(actor, 400_000,
                List.of(new Event(1_000, 99, 0, 10, new Arrival(p, 1_000, 333_000))));
        assertEquals(List.of(new Event(401_000, 10, 0, 11, new Forward(p, 0))), w.sent(), "the packet carries its ingress port");
    }

    @Test
    void ingress_cutThroughIntoAFasterPortWaitsForTheTail() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = new HostedElement(testKit, new ElementRunner(10, port(ForwardingMode.CUT_THROUGH, 4 * RATE)), shard);
        Packet p = packet(1, 4150, 3);
        // In at 100 Gb/s (332,000 ps), out at 400 Gb/s (83,000 ps): the last bit may leave no earlier than
        // LATENCY after it arrived, so the packet starts at 333,000 + 400,000 - 83,000.
        HostedElement.Window w = run(actor, 400_000,
                List.of(new Event(1_000, 99, 0, 10, new Arrival(p, 1_000, 333_000))));
        assertEquals(650_000, w.sent().get(0).timePs());
    }

    @Test
    void ingress_storeAndForwardWaitsForTheWholePacket() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = new HostedElement(testKit, new ElementRunner(10, port(ForwardingMode.STORE_AND_FORWARD, RATE)), shard);
        Packet p = packet(1, 4150, 3);
        HostedElement.Window w = run(actor, 400_000,
                List.of(new Event(333_000, 99, 0, 10, new Arrival(p, 1_000, 333_000))));
        assertEquals(733_000, w.sent().get(0).timePs());
    }

    @Test
    void wreb_earlyAndDropNoticesLeaveTowardTheSourceOneLatencyAfterThePacketsReachTheQueue() {
        // Queue limit 10,000 B per class; linear profile 0 .. 1 B: the first packet finds an empty queue (no
        // notice), the second finds 4,150 B (certain: an early notice, and it goes on CE), the third would
        // exceed the limit (dropped: a drop notice carrying its CE bit as it was, 0).
        WrebSettings wreb = WrebSettings.defaults().withProfile(new LinearProfile(0, 1, 0)).withBtsBytes(64);
        SwitchPlan plan = TestPlans.of(50, new int[] {10, 11}, new long[] {RATE, RATE},
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(10_000).withWreb(wreb), 7L,
                (node, dst) -> new int[] {1}, PoolPlan.NONE);
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = new HostedElement(testKit, 
                new ElementRunner(10, new SwitchPort(plan, "sw:p0", 1, LINK, HANDOFF, 0, false)), shard);
        Packet p1 = packet(1, 4150, 3);
        Packet p2 = packet(2, 4150, 3);
        Packet p3 = packet(3, 4150, 3);
        HostedElement.Window w = run(actor, 250_000, List.of(new Event(5_000, 5, 1, 10, new Forward(p1)),
                new Event(5_000, 5, 2, 10, new Forward(p2)), new Event(5_000, 5, 3, 10, new Forward(p3))));
        List<Event> notices = w.sent().stream().filter(e -> e.targetId() == 11).toList();
        assertEquals(2, notices.size(), "one early and one drop notice: " + notices);
        for (Event e : notices) {
            assertEquals(5_000 + LATENCY, e.timePs(), "made at the queue, one pipeline latency to the egress");
            Packet bts = ((Forward) e.signal()).packet();
            assertEquals(PacketKind.BTS, bts.kind());
            assertEquals(0, bts.dst(), "back to the data packets' source");
            assertEquals(0, assertInstanceOf(BtsHeader.class, bts.header()).ecnBit());
            assertEquals(-1, ((Forward) e.signal()).ingressPort(), "made by the switch, no ingress port");
        }
        assertEquals(2, ((Forward) notices.get(0).signal()).packet().psn());
        assertEquals(BtsCause.EARLY, assertInstanceOf(BtsHeader.class,
                ((Forward) notices.get(0).signal()).packet().header()).cause());
        assertEquals(3, ((Forward) notices.get(1).signal()).packet().psn());
        assertEquals(BtsCause.DROP, assertInstanceOf(BtsHeader.class,
                ((Forward) notices.get(1).signal()).packet().header()).cause());
        OnWire first = (OnWire) w.sent().stream().filter(e -> e.targetId() == LINK).findFirst().orElseThrow().signal();
        assertEquals(p1, first.packet(), "the first packet leaves unmarked");
    }
}

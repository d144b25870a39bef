package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import io.fabricemu.baseline.BaselineNic;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicSetup;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.switching.Forward;
import io.fabricemu.switching.PoolPlan;
import io.fabricemu.switching.SwitchPlan;
import io.fabricemu.switching.SwitchPort;
import io.fabricemu.switching.TestPlans;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Honouring PFC pauses in the elements' actors: a switch port's egress stops exactly the paused class and
 * keeps serving the others, and starts the paused class again at exactly the pause's expiry or the resume's
 * arrival; a NIC stops its data but not its ACKs.
 */
class PfcActorTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    private static final long RATE = 100_000_000_000L;
    private static final long HANDOFF = 250_000;
    private static final long LATENCY = 400_000;
    private static final int LINK = 100;
    /** 1,000 quanta at 100 Gb/s: 512,000 bits = 5.12 us. */
    private static final int QUANTA = 1_000;
    private static final long PAUSE_PS = 5_120_000;
    /** 4,150 B at 100 Gb/s. */
    private static final long SER_PS = 332_000;

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    private static Packet packet(long psn, int trafficClass) {
        return PacketBuilder.data(1, 0, 3).sizeBytes(4150).payloadBytes(4086).trafficClass(trafficClass).psn(psn)
                .build();
    }

    /** Port 0 of a two-port switch with three classes, class 0 lossless; everything goes out through port 1. */
    private static HostedElement port(TestProbe<ShardActor.Command> shard) {
        PfcSettings pfc = new PfcSettings(1, 65_536, 32_768, PfcSettings.AUTO_HEADROOM, QUANTA, 3840, 4150,
                1_000_000_000);
        SwitchPlan plan = TestPlans.of(50, new int[] {10, 11}, new long[] {RATE, RATE},
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(1 << 20).withTrafficClasses(3)
                        .withPfc(pfc),
                7L, (node, dst) -> new int[] {1}, PoolPlan.NONE);
        SwitchPort model = new SwitchPort(plan, "sw:p0", 1, LINK, HANDOFF, 0, false);
        return new HostedElement(testKit, new ElementRunner(10, model), shard);
    }

    private static HostedElement.Window run(HostedElement actor, long endPs, List<Event> inbox) {
        return actor.run(endPs, inbox);
    }

    private static List<Packet> onWire(HostedElement.Window w) {
        return w.sent().stream().filter(e -> e.signal() instanceof OnWire).map(e -> ((OnWire) e.signal()).packet())
                .toList();
    }

    /** A pause of class 0 at 500 ps, then one packet of class 0 and one of class 1 ready at 1,000 ps. */
    private static HostedElement pausedWithTwoPackets(TestProbe<ShardActor.Command> shard) {
        HostedElement actor = port(shard);
        HostedElement.Window w = run(actor, 250_000, List.of(
                new Event(500, 99, 0, 10, new PfcArrival(PfcFrame.of(0, QUANTA))),
                new Event(1_000, 5, 0, 10, new Forward(packet(1, 0))),
                new Event(1_000, 5, 1, 10, new Forward(packet(2, 1)))));
        assertEquals(List.of(new Event(251_000, 10, 1, LINK, new OnWire(packet(2, 1), 1_000, 1_000 + SER_PS))),
                w.sent(), "class 1 goes at once; class 0, queued first, waits (its wake-up took sequence number 0)");
        HostedElement.Window done = run(actor, 500_000, List.of());
        assertEquals(List.of(), done.sent(), "class 0 stays paused after class 1 has left");
        return actor;
    }

    @Test
    void pausedClass_startsAtExactlyThePausesExpiry() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = pausedWithTwoPackets(shard);
        long expiry = 500 + PAUSE_PS;
        HostedElement.Window w = run(actor, expiry, List.of());
        assertEquals(List.of(), w.sent());
        assertEquals(expiry, w.nextPs(), "the one wake-up is the pause's expiry");
        HostedElement.Window after = run(actor, expiry + 250_000, List.of());
        assertEquals(List.of(new OnWire(packet(1, 0), expiry, expiry + SER_PS)),
                after.sent().stream().map(Event::signal).toList());
        assertEquals(expiry + HANDOFF, after.sent().get(0).timePs());
    }

    @Test
    void pausedClass_startsAtTheResumesArrival() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        HostedElement actor = pausedWithTwoPackets(shard);
        HostedElement.Window w = run(actor, 2_250_000,
                List.of(new Event(2_000_000, 99, 1, 10, new PfcArrival(PfcFrame.of(0, 0)))));
        assertEquals(List.of(packet(1, 0)), onWire(w));
        assertEquals(2_000_000 + HANDOFF, w.sent().get(0).timePs(), "first bit at the resume's arrival");
    }

    @Test
    void nic_pausedStopsDataButKeepsSendingAcks() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        TransportPlan.Baseline transport = TransportPlan.fixedWindow(1 << 20, 1_000_000_000L);
        BaselineNic nic = new BaselineNic(new NicSetup(0, "h0:nic", LINK, RATE, HANDOFF,
                List.of(new NicFlow(1, 5, 1 << 20, 0, 7)), List.of(new NicFlow(2, 5, 1 << 20, 0, 9)), transport.common()),
                transport.windowBytes());
        HostedElement actor = new HostedElement(testKit, new ElementRunner(0, nic), shard);
        actor.tell(ElementActor.Start.INSTANCE);
        shard.expectMessageClass(ShardActor.ElementStarted.class);
        Packet incoming = PacketBuilder.data(2, 5, 0).sizeBytes(4150).payloadBytes(4086).entropy(9).build();
        HostedElement.Window w1 = run(actor, 250_000, List.of(
                new Event(100_000, 99, 0, 0, new PfcArrival(PfcFrame.of(0, QUANTA))),
                new Event(200_000, 99, 1, 0, new Arrival(incoming, 0, 200_000))));
        assertEquals(List.of(PacketKind.DATA), onWire(w1).stream().map(Packet::kind).toList(),
                "the first data packet started at 0, before the pause");
        HostedElement.Window w2 = run(actor, 500_000, List.of());
        List<Packet> sent = onWire(w2);
        assertEquals(1, sent.size());
        assertEquals(PacketKind.ACK, sent.get(0).kind(), "the ACK (control class) goes while data is paused");
        long expiry = 100_000 + PAUSE_PS;
        HostedElement.Window w3 = run(actor, expiry, List.of());
        assertEquals(List.of(), w3.sent(), "no data until the pause expires");
        HostedElement.Window w4 = run(actor, expiry + 250_000, List.of());
        assertEquals(List.of(PacketKind.DATA), onWire(w4).stream().map(Packet::kind).toList());
        assertEquals(expiry + HANDOFF, w4.sent().get(0).timePs(), "data starts again at exactly the expiry");
    }
}

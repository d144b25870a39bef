package io.fabricemu.switching;

import io.fabricemu.fabric.SwitchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.ecn.EcnRule;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ECN marking at a switch port's dequeue, and the rules that decide where it applies. */
class EcnMarkingTest {
    private static final long RATE = 100_000_000_000L;
    private static final int LINK = 100;
    /** Marks every ECN-capable packet that leaves anything behind it in its class. */
    private static final EcnRamp ANY_BACKLOG = new EcnRamp(0, 0, 0);

    private static SwitchPort port(EcnPolicy policy, boolean hostFacing) {
        SwitchPlan plan = TestPlans.of(50, new int[] {10, 11}, new long[] {RATE, RATE},
                SwitchConfig.defaults().withLatencyPs(400_000).withQueueBytes(1 << 20).withEcn(policy), 7L,
                (node, dst) -> new int[] {1}, PoolPlan.NONE);
        return new SwitchPort(plan, "sw:p0", 1, LINK, 250_000, 0, hostFacing);
    }

    private static Packet data(long psn, int ecn) {
        return PacketBuilder.data(3, 0, 5).sizeBytes(4150).payloadBytes(4086).ecn(ecn).entropy(9).psn(psn).build();
    }

    /** Three packets at once, then the transmitter runs dry; returns what went on the wire. */
    private static List<Packet> burst(SwitchPort port, int ecn) {
        RecordingContext ctx = new RecordingContext();
        for (long psn = 0; psn < 3; psn++) {
            port.onEvent(new Forward(data(psn, ecn)), ctx);
        }
        while (!ctx.scheduled.isEmpty()) {
            var next = ctx.scheduled.remove(0);
            ctx.nowPs = next.timePs();
            port.onEvent(next.signal(), ctx);
        }
        return ctx.sentTo(LINK).stream().map(s -> ((OnWire) s).packet()).toList();
    }

    @Test
    void dequeue_marksOnTheBytesLeftBehind() {
        SwitchPort port = port(new EcnPolicy(List.of(new EcnRule(-1, EcnRule.LastHop.ANY, -1, ANY_BACKLOG))), false);
        List<Packet> sent = burst(port, Packet.ECN_ECT0);
        // The first leaves an empty queue (it is served on arrival), the second leaves the third behind it,
        // the third leaves nothing.
        assertEquals(List.of(Packet.ECN_ECT0, Packet.ECN_CE, Packet.ECN_ECT0), sent.stream().map(Packet::ecn).toList());
        assertEquals(1, port.report().ports().get(0).ecnMarks());
    }

    @Test
    void dequeue_neverMarksAPacketThatIsNotEcnCapable() {
        SwitchPort port = port(new EcnPolicy(List.of(new EcnRule(-1, EcnRule.LastHop.ANY, -1, ANY_BACKLOG))), false);
        assertEquals(List.of(0, 0, 0), burst(port, 0).stream().map(Packet::ecn).toList());
        assertEquals(0, port.report().ports().get(0).ecnMarks());
    }

    @Test
    void dequeue_aLaterRuleTurnsMarkingOffAtTheLastHop() {
        EcnPolicy policy = new EcnPolicy(List.of(new EcnRule(-1, EcnRule.LastHop.ANY, -1, ANY_BACKLOG),
                new EcnRule(-1, EcnRule.LastHop.YES, 0, EcnRamp.off())));
        SwitchPort lastHop = port(policy, true);
        SwitchPort upstream = port(policy, false);
        assertEquals(0, burst(lastHop, Packet.ECN_ECT0).stream().filter(Packet::congestionExperienced).count());
        assertEquals(1, burst(upstream, Packet.ECN_ECT0).stream().filter(Packet::congestionExperienced).count());
    }

    @Test
    void rampFor_theLastMatchingRuleWins() {
        EcnRamp a = new EcnRamp(1000, 2000, 100_000);
        EcnRamp b = new EcnRamp(5000, 9000, 200_000);
        EcnPolicy policy = new EcnPolicy(List.of(new EcnRule(-1, EcnRule.LastHop.ANY, -1, a),
                new EcnRule(2, EcnRule.LastHop.ANY, -1, b), new EcnRule(2, EcnRule.LastHop.ANY, 1, EcnRamp.off())));
        assertEquals(a, policy.rampFor(1, true, 0));
        assertEquals(b, policy.rampFor(2, false, 0));
        assertNull(policy.rampFor(2, false, 1), "turned off");
        assertNull(EcnPolicy.NONE.rampFor(1, false, 0));
    }
}

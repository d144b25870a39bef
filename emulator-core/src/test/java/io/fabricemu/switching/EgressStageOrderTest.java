package io.fabricemu.switching;

import io.fabricemu.fabric.SwitchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.ecn.EcnRule;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.fabric.SwitchStages;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.TxDone;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.rnrnak.TriggerMode;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.time.Ps;
import io.fabricemu.wreb.WrebSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order of a switch port's egress stages: with every stage on, one packet through the port meets them at
 * every hook in the documented order (PFC, shared buffer lease, RNR NAKs, trimming, WREB, ECN).
 */
class EgressStageOrderTest {
    private static final long RATE = 100_000_000_000L;
    private static final List<String> ORDER =
            List.of("PfcEgress", "SharedLease", "RnrNackPort", "Trimming", "WrebPort", "EcnMarking");

    private final List<String> calls = new ArrayList<>();

    /** Class 1 lossless, a pool, RNR NAKs on every port, trimming, WREB and an ECN ramp on class 0. */
    private static SwitchConfig everyStage() {
        PfcSettings pfc = new PfcSettings(0b010, 20_000, 10_000, PfcSettings.AUTO_HEADROOM, 0xFFFF, 3_840, 4_150,
                Ps.PER_MS);
        RnrNackSettings rnr = new RnrNackSettings(true, false, 8_000, 4_000, TriggerMode.AT_OVERFLOW, 0, 100,
                RnrTimer.Encoding.EXACT_PS, 2, 16, Ps.PER_MS, (a, b) -> 8 * Ps.PER_US);
        EcnPolicy ecn = new EcnPolicy(List.of(new EcnRule(-1, EcnRule.LastHop.ANY, 0,
                new EcnRamp(10_000, 100_000, 200_000))));
        return SwitchConfig.defaults().withLatencyPs(400_000).withQueueBytes(1 << 20).withTrafficClasses(3)
                .withSharedBufferBytes(1 << 20).withTrimming(true).withEcn(ecn).withPfc(pfc).withRnrNack(rnr)
                .withWreb(WrebSettings.defaults().withBtsBytes(64));
    }

    /** The stages {@link SwitchStages} builds, each wrapped to record its hooks as they are called. */
    private SwitchPort port() {
        SwitchConfig settings = everyStage();
        SwitchStages real = new SwitchStages(settings);
        PortStages recorded = (plan, portNumber, tier, hostFacing, port) -> {
            EgressStage[] stages = real.build(plan, portNumber, tier, hostFacing, port);
            for (int i = 0; i < stages.length; i++) {
                stages[i] = new Recorder(stages[i]);
            }
            return stages;
        };
        SwitchPlan plan = new SwitchPlan(50, new int[] {10, 11}, new long[] {RATE, RATE}, settings, 7L,
                (node, dst) -> new int[] {1}, new PoolPlan(20, 1 << 20), recorded);
        return new SwitchPort(plan, "sw:p0", 1, 100, 250_000, 0, false);
    }

    @Test
    void packetThroughAPortWithEveryStage_meetsTheStagesInTheDocumentedOrderAtEveryHook() {
        SwitchPort port = port();
        RecordingContext ctx = new RecordingContext();
        port.start(ctx);
        Packet p = EgressQueueTest.packet(0, 4_150, 1);
        port.onEvent(new Arrival(p, 0, 332_000), ctx);
        port.onEvent(new Forward(p, 1), ctx);
        port.onEvent(TxDone.INSTANCE, ctx);

        List<String> expected = new ArrayList<>();
        for (String hook : List.of("start", "arrived", "beforeEnqueue", "offered", "occupancyChanged", "atDequeue",
                "departed", "occupancyChanged")) {
            for (String stage : ORDER) {
                expected.add(hook + " " + stage);
            }
        }
        assertEquals(expected, calls);
    }

    /** Passes every hook on to {@code inner}, noting the hook and the stage's class first. */
    private final class Recorder implements EgressStage {
        private final EgressStage inner;
        private final String name;

        Recorder(EgressStage inner) {
            this.inner = inner;
            this.name = inner.getClass().getSimpleName();
        }

        private void note(String hook) {
            calls.add(hook + " " + name);
        }

        @Override
        public void start(EventContext ctx) {
            note("start");
            inner.start(ctx);
        }

        @Override
        public void arrived(Packet p, long nowPs) {
            note("arrived");
            inner.arrived(p, nowPs);
        }

        @Override
        public Packet beforeEnqueue(Packet p, EgressOffer offer, EventContext ctx) {
            note("beforeEnqueue");
            return inner.beforeEnqueue(p, offer, ctx);
        }

        @Override
        public void offered(Packet p, boolean admitted, long nowPs) {
            note("offered");
            inner.offered(p, admitted, nowPs);
        }

        @Override
        public void occupancyChanged(EventContext ctx) {
            note("occupancyChanged");
            inner.occupancyChanged(ctx);
        }

        @Override
        public Packet atDequeue(Packet p, EventContext ctx) {
            note("atDequeue");
            return inner.atDequeue(p, ctx);
        }

        @Override
        public void departed(Packet p, int ingressPort, EventContext ctx) {
            note("departed");
            inner.departed(p, ingressPort, ctx);
        }

        @Override
        public boolean handle(Signal signal, EventContext ctx) {
            note("handle");
            return inner.handle(signal, ctx);
        }

        @Override
        public void count(EgressCounts counts) {
            inner.count(counts);
        }
    }
}

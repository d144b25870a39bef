package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.results.RunResult;
import io.fabricemu.stats.PortStats;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole emulations whose outcome can be computed by hand. */
class AnalyticTest {
    private static final long RATE = 100_000_000_000L;
    private static final long FLIGHT = 500 * Ps.PER_NS;
    private static final long LATENCY = 500 * Ps.PER_NS;

    private static RunResult run(int hosts, ForwardingMode mode, long windowBytes, long queueBytes, List<FlowSpec> flows) {
        return run(hosts, mode, windowBytes, queueBytes, flows, 1);
    }

    /** One leaf, {@code hosts} hosts on 100 Gb/s links, recording the default time series. */
    static RunResult run(int hosts, ForwardingMode mode, long windowBytes, long queueBytes, List<FlowSpec> flows,
                         int shards) {
        LinkSpec link = new LinkSpec(RATE, FLIGHT, 0);
        var topology = Topologies.build(new LeafSpineSpec(1, hosts, 1, 1, link, link));
        var fabric = new FabricBuilder(topology, SwitchConfig.defaults().withLatencyPs(LATENCY).withForwarding(mode)
                .withQueueBytes(queueBytes),
                TransportPlan.fixedWindow(windowBytes, 1000 * Ps.PER_US), flows, 0, 1);
        return Emulation.run("analytic", 1, fabric, flows, Ps.PER_S, shards, PreparedRun.DEFAULT_SAMPLING,
                new Progress());
    }

    /*
     * 1,000,000 B in 4,086 B payloads: 244 full packets (4,150 B on the wire, 332,000 ps each at 100 Gb/s)
     * and a last one of 3,016 B (3,080 B, 246,400 ps). The window (1 MiB) never limits, so the NIC sends
     * back to back: the last bit leaves at 244 x 332,000 + 246,400 = 81,254,400 ps.
     */
    private static final long LAST_BIT_LEAVES_NIC = 244 * 332_000L + 246_400L;

    @Test
    void oneFlow_cutThrough_finishesAtTheHandComputedTime() {
        RunResult r = run(2, ForwardingMode.CUT_THROUGH, 1 << 20, 1 << 20, List.of(new FlowSpec(0, 1, 1_000_000, 0)));
        // Cut-through at equal rates: the last bit is delayed only by link, switch latency and link.
        long expected = LAST_BIT_LEAVES_NIC + FLIGHT + LATENCY + FLIGHT;
        assertEquals(82_754_400L, expected);
        long finish = r.flows().get(0).finishPs();
        assertTrue(Math.abs(finish - expected) <= expected / 1000, "within 0.1%: " + finish + " vs " + expected);
        assertEquals(expected, finish, "and in fact exact");
        assertEquals(0, r.flows().get(0).retransmittedBytes());
    }

    @Test
    void oneFlow_storeAndForward_finishesAtTheHandComputedTime() {
        RunResult r = run(2, ForwardingMode.STORE_AND_FORWARD, 1 << 20, 1 << 20,
                List.of(new FlowSpec(0, 1, 1_000_000, 0)));
        // The second-to-last packet is fully in at 244 x 332,000 + FLIGHT and leaves the switch after
        // LATENCY, taking 332,000 ps; the short last packet, in earlier than that, waits for it, then
        // takes 246,400 ps, then flies.
        long secondToLastStarts = 244 * 332_000L + FLIGHT + LATENCY;
        long expected = secondToLastStarts + 332_000 + 246_400 + FLIGHT;
        assertEquals(83_086_400L, expected);
        assertEquals(expected, r.flows().get(0).finishPs());
    }

    @Test
    void losslessIncast_drainsTheBottleneckAtLineRate() {
        int senders = 4;
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= senders; s++) {
            flows.add(new FlowSpec(s, 0, 1_000_000, 0));
        }
        RunResult r = run(senders + 1, ForwardingMode.CUT_THROUGH, 256 * 1024, 4 << 20, flows);
        long wireBytes = senders * (1_000_000L + 245 * 64);
        PortStats bottleneck = r.ports().stream().filter(p -> p.id().equals("leaf0:p0")).findFirst().orElseThrow();
        assertEquals(wireBytes, bottleneck.txBytes());
        assertEquals(0, r.ports().stream().mapToLong(PortStats::drops).sum());
        // The first packet reaches the bottleneck after FLIGHT + LATENCY; if the port never idles from then
        // on, the last bit reaches host 0 after the bytes' serialization time and one more FLIGHT.
        long ideal = FLIGHT + LATENCY + Ps.serializationPs(wireBytes, RATE) + FLIGHT;
        long last = r.flows().stream().mapToLong(f -> f.finishPs()).max().orElseThrow();
        assertTrue(last >= ideal, "never faster than line rate");
        double drainRateBps = wireBytes * 8e12 / (last - FLIGHT - FLIGHT - LATENCY);
        assertTrue(Math.abs(drainRateBps - RATE) / RATE < 0.01, "drained at " + drainRateBps + " b/s");
    }

    /**
     * Seven senders at line rate into one port with a queue of ten packets: without trimming, tail drops
     * are repaired only by the retransmission timeout; with it, every lost payload is asked for at once by
     * a NACK, so nothing is dropped and the incast ends sooner.
     */
    @Test
    void incast_trimmingTurnsDropsIntoNacksAndFinishesSooner() {
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= 7; s++) {
            flows.add(new FlowSpec(s, 0, 500_000, 0));
        }
        RunResult dropping = incast(flows, false);
        RunResult trimming = incast(flows, true);
        assertEquals(flows.size(), dropping.flowsFinished());
        assertEquals(flows.size(), trimming.flowsFinished());
        assertTrue(dropping.ports().stream().mapToLong(PortStats::drops).sum() > 0, "the queue overflows");
        assertEquals(0, trimming.ports().stream().mapToLong(PortStats::drops).sum());
        assertTrue(trimming.ports().stream().mapToLong(PortStats::trims).sum() > 0);
        long lastDropping = dropping.flows().stream().mapToLong(f -> f.finishPs()).max().orElseThrow();
        long lastTrimming = trimming.flows().stream().mapToLong(f -> f.finishPs()).max().orElseThrow();
        assertTrue(lastTrimming < lastDropping, lastTrimming + " vs " + lastDropping);
    }

    private static RunResult incast(List<FlowSpec> flows, boolean trimming) {
        LinkSpec link = new LinkSpec(RATE, FLIGHT, 0);
        var topology = Topologies.build(new LeafSpineSpec(1, 8, 1, 1, link, link));
        var fabric = new FabricBuilder(topology,
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(41_500).withTrimming(trimming),
                TransportPlan.fixedWindow(64 * 1024, 100 * Ps.PER_US), flows, 0, 3);
        return Emulation.run("trim", 3, fabric, flows, Ps.PER_S, 1, PreparedRun.DEFAULT_SAMPLING, new Progress());
    }

    @Test
    void lossyLinks_everyFlowStillDeliversEveryByteExactlyOnce() {
        LinkSpec link = new LinkSpec(RATE, FLIGHT, 0);
        var topology = Topologies.build(new LeafSpineSpec(2, 3, 2, 1, link, link));
        List<FlowSpec> flows = List.of(new FlowSpec(0, 4, 300_000, 0), new FlowSpec(1, 5, 200_000, 1_000),
                new FlowSpec(3, 0, 250_000, 0), new FlowSpec(2, 1, 100_000, 0));
        var fabric = new FabricBuilder(topology, SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(1 << 20),
                TransportPlan.fixedWindow(64 * 1024, 20 * Ps.PER_US), flows, 0.02, 9);
        RunResult r = Emulation.run("lossy", 9, fabric, flows, Ps.PER_S, 2, PreparedRun.DEFAULT_SAMPLING, new Progress());
        // FlowResults.join fails the run if a finished flow delivered any other number of bytes.
        assertEquals(flows.size(), r.flowsFinished());
        assertTrue(r.flows().stream().mapToLong(f -> f.retransmittedBytes()).sum() > 0, "losses were repaired");
    }
}

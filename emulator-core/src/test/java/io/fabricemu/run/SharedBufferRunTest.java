package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.results.RunResult;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.stats.PortStats;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs with shared buffer pools: shard-independent results, and pools wired in from a scenario. */
class SharedBufferRunTest {
    private static final long RATE = 100_000_000_000L;
    private static final long FLIGHT = 500 * Ps.PER_NS;
    private static final long LATENCY = 500 * Ps.PER_NS;

    /**
     * Three leaves of four hosts: every host off leaf 0 sends to host 0, and host 1 to host 5. The pools
     * are small (256 KiB for 16 KiB queues), so their thresholds bind: drops and retransmissions depend on
     * when each grant lands, and the flow results with them.
     */
    private static RunResult run(long sharedBufferBytes, int shards) {
        LinkSpec link = new LinkSpec(RATE, FLIGHT, 0);
        var topology = Topologies.build(new LeafSpineSpec(3, 4, 2, 1, link, link));
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 4; s < 12; s++) {
            flows.add(new FlowSpec(s, 0, 300_000, (s - 4) * 100 * Ps.PER_NS));
        }
        flows.add(new FlowSpec(1, 5, 300_000, 0));
        var fabric = new FabricBuilder(topology,
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(16 * 1024)
                        .withSharedBufferBytes(sharedBufferBytes),
                TransportPlan.fixedWindow(64 * 1024, 20 * Ps.PER_US), flows, 0, 5);
        return Emulation.run("pool", 5, fabric, flows, Ps.PER_S, shards, PreparedRun.DEFAULT_SAMPLING, new Progress());
    }

    private static long drops(RunResult r) {
        return r.ports().stream().mapToLong(PortStats::drops).sum();
    }

    @Test
    void run_withAPoolOnOneAndThreeShards_givesTheSameDigestAndPortCounters() {
        RunResult one = run(256 * 1024, 1);
        RunResult three = run(256 * 1024, 3);
        assertEquals(3, three.shards());
        assertEquals(one.flowsFinished(), one.flows().size());
        assertTrue(drops(one) > 0, "the pools' thresholds bind, so their timing shapes the flows");
        assertEquals(one.digest(), three.digest());
        assertEquals(one.ports(), three.ports());
        assertEquals(one.events(), three.events());
    }

    @Test
    void run_withAPool_differsFromTheSameFabricWithout() {
        RunResult with = run(256 * 1024, 1);
        RunResult without = run(0, 1);
        // Not fewer drops, necessarily: with thresholds this tight, the longer queues the pool allows
        // change which packets the retransmissions resend.
        assertNotEquals(with.digest(), without.digest(), "the pool changes what the flows see");
        assertTrue(with.ports().stream().anyMatch(p -> p.maxQueueBytes() > 16 * 1024), "queues borrowed");
        assertEquals(without.elements() + 5, with.elements(), "one pool per switch: 3 leaves, 2 spines");
    }

    @Test
    void of_sharedBufferInAScenario_givesEverySwitchAPoolAfterTheLinks() throws ScenarioException {
        String yaml = String.join("\n",
                "name: pooled",
                "topology: {kind: leaf-spine, leaves: 2, hostsPerLeaf: 2, spines: 1,",
                "           hostLink: {rate: 100Gbps, delay: 500ns}, fabricLink: {rate: 100Gbps, delay: 500ns}}",
                "switch: {queue: 64KiB, sharedBuffer: 4MiB}",
                "workload: {kind: incast, receiver: 0, senders: [1, 2, 3], bytes: 64KiB}",
                "");
        FabricBuilder fabric = PreparedRun.of(ScenarioLoader.parse(yaml, "pooled.yaml", List.of())).fabric();
        // 4 NICs, 2 x 3 + 1 x 2 = 8 switch ports, 2 x 6 cables = 12 links: ids 0..23, then 3 pools.
        assertEquals(27, fabric.elementCount());
        for (int node = 4; node < 7; node++) {
            int pool = fabric.poolElementOf(node);
            assertEquals(24 + node - 4, pool);
            assertEquals(node, fabric.nodeOf(pool));
        }
    }

    @Test
    void of_noSharedBuffer_keepsTheElementIdsItAlwaysHad() throws ScenarioException {
        String yaml = String.join("\n",
                "name: plain",
                "topology: {kind: leaf-spine, leaves: 2, hostsPerLeaf: 2, spines: 1,",
                "           hostLink: {rate: 100Gbps, delay: 500ns}, fabricLink: {rate: 100Gbps, delay: 500ns}}",
                "switch: {queue: 64KiB, sharedBuffer: 0B}",
                "workload: {kind: incast, receiver: 0, senders: [1, 2, 3], bytes: 64KiB}",
                "");
        FabricBuilder fabric = PreparedRun.of(ScenarioLoader.parse(yaml, "plain.yaml", List.of())).fabric();
        assertEquals(24, fabric.elementCount());
        assertEquals(-1, fabric.poolElementOf(4));
    }
}

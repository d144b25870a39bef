package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.fault.Failover;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultAction;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.LinkState;
import io.fabricemu.results.FlowResult;
import io.fabricemu.results.RunResult;
import io.fabricemu.stats.FaultDrop;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole runs on a leaf-spine whose links fail. */
class FaultRunTest {
    private static final long RATE = 100_000_000_000L;
    private static final long FLIGHT = 500 * Ps.PER_NS;
    private static final Topology TOPOLOGY = Topologies.build(new LeafSpineSpec(2, 4, 2, 1,
            new LinkSpec(RATE, FLIGHT, 0), new LinkSpec(RATE, FLIGHT, 0)));

    /** Both directions of the cable between the nodes named {@code a} and {@code b}. */
    static int[] both(String a, String b) {
        for (int c = 0; c < TOPOLOGY.cableCount(); c++) {
            Cable cable = TOPOLOGY.cable(c);
            String x = TOPOLOGY.name(cable.nodeA());
            String y = TOPOLOGY.name(cable.nodeB());
            if (x.equals(a) && y.equals(b) || x.equals(b) && y.equals(a)) {
                return new int[] {2 * c, 2 * c + 1};
            }
        }
        throw new IllegalArgumentException("no cable " + a + " - " + b);
    }

    static Fault fault(int index, long atPs, FaultAction action, int[] directions) {
        return new Fault(index, "fault " + index, atPs, action, directions);
    }

    static RunResult run(List<Fault> faults, int shards) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 0; h < 4; h++) {
            flows.add(new FlowSpec(h, 4 + h, 2_000_000, 0));
        }
        var fabric = new FabricBuilder(TOPOLOGY, SwitchConfig.defaults().withLatencyPs(500 * Ps.PER_NS),
                TransportPlan.fixedWindow(256 * 1024, 50 * Ps.PER_US), flows, 0, 1, new FaultPlan(faults),
                new Failover(2 * Ps.PER_US, 20 * Ps.PER_US));
        return Emulation.run("faults", 1, fabric, flows, 10 * Ps.PER_MS, shards, PreparedRun.DEFAULT_SAMPLING,
                new Progress());
    }

    @Test
    void aSpineLinkThatGoesDownAndComesBack_losesPacketsEveryFlowStillFinishes() {
        RunResult r = run(List.of(fault(0, 20 * Ps.PER_US, new LinkState(true), both("leaf0", "spine0")),
                fault(1, 120 * Ps.PER_US, new LinkState(false), both("leaf0", "spine0"))), 1);
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished(), "flow " + f.id() + " finished");
        }
        long lost = 0;
        for (FaultDrop kind : FaultDrop.values()) {
            lost += r.faults().packets(0, kind);
        }
        assertTrue(lost > 0, "the failure lost packets: " + r.faults().counts());
        assertTrue(r.faults().packets(0, FaultDrop.BLACKHOLE) > 0, "black-holed before routing knew: "
                + r.faults().counts());
    }

    @Test
    void faults_sameDigestOnOneTwoAndThreeShards() {
        List<Fault> faults = List.of(fault(0, 20 * Ps.PER_US, new LinkState(true), both("leaf0", "spine0")),
                fault(1, 120 * Ps.PER_US, new LinkState(false), both("leaf0", "spine0")));
        RunResult one = run(faults, 1);
        assertEquals(one.digest(), run(faults, 2).digest());
        assertEquals(one.digest(), run(faults, 3).digest());
        assertEquals(one.faults().counts(), run(faults, 3).faults().counts());
    }
}

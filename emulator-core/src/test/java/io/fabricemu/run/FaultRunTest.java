package io.fabricemu.run;

import static io.fabricemu.fault.SmallLeafSpine.both;
import static io.fabricemu.fault.SmallLeafSpine.direction;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultAction;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.SmallLeafSpine;
import io.fabricemu.results.FlowResult;
import io.fabricemu.results.RunResult;
import io.fabricemu.stats.FaultDrop;
import io.fabricemu.time.Ps;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole runs on a leaf-spine whose links fail. */
class FaultRunTest {
    static Fault fault(int index, long atPs, FaultAction action, int[] directions) {
        return new Fault(index, "fault " + index, atPs, action, directions);
    }

    static RunResult run(List<Fault> faults, int shards) {
        return SmallLeafSpine.crossTraffic("faults", faults, shards);
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

    /**
     * The black-hole window, packet by packet. One flow streams from h0 to h4 at line rate (a window that never
     * fills, a timeout far away), its packets 332 ns apart (4,150 B at 100 Gb/s), and in the healthy fabric ECMP puts
     * it on spine0. spine0 -> leaf1 goes dark at 20 us; detection takes 2 us, convergence 20 us more. Packet k leaves
     * h0 at k x 332 ns, reaches leaf0 500 ns later, spine0's ingress 1.5 us later and its egress toward leaf1 2 us
     * later, and would start there at once (cut-through, no queue).
     * <ul>
     *   <li>On the wire: started before 20 us, last bit due after it: 19.168 &lt; k x 0.332 + 2 + 0.332 + 0.5 and
     *       k x 0.332 + 2 &lt; 20, so k = 52, 53, 54: 3 packets.</li>
     *   <li>At the dead egress, before spine0's ports know (22 us at the detecting port, one switch latency later,
     *       22.5 us, at the ingress port): ingress at k x 0.332 + 1.5 &lt; 22.5, k = 55..63: 9 packets.</li>
     *   <li>At spine0's ingress, no route to leaf1's hosts, until leaf0 installs the update at 20 + 2 + 20 = 42 us
     *       (leaf0 routes packet k when it arrives, at k x 0.332 + 0.5 &lt; 42): k = 64..124, 61 packets.</li>
     * </ul>
     * 70 black-holed, 3 on the wire; from k = 125 on, leaf0 sends by spine1. Nothing else is lost.
     */
    @Test
    void blackHoleWindow_isDetectionPlusConvergence_packetByPacket() {
        List<FlowSpec> flows = List.of(new FlowSpec(0, 4, 1_000 * 4_086L, 0));
        RunResult healthy = runOne(flows, List.of());
        assertTrue(txBytes(healthy, "spine0:p1") > 1_000 * 4_086L, "the flow crosses spine0 when healthy");
        RunResult r = runOne(flows, List.of(fault(0, 20 * Ps.PER_US, new LinkState(true),
                direction("spine0", "leaf1"))));
        assertEquals(3, r.faults().packets(0, FaultDrop.WIRE), r.faults().counts().toString());
        assertEquals(70, r.faults().packets(0, FaultDrop.BLACKHOLE), r.faults().counts().toString());
        assertEquals(0, r.faults().packets(0, FaultDrop.QUEUE));
        assertEquals(9, blackholedAt(r, "spine0:p1"), "at the dead egress");
        assertEquals(61, blackholedAt(r, "spine0:p0"), "at the ingress, no route");
        assertTrue(r.flows().get(0).finished());
    }

    private static RunResult runOne(List<FlowSpec> flows, List<Fault> faults) {
        return SmallLeafSpine.run("faults", flows, TransportPlan.fixedWindow(64 << 20, Ps.PER_MS), faults, 1);
    }

    private static long txBytes(RunResult r, String port) {
        return r.ports().stream().filter(p -> p.id().equals(port)).mapToLong(p -> p.txBytes()).sum();
    }

    private static long blackholedAt(RunResult r, String port) {
        return r.faults().counts().stream().filter(c -> c.where().equals(port))
                .mapToLong(c -> c.packets(FaultDrop.BLACKHOLE)).sum();
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

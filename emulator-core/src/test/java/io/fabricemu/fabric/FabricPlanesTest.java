package io.fabricemu.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.actor.Engine;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.net.Ecmp;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.stats.PortStats;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.PlanesSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A two-plane leaf-spine (2 leaves of 2 hosts, 1 spine) built into elements: NIC ports, names, senders, a run. */
class FabricPlanesTest {
    private static final LinkSpec LINK = new LinkSpec(100_000_000_000L, 500 * Ps.PER_NS, 0);
    private static final Topology TWO_PLANES = Topologies.build(new PlanesSpec(new LeafSpineSpec(2, 2, 1, 1, LINK,
            LINK), 2));
    private static final long SEED = 1;

    private static FabricBuilder fabric(List<FlowSpec> flows) {
        return new FabricBuilder(TWO_PLANES, SwitchConfig.defaults().withLatencyPs(500 * Ps.PER_NS),
                TransportPlan.fixedWindow(128 * 1024, 100 * Ps.PER_US), flows, 0, SEED);
    }

    @Test
    void aNicHearsFromItsLinkInEveryPlane_andItsPortsAreNamedByPlane() {
        FabricBuilder fabric = fabric(List.of(new FlowSpec(0, 2, 100_000, 0)));
        int[] senders = fabric.sendersTo(0);
        assertEquals(2, senders.length);
        for (int p = 0; p < 2; p++) {
            assertEquals(TWO_PLANES.edgeSwitchOf(0, p), fabric.nodeOf(senders[p]));
        }
        assertEquals("h0:nic1", FabricBuilder.portName(TWO_PLANES, 0, 1));
        assertEquals("p1.leaf0:p0", FabricBuilder.portName(TWO_PLANES, TWO_PLANES.edgeSwitchOf(0, 1), 0));
        Topology one = Topologies.build(new LeafSpineSpec(2, 2, 1, 1, LINK, LINK));
        assertEquals("h0:nic", FabricBuilder.portName(one, 0, 0));
    }

    @Test
    void theBaselineKeepsAFlowOnThePlaneOfItsEntropy_inBothDirections() {
        List<FlowSpec> flows = List.of(new FlowSpec(0, 2, 1_000_000, 0), new FlowSpec(1, 3, 1_000_000, 0));
        FabricBuilder fabric = fabric(flows);
        EngineResult r = Engine.run(fabric, RunLimits.singleShard(Ps.PER_S, fabric.elementCount()), new Progress());
        assertEquals(2, r.flowsCompleted());
        for (int id = 0; id < flows.size(); id++) {
            int plane = (int) (Ecmp.mix(SEED ^ (0x5EED_0000_0000L + id)) & 0xFFFF) % 2;
            int src = flows.get(id).src();
            long[] sent = {tx(r, "h" + src + ":nic0"), tx(r, "h" + src + ":nic1")};
            assertTrue(sent[plane] > 1_000_000, "flow " + id + " on plane " + plane + ": " + sent[plane]);
            assertEquals(0, sent[1 - plane], "flow " + id + " off plane " + plane);
        }
    }

    @Test
    void pfcOnPlanes_isRefused() {
        PfcSettings pfc = new PfcSettings(1, 20_000, 10_000, PfcSettings.AUTO_HEADROOM, 65_535, 3840, 4150,
                1_000_000_000_000L);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FabricBuilder(TWO_PLANES,
                SwitchConfig.defaults().withPfc(pfc), TransportPlan.fixedWindow(1 << 20, Ps.PER_MS), List.of(), 0,
                SEED));
        assertTrue(e.getMessage().contains("PFC"), e.getMessage());
    }

    private static long tx(EngineResult r, String port) {
        return r.reports().stream().flatMap(e -> e.ports().stream()).filter(p -> p.id().equals(port))
                .mapToLong(PortStats::txBytes).sum();
    }
}

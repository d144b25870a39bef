package io.fabricemu.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.fault.Failover;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.LinkState;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.pfc.PfcPeer;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.rnrnak.TriggerMode;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.switching.AdaptiveRouting;
import io.fabricemu.switching.EgressPort;
import io.fabricemu.switching.EgressStage;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.switching.PoolPlan;
import io.fabricemu.switching.PortStages;
import io.fabricemu.switching.SwitchPlan;
import io.fabricemu.switching.SwitchPort;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import io.fabricemu.wreb.WrebSettings;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * Which switch ports' arrivals pass through a stand-in ({@link io.fabricemu.switching.QuietIngress}), as the fabric's
 * settings say without building a port: those where nothing happens at ingress but routing. Every port is built too,
 * which fails if its stages take part in an ingress the settings called quiet.
 */
class QuietIngressTest {
    private static final LinkSpec CABLE = new LinkSpec(100_000_000_000L, 500 * Ps.PER_NS, 0);
    private static final Topology LEAF_SPINE = Topologies.build(new LeafSpineSpec(2, 2, 2, 1, CABLE, CABLE));

    private static FabricBuilder fabric(SwitchConfig switches, FaultPlan faults) {
        return new FabricBuilder(LEAF_SPINE, switches, TransportPlan.fixedWindow(128 * 1024, 100 * Ps.PER_US),
                List.of(new FlowSpec(0, 2, 10_000, 0)), 0, 1, faults, Failover.DEFAULT);
    }

    /** The switch ports with a stand-in are exactly those {@code quiet} names; no NIC, link or pool has one. */
    private static void assertPassers(FabricBuilder f, IntPredicate quiet) {
        int hosts = LEAF_SPINE.hostCount();
        for (int id = 0; id < f.elementCount(); id++) {
            Element e = f.create(id);
            boolean expected = e instanceof SwitchPort && quiet.test(id);
            assertEquals(expected, f.passer(id) != null, "element " + id);
        }
        assertTrue(hosts > 0);
    }

    private boolean hostFacing(FabricBuilder f, int id) {
        int node = f.nodeOf(id);
        for (int port = 0; port < LEAF_SPINE.portCount(node); port++) {
            if (f.portElementOf(node, port) == id) {
                return LEAF_SPINE.isHost(LEAF_SPINE.cableAt(node, port).peerOf(node));
            }
        }
        throw new AssertionError("element " + id + " is no port of node " + node);
    }

    @Test
    void withNothingAtIngress_everySwitchPortsArrivalsPass() {
        assertPassers(fabric(SwitchConfig.defaults().withTrimming(true), FaultPlan.NONE), id -> true);
    }

    @Test
    void pfcWrebAndFaults_keepEveryArrivalAtItsPort() {
        PfcSettings pfc = new PfcSettings(0b010, 20_000, 10_000, PfcSettings.AUTO_HEADROOM, 0xFFFF, 3_840, 4_150,
                Ps.PER_MS);
        assertPassers(fabric(SwitchConfig.defaults().withTrafficClasses(3).withPfc(pfc), FaultPlan.NONE), id -> false);
        assertPassers(fabric(SwitchConfig.defaults().withWreb(WrebSettings.defaults().withBtsBytes(64)), FaultPlan.NONE), id -> false);
        FaultPlan oneDown = new FaultPlan(List.of(new Fault(0, "f0", 10 * Ps.PER_US, new LinkState(true),
                new int[] {4})));
        assertPassers(fabric(SwitchConfig.defaults(), oneDown), id -> false);
    }

    @Test
    void rnrNaksAtTheLastHop_andAdaptiveSpines_keepOnlyTheirPortsArrivals() {
        RnrNackSettings lastHop = new RnrNackSettings(true, true, 8_000, 4_000, TriggerMode.AT_OVERFLOW, 0, 100,
                RnrTimer.Encoding.EXACT_PS, 2, 16, Ps.PER_MS, (a, b) -> 8 * Ps.PER_US);
        FabricBuilder rnr = fabric(SwitchConfig.defaults().withRnrNack(lastHop), FaultPlan.NONE);
        assertPassers(rnr, id -> !hostFacing(rnr, id));
        AdaptiveRouting spines = new AdaptiveRouting(AdaptiveRouting.Method.QUEUE, AdaptiveRouting.Granularity.PACKET,
                0, 1 << 2, Ps.PER_US);
        FabricBuilder adaptive = fabric(SwitchConfig.defaults().withAdaptive(spines), FaultPlan.NONE);
        assertPassers(adaptive, id -> LEAF_SPINE.tier(adaptive.nodeOf(id)) != 2);
    }

    @Test
    void theStandIn_forwardsAnArrivalAsItsPortDoes() {
        for (ForwardingMode mode : ForwardingMode.values()) {
            FabricBuilder f = fabric(SwitchConfig.defaults().withForwarding(mode), FaultPlan.NONE);
            int port = f.portElementOf(LEAF_SPINE.hostCount(), 0);
            Packet p = PacketBuilder.data(1, 0, 3).sizeBytes(4_150).payloadBytes(4_086).entropy(77).psn(5).build();
            Arrival a = new Arrival(p, 1_000_000, 1_332_000);
            RecordingContext byPort = new RecordingContext();
            RecordingContext byStandIn = new RecordingContext();
            byPort.nowPs = a.firstBitPs();
            byStandIn.nowPs = a.firstBitPs();
            f.create(port).onEvent(a, byPort);
            f.passer(port).onEvent(a, byStandIn);
            assertEquals(1, byPort.sent.size(), mode.toString());
            assertEquals(byPort.sent, byStandIn.sent, mode.toString());
        }
    }

    @Test
    void aPortWhoseStagesTakePartInItsIngress_refusesStagesThatSaidTheyWouldNot() {
        EgressStage hearsArrivals = new EgressStage() {
            @Override
            public boolean touchesIngress() {
                return true;
            }
        };
        PortStages lying = new PortStages() {
            @Override
            public EgressStage[] build(SwitchPlan plan, int portNumber, int tier, boolean hostFacing,
                                       EgressPort port) {
                return new EgressStage[] {hearsArrivals};
            }

            @Override
            public boolean touchesIngress(int tier, boolean hostFacing) {
                return false;
            }
        };
        SwitchPlan plan = new SwitchPlan(4, new int[] {10, 11}, new long[] {100_000_000_000L, 100_000_000_000L},
                SwitchConfig.defaults(), 7L, (node, dst) -> new int[] {1}, PoolPlan.NONE, lying);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new SwitchPort(plan, "s:p0", 1,
                20, 250_000, 0, false, PfcPeer.unknown(500_000)));
        assertTrue(e.getMessage().contains("s:p0"), e.getMessage());
    }
}

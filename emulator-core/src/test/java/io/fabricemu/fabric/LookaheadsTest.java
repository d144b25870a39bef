package io.fabricemu.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.fault.Failover;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.LinkState;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The two lookaheads of a 2 x 2 leaf-spine with 400 ns host cables and 1 us fabric cables: every element in its own
 * turn, half the shortest flight (200 ns); every healthy link in its transmitter's turn, the shortest whole flight
 * or switch latency, or half the flight of a link with loss or faults.
 */
class LookaheadsTest {
    private static final LinkSpec HOST = new LinkSpec(100_000_000_000L, 400 * Ps.PER_NS, 0);
    private static final LinkSpec FABRIC = new LinkSpec(100_000_000_000L, Ps.PER_US, 0);

    private static FabricBuilder fabric(LinkSpec host, long latencyPs, double loss, FaultPlan faults) {
        Topology t = Topologies.build(new LeafSpineSpec(2, 2, 1, 1, host, FABRIC));
        return new FabricBuilder(t, SwitchConfig.defaults().withLatencyPs(latencyPs),
                TransportPlan.fixedWindow(128 * 1024, 100 * Ps.PER_US), List.of(new FlowSpec(0, 2, 10_000, 0)),
                loss, 1, faults, Failover.DEFAULT);
    }

    @Test
    void healthyLinks_takeTheirWholeFlight_upToTheSwitchLatency() {
        FabricBuilder f = fabric(HOST, 500 * Ps.PER_NS, 0, FaultPlan.NONE);
        assertEquals(200 * Ps.PER_NS, f.lookaheadPs());
        assertEquals(400 * Ps.PER_NS, f.relayedLookaheadPs(), "the host cables' whole flight");
        assertEquals(300 * Ps.PER_NS, fabric(HOST, 300 * Ps.PER_NS, 0, FaultPlan.NONE).relayedLookaheadPs(),
                "the switch latency");
        for (int id = 0; id < f.elementCount(); id++) {
            assertEquals(f.create(id).relaySpanPs() >= 0, f.relay(id), "element " + id);
        }
    }

    @Test
    void aLinkWithLossOrFaults_isNoRelay_andTakesHalfItsFlightFromEachSide() {
        FabricBuilder lossy = fabric(new LinkSpec(100_000_000_000L, 400 * Ps.PER_NS, 0, 0.01), 500 * Ps.PER_NS, 0,
                FaultPlan.NONE);
        assertEquals(200 * Ps.PER_NS, lossy.relayedLookaheadPs());
        FaultPlan oneDown = new FaultPlan(List.of(new Fault(0, "f0", 10 * Ps.PER_US, new LinkState(true), new int[] {4})));
        FabricBuilder faulty = fabric(HOST, 500 * Ps.PER_NS, 0, oneDown);
        assertEquals(200 * Ps.PER_NS, faulty.relayedLookaheadPs(), "direction 4 is a host cable's: 400 ns / 2");
        int relays = 0;
        for (int id = 0; id < faulty.elementCount(); id++) {
            assertEquals(faulty.create(id).relaySpanPs() >= 0, faulty.relay(id), "element " + id);
            relays += faulty.relay(id) ? 1 : 0;
        }
        assertEquals(2 * faulty.topology().cableCount() - 1, relays, "every link direction but the faulty one");
        int lossyRelays = 0;
        for (int id = 0; id < lossy.elementCount(); id++) {
            assertEquals(lossy.create(id).relaySpanPs() >= 0, lossy.relay(id), "element " + id);
            lossyRelays += lossy.relay(id) ? 1 : 0;
        }
        assertEquals(2 * (lossy.topology().cableCount() - 4), lossyRelays, "none of the four host cables");
    }
}

package io.fabricemu.fault;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.results.RunResult;
import io.fabricemu.run.Emulation;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * The fabric whole-run fault tests share: two leaves of four hosts under two spines, every link 100 Gb/s with 500 ns
 * of flight, switches 500 ns, failover detected in 2 us and converged 20 us later; runs of up to 10 ms.
 */
public final class SmallLeafSpine {
    private static final long RATE_BPS = 100_000_000_000L;
    private static final long FLIGHT_PS = 500 * Ps.PER_NS;
    public static final Topology TOPOLOGY = Topologies.build(new LeafSpineSpec(2, 4, 2, 1,
            new LinkSpec(RATE_BPS, FLIGHT_PS, 0), new LinkSpec(RATE_BPS, FLIGHT_PS, 0)));

    private SmallLeafSpine() {
    }

    /** Both directions of the cable between the nodes named {@code a} and {@code b}. */
    public static int[] both(String a, String b) {
        return Cables.both(TOPOLOGY, a, b);
    }

    /** The direction from the node named {@code from} to the one named {@code to}. */
    public static int[] direction(String from, String to) {
        return Cables.direction(TOPOLOGY, from, to);
    }

    /** Hosts 0-3 on leaf0 each send 2,000,000 B to hosts 4-7 on leaf1 (a 256 KiB window, a 50 us timeout). */
    public static RunResult crossTraffic(String name, List<Fault> faults, int shards) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 0; h < 4; h++) {
            flows.add(new FlowSpec(h, 4 + h, 2_000_000, 0));
        }
        return run(name, flows, TransportPlan.fixedWindow(256 * 1024, 50 * Ps.PER_US), faults, shards);
    }

    /** {@code flows} under {@code transport} with {@code faults}, on {@code shards} shards. */
    public static RunResult run(String name, List<FlowSpec> flows, TransportPlan transport, List<Fault> faults,
            int shards) {
        var fabric = new FabricBuilder(TOPOLOGY, SwitchConfig.defaults().withLatencyPs(500 * Ps.PER_NS), transport,
                flows, 0, 1, new FaultPlan(faults), new Failover(2 * Ps.PER_US, 20 * Ps.PER_US));
        return Emulation.run(name, 1, fabric, flows, 10 * Ps.PER_MS, shards, PreparedRun.DEFAULT_SAMPLING,
                new Progress());
    }
}

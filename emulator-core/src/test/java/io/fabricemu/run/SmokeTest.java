package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.ForwardingMode;
import io.fabricemu.fabric.SwitchSettings;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.results.RunResult;
import io.fabricemu.scenario.FlowSpec;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.transport.FixedWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void run_smallIncast_finishes() {
        LinkSpec l = new LinkSpec(100_000_000_000L, 500 * Ps.PER_NS, 0);
        var topo = Topologies.build(new LeafSpineSpec(2, 4, 2, 1, l, l));
        var flows = List.of(new FlowSpec(1, 0, 1_000_000, 0), new FlowSpec(4, 0, 1_000_000, 0),
                new FlowSpec(5, 0, 1_000_000, 0));
        var fabric = new FabricBuilder(topo, new SwitchSettings(500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 1 << 20, 2),
                new TransportPlan(64, 4086, 100 * Ps.PER_US, 0, 1, id -> new FixedWindow(128 * 1024)), flows, 0, 1);
        RunResult r = Emulation.run("smoke", 1, fabric, flows, Ps.PER_S, 1, new Progress());
        System.out.println(r.digest() + " end " + Ps.format(r.virtualEndPs()) + " events " + r.events() + " windows " + r.windows());
        r.flows().forEach(System.out::println);
        assertEquals(3, r.flowsFinished());
        RunResult r3 = Emulation.run("smoke", 1, fabric, flows, Ps.PER_S, 3, new Progress());
        assertEquals(r.digest(), r3.digest());
    }
}

package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.report.Ramp;
import io.fabricemu.stats.PortStats;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FabricViewTest {
    private static final long G100 = 100_000_000_000L;

    private static RunResult run(FabricMap map, List<PortStats> ports, long virtualEndPs) {
        return new RunResult("s", 1, "fabric", "d", virtualEndPs, 10, 2, 2, 250_000, 4, 1, false, 1, 0, List.of(),
                ports, "", TimeSeries.NONE, List.of(), map);
    }

    /** Two hosts under one leaf at 100 Gb/s. */
    private static FabricMap twoHosts() {
        return new FabricMap(List.of(new FabricMap.Node("h0", 0), new FabricMap.Node("h1", 0),
                new FabricMap.Node("leaf0", 1)),
                List.of(new FabricMap.Link(0, "h0:nic", 2, "leaf0:p0", G100),
                        new FabricMap.Link(1, "h1:nic", 2, "leaf0:p1", G100)));
    }

    @Test
    void linksByTheirBusierDirection_portsByTheirShareOfTheDeepestPeak() {
        // 1 ms at 100 Gb/s carries 12,500,000 B: h0 sent a tenth of that, the leaf sent h1 all of it.
        List<PortStats> ports = List.of(new PortStats("h0:nic", 0, 0, 0, 0, 0, 1_250_000),
                new PortStats("h1:nic", 0, 0, 0, 0, 0, 0), new PortStats("leaf0:p0", 1, 50_000, 0, 0, 0, 0),
                new PortStats("leaf0:p1", 1, 200_000, 3, 0, 7, 12_500_000));
        String svg = FabricView.of(run(twoHosts(), ports, 1_000_000_000L)).svg();
        assertTrue(svg.contains("stroke=\"" + Ramp.load(0.1) + "\" stroke-width=\"2\" d=\"M"), svg);
        assertTrue(svg.contains("<title>h1 - leaf0, 100 Gb/s: h1 to leaf0 0.0%, leaf0 to h1 100.0%</title>"), svg);
        assertTrue(svg.contains("stroke=\"" + Ramp.load(1) + "\""), svg);
        assertTrue(svg.contains("fill=\"" + Ramp.heat(0.25) + "\" stroke=\"#555555\" stroke-width=\"0.5\"><title>"
                + "leaf0:p0 (toward h0): peak queue 50 KB, 0 drops, 0 trims, 0 ECN marks"), svg);
        assertTrue(svg.contains("fill=\"" + Ramp.heat(1) + "\" stroke=\"#555555\" stroke-width=\"0.5\"><title>"
                + "leaf0:p1 (toward h1): peak queue 200 KB, 3 drops, 0 trims, 7 ECN marks"), svg);
        assertTrue(svg.contains("fill=\"" + Ramp.ZERO + "\" stroke=\"#555555\" stroke-width=\"0.5\"><title>"
                + "h1:nic (toward leaf0)"), svg);
    }

    @Test
    void pastTheHostLimit_hostsAreLeftOutAndEdgeSwitchesWearTheirHottestDownlink() {
        int hosts = FabricView.MAX_HOSTS_DRAWN + 1;
        List<FabricMap.Node> nodes = new ArrayList<>();
        List<FabricMap.Link> links = new ArrayList<>();
        List<PortStats> ports = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            nodes.add(new FabricMap.Node("h" + h, 0));
            links.add(new FabricMap.Link(h, "h" + h + ":nic", hosts + h % 2, "leaf" + h % 2 + ":p" + h / 2, G100));
            ports.add(new PortStats("leaf" + h % 2 + ":p" + h / 2, 1, h == 4 ? 1000 : h == 5 ? 250 : 0, 0, 0, 0, 0));
        }
        nodes.add(new FabricMap.Node("leaf0", 1));
        nodes.add(new FabricMap.Node("leaf1", 1));
        RunResult r = run(new FabricMap(nodes, links), ports, 1_000_000);
        String svg = FabricView.of(r).svg();
        assertTrue(svg.contains("fill=\"" + Ramp.heat(1) + "\" stroke=\"#555555\" stroke-width=\"0.8\"><title>leaf0:"
                + " hottest host-facing port&#39;s peak queue 1 KB"), svg);
        assertTrue(svg.contains("fill=\"" + Ramp.heat(0.25) + "\" stroke=\"#555555\" stroke-width=\"0.8\"><title>"
                + "leaf1: hottest host-facing port&#39;s peak queue 250 B"), svg);
        assertTrue(!svg.contains("class=\"data\""), "no link is drawn without its hosts");
        assertTrue(FabricView.note(r).contains("The " + hosts + " hosts are left out"));
    }

    @Test
    void aTierWiderThanTheLimit_isNotDrawn_andAResultWithoutAMapHasNoPicture() {
        List<FabricMap.Node> nodes = new ArrayList<>();
        for (int s = 0; s <= FabricView.MAX_ROW; s++) {
            nodes.add(new FabricMap.Node("sw" + s, 1));
        }
        assertNull(FabricView.of(run(new FabricMap(nodes, List.of()), List.of(), 1000)));
        assertNull(FabricView.of(run(FabricMap.NONE, List.of(), 1000)));
    }

    @Test
    void mapOfABuiltTopology_namesPortsAsTheFabricBuilderDoes() {
        LinkSpec link = new LinkSpec(G100, 500_000, 0);
        FabricMap map = FabricMap.of(Topologies.build(new LeafSpineSpec(2, 2, 1, 1, link, link)));
        assertEquals(List.of("h0", "h1", "h2", "h3"), map.nodes().subList(0, 4).stream().map(FabricMap.Node::name)
                .toList());
        assertEquals(new FabricMap.Link(0, "h0:nic", 4, "leaf0:p0", G100), map.links().get(0));
        assertEquals(6, map.links().size());
        assertTrue(map.links().stream().anyMatch(l -> l.portA().equals("leaf1:p2") && l.portB().equals("spine0:p1")),
                map.links().toString());
    }
}

package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.report.Ramp;
import io.fabricemu.stats.PortStats;
import io.fabricemu.topology.FatTreeSpec;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A fat tree of more than 64 hosts, drawn by pod: its pods, core groups and bundles counted. */
class FabricPodsTest {
    private static final long G100 = 100_000_000_000L;
    private static final LinkSpec LINK = new LinkSpec(G100, 500_000, 0);

    private static FabricMap fatTree(int k) {
        return FabricMap.of(Topologies.build(FatTreeSpec.kAry(k, LINK, LINK, LINK)));
    }

    private static RunResult run(FabricMap map, List<PortStats> ports) {
        return new RunResult("s", 1, "fabric", "d", 1_000_000_000L, 10, 2, 2, 250_000, 4, 1, false, 1, 0, List.of(),
                ports, "", TimeSeries.NONE, List.of(), map);
    }

    private static int count(String svg, String regex) {
        Matcher m = Pattern.compile(regex).matcher(svg);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /*
     * k = 8: 8 pods of 4 ToRs and 4 aggregation switches with 16 hosts each; 16 cores in 4 groups of 4, group i
     * cabled to aggregation switch i of every pod, so each pod and group share 4 cables, 32 bundles in all.
     */
    @Test
    void aKEightFatTree_hasEightPodsFourCoreGroupsAndABundleOfFourCablesEach() {
        FabricPods pods = FabricPods.of(fatTree(8));
        assertEquals(8, pods.pods().size());
        assertEquals(4, pods.coreGroups().size());
        for (FabricPods.Group p : pods.pods()) {
            assertEquals(8, p.switches().size());
            assertEquals(16, p.hosts());
        }
        for (FabricPods.Group g : pods.coreGroups()) {
            assertEquals(4, g.switches().size());
        }
        assertEquals(32, pods.bundles().size());
        assertTrue(pods.bundles().stream().allMatch(b -> b.links().size() == 4), pods.bundles().toString());
    }

    @Test
    void theReportDrawsABoxPerPodAndCoreGroup_andALinePerBundle() {
        FabricMap map = fatTree(8);
        List<PortStats> ports = new ArrayList<>();
        // One host-facing port of pod 2's first ToR queued: pod 2 wears the deepest colour.
        FabricMap.Link toHost = map.links().stream().filter(l -> l.portA().equals("h32:nic")).findFirst().orElseThrow();
        ports.add(new PortStats(toHost.portB(), 1, 5000, 0, 0, 0, 0));
        RunResult r = run(map, ports);
        String svg = FabricView.of(r).svg();
        assertEquals(8 + 4, count(svg, "<rect [^>]*stroke-width=\"0\\.8\""), "a box per pod and core group");
        assertEquals(32, count(svg, "<path class=\"data\""), "a line per pod and core group");
        assertTrue(svg.contains("stroke-width=\"4.0\""), "four cables a bundle: 2 + log2(4) px");
        assertTrue(svg.contains("fill=\"" + Ramp.heat(1) + "\" stroke=\"#555555\" stroke-width=\"0.8\"><title>pod 2:"
                + " 4 edge and 4 aggregation switches (tor2.0 to agg2.3), 16 hosts; hottest host-facing port&#39;s"
                + " peak queue 5 KB"), svg);
        assertTrue(svg.contains("<title>pod 0 - core group 0: 4 cables, 400 Gb/s in all: up 0.0%, down 0.0%"), svg);
        assertTrue(svg.contains(">pods</text>") && svg.contains(">core groups</text>"), svg);
        assertTrue(FabricView.note(r).contains("The 128 hosts are drawn by pod"), FabricView.note(r));
    }

    @Test
    void smallFatTreesAndTwoTierFabrics_areDrawnWhole() {
        String small = FabricView.of(run(fatTree(4), List.of())).svg();
        assertEquals(16 + 20, count(small, "<rect [^>]*stroke-width=\"0\\.8\""), "16 hosts and 20 switches");
        FabricMap leafSpine = FabricMap.of(Topologies.build(new LeafSpineSpec(8, 16, 4, 1, LINK, LINK)));
        assertNull(FabricPods.of(leafSpine), "no core tier: no pods");
        assertEquals(128 + 12, count(FabricView.of(run(leafSpine, List.of())).svg(),
                "<rect [^>]*stroke-width=\"0\\.8\""));
    }
}

package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.topology.FatTreeSpec;
import io.fabricemu.topology.GraphSpec;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.PlanesSpec;
import io.fabricemu.topology.RailOptimisedSpec;
import io.fabricemu.topology.RingRouting;
import io.fabricemu.topology.RingSpec;
import io.fabricemu.topology.TopologySpec;
import java.util.List;

/**
 * Binds the {@code topology} section to one of the topology spec records, by its {@code kind}. The spec
 * records check their own invariants; their complaints are reported at the field they name.
 */
public final class TopologyBinder {
    static final List<String> KINDS = List.of("leaf-spine", "fat-tree", "rail-optimised", "ring", "file");
    /** Scenario names of the {@link RingRouting} values. */
    static final List<String> RING_ROUTINGS = List.of("clockwise", "shortest");
    /**
     * Upper bound of every switch or host count, far above anything an emulation can hold; whether the fabric as a
     * whole can be built is checked from all its counts together
     * ({@link io.fabricemu.scenario.sizing.FabricSizeCheck}).
     */
    static final int MAX_COUNT = 1_000_000;

    private static final String[] FAT_TREE_EXPLICIT = {"pods", "torsPerPod", "hostsPerTor", "aggsPerPod", "cores"};

    private TopologyBinder() {
    }

    /**
     * The spec the section gives, in {@code planes} copies ({@link PlanesSpec}) when it has more than one; {@code files}: the files it may read (a {@code kind: file} topology's), as the
     * scenario's other sections do.
     */
    public static TopologySpec bind(Section topology, ScenarioFiles files) throws ScenarioException {
        topology.declare("kind", "planes");
        String kind = topology.requiredOneOf("kind", KINDS);
        int planes = topology.optionalInt("planes", 1, 1, PlanesSpec.MAX_PLANES);
        TopologySpec spec;
        try {
            spec = switch (kind) {
                case "leaf-spine" -> leafSpine(topology);
                case "fat-tree" -> fatTree(topology);
                case "rail-optimised" -> railOptimised(topology);
                case "ring" -> ring(topology);
                case "file" -> file(topology, files);
                default -> throw new AssertionError(kind);
            };
        } catch (IllegalArgumentException invalid) {
            throw topology.error(invalid);
        }
        return planes == 1 ? spec : new PlanesSpec(spec, planes);
    }

    private static LeafSpineSpec leafSpine(Section t) throws ScenarioException {
        t.declare("leaves", "hostsPerLeaf", "spines", "linksPerSpine", "hostLink", "fabricLink");
        t.rejectUnknownFields("for kind leaf-spine");
        return new LeafSpineSpec(count(t, "leaves"), count(t, "hostsPerLeaf"), count(t, "spines"),
                t.optionalInt("linksPerSpine", 1, 1, MAX_COUNT), link(t, "hostLink"), link(t, "fabricLink"));
    }

    private static FatTreeSpec fatTree(Section t) throws ScenarioException {
        t.declare("k");
        t.declare(FAT_TREE_EXPLICIT);
        t.declare("hostLink", "aggLink", "coreLink");
        t.rejectUnknownFields("for kind fat-tree");
        if (t.has("k")) {
            for (String explicit : FAT_TREE_EXPLICIT) {
                if (t.has(explicit)) {
                    throw t.error(explicit, "not allowed together with k; give either k alone (a k-ary fat tree)"
                            + " or all of " + String.join(", ", FAT_TREE_EXPLICIT));
                }
            }
            int k = t.requiredInt("k", 2, 1000);
            return FatTreeSpec.kAry(k, link(t, "hostLink"), link(t, "aggLink"), link(t, "coreLink"));
        }
        if (!t.has("pods")) {
            throw t.error("pods", "is required unless k is given; give either k alone (a k-ary fat tree) or all of "
                    + String.join(", ", FAT_TREE_EXPLICIT));
        }
        return new FatTreeSpec(count(t, "pods"), count(t, "torsPerPod"), count(t, "hostsPerTor"),
                count(t, "aggsPerPod"), count(t, "cores"),
                link(t, "hostLink"), link(t, "aggLink"), link(t, "coreLink"));
    }

    private static RailOptimisedSpec railOptimised(Section t) throws ScenarioException {
        t.declare("pods", "segmentsPerPod", "nodesPerSegment", "gpusPerNode", "spinesPerPod", "superSpines",
                "hostLink", "fabricLink", "superLink");
        t.rejectUnknownFields("for kind rail-optimised");
        int pods = t.optionalInt("pods", 1, 1, MAX_COUNT);
        int segmentsPerPod = count(t, "segmentsPerPod");
        int nodesPerSegment = count(t, "nodesPerSegment");
        int gpusPerNode = count(t, "gpusPerNode");
        int spinesPerPod = count(t, "spinesPerPod");
        int superSpines = t.optionalInt("superSpines", 0, 0, MAX_COUNT);
        if (pods > 1 && superSpines == 0) {
            throw t.error("superSpines", "must be at least 1 when pods > 1 (super-spines join the pods)");
        }
        if (pods == 1 && superSpines > 0) {
            throw t.error("superSpines", "must be 0 with a single pod (super-spines only join pods); remove it"
                    + " or raise pods");
        }
        LinkSpec hostLink = link(t, "hostLink");
        LinkSpec fabricLink = link(t, "fabricLink");
        LinkSpec superLink = null;
        if (pods > 1) {
            if (!t.has("superLink")) {
                throw t.error("superLink", "is required when pods > 1; e.g. superLink: {rate: 400Gbps, delay: 500ns}");
            }
            superLink = link(t, "superLink");
        } else if (t.has("superLink")) {
            throw t.error("superLink", "is only used when pods > 1 (super-spines join pods); remove it or raise pods");
        }
        return new RailOptimisedSpec(pods, segmentsPerPod, nodesPerSegment, gpusPerNode, spinesPerPod, superSpines,
                hostLink, fabricLink, superLink);
    }

    private static RingSpec ring(Section t) throws ScenarioException {
        t.declare("switches", "hostsPerSwitch", "hostLink", "ringLink", "routing");
        t.rejectUnknownFields("for kind ring");
        int switches = count(t, "switches");
        if (switches < RingSpec.MIN_SWITCHES) {
            throw t.error("switches", "must be at least " + RingSpec.MIN_SWITCHES + ", was " + switches
                    + "; a ring of fewer switches would join one pair of switches twice");
        }
        int hostsPerSwitch = count(t, "hostsPerSwitch");
        LinkSpec hostLink = link(t, "hostLink");
        LinkSpec ringLink = link(t, "ringLink");
        RingRouting routing = switch (t.optionalOneOf("routing", "shortest", RING_ROUTINGS)) {
            case "clockwise" -> RingRouting.CLOCKWISE;
            case "shortest" -> RingRouting.SHORTEST;
            default -> throw new AssertionError("routing");
        };
        return new RingSpec(switches, hostsPerSwitch, hostLink, ringLink, routing);
    }

    private static GraphSpec file(Section t, ScenarioFiles files) throws ScenarioException {
        t.declare("path");
        t.rejectUnknownFields("for kind file");
        return TopologyFile.read(t.required("path", "the name of a topology file in the ns-3/HPCC topology.txt format,"
                + " relative to the scenario's folder, e.g. path: topology.txt"), files);
    }

    private static int count(Section t, String key) throws ScenarioException {
        return t.requiredInt(key, 1, MAX_COUNT);
    }

    private static LinkSpec link(Section t, String key) throws ScenarioException {
        return LinkBinder.bind(t.requiredSection(key));
    }
}

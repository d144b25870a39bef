package io.fabricemu.topology;

/**
 * Rail-optimised segments (Figure 6-1 of "UET Congestion Management: Introduction",
 * nwktimes.blogspot.com). A segment has {@code nodesPerSegment} nodes of
 * {@code gpusPerNode} GPUs, each GPU with its own NIC port; the segment has one leaf per rail, and GPU
 * {@code g} of every node in the segment connects to rail leaf {@code g}. Every leaf of a pod connects to
 * every one of the pod's {@code spinesPerPod} spines. With more than one pod, every spine connects to every
 * one of {@code superSpines} super-spines; a single pod has none. Fig 6-1 is two segments of two nodes of
 * two GPUs with two spines: {@code new RailOptimisedSpec(1, 2, 2, 2, 2, 0, ...)}.
 */
public record RailOptimisedSpec(int pods, int segmentsPerPod, int nodesPerSegment, int gpusPerNode,
                                int spinesPerPod, int superSpines,
                                LinkSpec hostLink, LinkSpec fabricLink, LinkSpec superLink)
        implements TopologySpec {
    public RailOptimisedSpec {
        Checks.positive("pods", pods);
        Checks.positive("segmentsPerPod", segmentsPerPod);
        Checks.positive("nodesPerSegment", nodesPerSegment);
        Checks.positive("gpusPerNode", gpusPerNode);
        Checks.positive("spinesPerPod", spinesPerPod);
        long leaves = FabricCounts.times(FabricCounts.times(pods, segmentsPerPod), gpusPerNode);
        Checks.nodesFit("pods x segmentsPerPod x nodesPerSegment x gpusPerNode",
                FabricCounts.times(leaves, nodesPerSegment), FabricCounts.plus(FabricCounts.plus(leaves,
                        FabricCounts.times(pods, spinesPerPod)), Math.max(superSpines, 0)));
        if (pods == 1 && superSpines != 0) {
            throw new IllegalArgumentException("superSpines must be 0 with a single pod, was " + superSpines);
        }
        if (pods > 1 && superSpines <= 0) {
            throw new IllegalArgumentException("superSpines must be > 0 with " + pods + " pods");
        }
        Checks.present("hostLink", hostLink);
        Checks.present("fabricLink", fabricLink);
        if (pods > 1) {
            Checks.present("superLink", superLink);
        }
    }

    @Override
    public String kind() {
        return "rail-optimised";
    }

    /** One rail leaf per GPU of a node in every segment, each to every spine of its pod; spines to super-spines. */
    @Override
    public FabricCounts counts() {
        long leaves = FabricCounts.times(FabricCounts.times(pods, segmentsPerPod), gpusPerNode);
        long spines = FabricCounts.times(pods, spinesPerPod);
        long hosts = FabricCounts.times(leaves, nodesPerSegment);
        long cables = FabricCounts.plus(FabricCounts.plus(hosts, FabricCounts.times(leaves, spinesPerPod)),
                FabricCounts.times(spines, superSpines));
        return new FabricCounts(hosts, FabricCounts.plus(FabricCounts.plus(leaves, spines), superSpines), cables,
                leaves);
    }

    @Override
    public int hostCount() {
        return Math.multiplyExact(Math.multiplyExact(Math.multiplyExact(pods, segmentsPerPod), nodesPerSegment),
                gpusPerNode);
    }
}

package io.fabricemu.topology;

/** Small specs shared by the topology tests; 100 Gb/s links with 0.5 us propagation unless stated. */
final class Fixtures {
    static final LinkSpec G100 = new LinkSpec(100_000_000_000L, 500_000L, 0L);
    static final LinkSpec G400 = new LinkSpec(400_000_000_000L, 500_000L, 100_000L);

    private Fixtures() {
    }

    /** The FatTreeSpec javadoc example: 4 pods of 2 ToRs (2 hosts each) and 2 aggs, 4 cores. */
    static FatTreeSpec fatTreeExample() {
        return new FatTreeSpec(4, 2, 2, 2, 4, G100, G100, G100);
    }

    static FatTreeSpec kAry(int k) {
        return FatTreeSpec.kAry(k, G100, G100, G100);
    }

    /**
     * Figure 6-1 of "UET Congestion Management: Introduction" (nwktimes.blogspot.com): one pod, two segments
     * of two nodes with two GPUs, two spines.
     */
    static RailOptimisedSpec figure61() {
        return new RailOptimisedSpec(1, 2, 2, 2, 2, 0, G100, G100, null);
    }

    /** Two pods of Fig 6-1 joined by four super-spines. */
    static RailOptimisedSpec twoPodRail() {
        return new RailOptimisedSpec(2, 2, 2, 2, 2, 4, G100, G100, G400);
    }

    /** Three leaves of two hosts, two spines, two parallel links per leaf-spine pair. */
    static LeafSpineSpec leafSpineParallel() {
        return new LeafSpineSpec(3, 2, 2, 2, G100, G100);
    }

    /** {@code switches} ring switches of {@code hostsPerSwitch} hosts, 100 Gb/s everywhere. */
    static RingSpec ring(int switches, int hostsPerSwitch, RingRouting routing) {
        return new RingSpec(switches, hostsPerSwitch, G100, G100, routing);
    }

    static Topology build(TopologySpec spec) {
        return Topologies.build(spec);
    }
}

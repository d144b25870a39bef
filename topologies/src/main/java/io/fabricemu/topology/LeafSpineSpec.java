package io.fabricemu.topology;

/**
 * A two-tier leaf-spine: every leaf has {@code hostsPerLeaf} hosts and {@code linksPerSpine} parallel
 * links to every spine. Oversubscription follows from the counts and the two link rates.
 */
public record LeafSpineSpec(int leaves, int hostsPerLeaf, int spines, int linksPerSpine,
                            LinkSpec hostLink, LinkSpec fabricLink) implements TopologySpec {
    public LeafSpineSpec {
        Checks.positive("leaves", leaves);
        Checks.positive("hostsPerLeaf", hostsPerLeaf);
        Checks.positive("spines", spines);
        Checks.positive("linksPerSpine", linksPerSpine);
        Checks.nodesFit("leaves x hostsPerLeaf", FabricCounts.times(leaves, hostsPerLeaf), (long) leaves + spines);
        Checks.present("hostLink", hostLink);
        Checks.present("fabricLink", fabricLink);
    }

    @Override
    public String kind() {
        return "leaf-spine";
    }

    @Override
    public FabricCounts counts() {
        long hosts = FabricCounts.times(leaves, hostsPerLeaf);
        long fabricCables = FabricCounts.times(FabricCounts.times(leaves, spines), linksPerSpine);
        return new FabricCounts(hosts, (long) leaves + spines, FabricCounts.plus(hosts, fabricCables), leaves);
    }

    @Override
    public int hostCount() {
        return Math.multiplyExact(leaves, hostsPerLeaf);
    }
}

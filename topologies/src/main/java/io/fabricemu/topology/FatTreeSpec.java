package io.fabricemu.topology;

/**
 * A three-tier fat tree (Clos) of pods. In each pod every ToR connects to every aggregation switch; the
 * cores are split into {@code aggsPerPod} equal groups and aggregation switch {@code i} of every pod
 * connects to every core of group {@code i}. Example: 16 hosts as 8 ToRs of 2 hosts, 8 aggregation and
 * 4 core switches in 4 pods is {@code new FatTreeSpec(4, 2, 2, 2, 4, ...)}.
 */
public record FatTreeSpec(int pods, int torsPerPod, int hostsPerTor, int aggsPerPod, int cores,
                          LinkSpec hostLink, LinkSpec aggLink, LinkSpec coreLink) implements TopologySpec {
    public FatTreeSpec {
        Checks.positive("pods", pods);
        Checks.positive("torsPerPod", torsPerPod);
        Checks.positive("hostsPerTor", hostsPerTor);
        Checks.positive("aggsPerPod", aggsPerPod);
        Checks.positive("cores", cores);
        long tors = FabricCounts.times(pods, torsPerPod);
        Checks.nodesFit("pods x torsPerPod x hostsPerTor", FabricCounts.times(tors, hostsPerTor),
                FabricCounts.plus(FabricCounts.plus(tors, FabricCounts.times(pods, aggsPerPod)), cores));
        if (cores % aggsPerPod != 0) {
            throw new IllegalArgumentException(
                    "cores (" + cores + ") must be a multiple of aggsPerPod (" + aggsPerPod + ")");
        }
        Checks.present("hostLink", hostLink);
        Checks.present("aggLink", aggLink);
        Checks.present("coreLink", coreLink);
    }

    /**
     * The classic k-ary fat tree: k pods of k/2 ToRs and k/2 aggregation switches, k/2 hosts per ToR and
     * (k/2)^2 cores, so k^3/4 hosts. k must be even and at least 2.
     */
    public static FatTreeSpec kAry(int k, LinkSpec hostLink, LinkSpec aggLink, LinkSpec coreLink) {
        if (k < 2 || k % 2 != 0) {
            throw new IllegalArgumentException("k must be an even number >= 2, was " + k);
        }
        int half = k / 2;
        long cores = (long) half * half;
        if (cores > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("k = " + k + " makes (k/2)^2 = " + cores + " cores, more than a count"
                    + " can be");
        }
        return new FatTreeSpec(k, half, half, half, (int) cores, hostLink, aggLink, coreLink);
    }

    @Override
    public String kind() {
        return "fat-tree";
    }

    /** Cables: one per host, every ToR to every aggregation switch of its pod, each of those to its core group. */
    @Override
    public FabricCounts counts() {
        long tors = FabricCounts.times(pods, torsPerPod);
        long aggs = FabricCounts.times(pods, aggsPerPod);
        long hosts = FabricCounts.times(tors, hostsPerTor);
        long cables = FabricCounts.plus(FabricCounts.plus(hosts, FabricCounts.times(tors, aggsPerPod)),
                FabricCounts.times(pods, cores));
        return new FabricCounts(hosts, FabricCounts.plus(FabricCounts.plus(tors, aggs), cores), cables, tors);
    }

    @Override
    public int hostCount() {
        return Math.multiplyExact(Math.multiplyExact(pods, torsPerPod), hostsPerTor);
    }
}

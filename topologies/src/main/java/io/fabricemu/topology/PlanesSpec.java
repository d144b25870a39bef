package io.fabricemu.topology;

/**
 * A fabric of {@code planes} identical, separate copies of {@code base} (each with its own switches and cables),
 * every host with one port per plane: the multi-plane fabrics of 800G NICs split into two to eight ports, as
 * htsim's {@code -planes N} builds them ({@code main_uec.cpp} makes one {@code FatTreeTopology} per plane and
 * connects each source's port {@code p} to plane {@code p}). Built by {@link Topologies#build(TopologySpec)}; see
 * {@link Topology} for how nodes, ports and cables of the copies are numbered and named.
 *
 * @param base   one plane
 * @param planes number of planes, {@link #MIN_PLANES} to {@link #MAX_PLANES}
 */
public record PlanesSpec(TopologySpec base, int planes) implements TopologySpec {
    /** The fewest planes a multi-plane fabric has; one plane is its base alone. */
    public static final int MIN_PLANES = 2;
    /** The most planes: an 800G NIC split into eight 100G ports. */
    public static final int MAX_PLANES = 8;

    public PlanesSpec {
        Checks.present("base", base);
        if (base instanceof PlanesSpec) {
            throw new IllegalArgumentException("a plane of a multi-plane fabric cannot have planes itself");
        }
        if (planes < MIN_PLANES || planes > MAX_PLANES) {
            throw new IllegalArgumentException("planes must be " + MIN_PLANES + ".." + MAX_PLANES + ", was " + planes);
        }
        FabricCounts one = base.counts();
        if (FabricCounts.plus(one.hosts(), FabricCounts.times(planes, one.switches())) > Checks.MAX_NODES) {
            throw new IllegalArgumentException("planes: " + planes + " copies of " + one.switches() + " switches"
                    + " make more hosts and switches than a fabric can number (" + Checks.MAX_NODES + ")");
        }
    }

    @Override
    public String kind() {
        return base.kind();
    }

    @Override
    public int hostCount() {
        return base.hostCount();
    }

    @Override
    public FabricCounts counts() {
        FabricCounts one = base.counts();
        return new FabricCounts(one.hosts(), FabricCounts.times(planes, one.switches()),
                FabricCounts.times(planes, one.cables()), FabricCounts.times(planes, one.edgeSwitches()));
    }
}

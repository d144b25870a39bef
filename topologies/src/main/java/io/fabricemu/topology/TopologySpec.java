package io.fabricemu.topology;

/**
 * The shape of a fabric as a scenario states it. {@link Topologies#build(TopologySpec)} turns it into a
 * {@link Topology} with numbered nodes, ports, cables and ECMP routes.
 */
public sealed interface TopologySpec permits LeafSpineSpec, FatTreeSpec, RailOptimisedSpec, RingSpec,
        GraphSpec, PlanesSpec {

    /** The name used for this kind in scenario files, e.g. {@code fat-tree}. */
    String kind();

    /**
     * Number of endpoints (NICs) the fabric has, known without building it; it fits an int, since a spec refuses
     * counts that make more hosts and switches than an int can number.
     */
    int hostCount();

    /** How many hosts, switches, cables and edge switches the fabric has, known without building it. */
    FabricCounts counts();
}

package io.fabricemu.topology;

/** Builds a {@link Topology} from any {@link TopologySpec}. */
public final class Topologies {
    private Topologies() {
    }

    /**
     * Numbers the nodes, wires the cables and computes the ECMP routes of {@code spec}.
     *
     * @throws IllegalArgumentException if {@code spec} is null
     */
    public static Topology build(TopologySpec spec) {
        Checks.present("spec", spec);
        if (spec instanceof LeafSpineSpec leafSpine) {
            return LeafSpineBuilder.build(leafSpine);
        }
        if (spec instanceof FatTreeSpec fatTree) {
            return FatTreeBuilder.build(fatTree);
        }
        if (spec instanceof RailOptimisedSpec rail) {
            return RailOptimisedBuilder.build(rail);
        }
        if (spec instanceof RingSpec ring) {
            return RingBuilder.build(ring);
        }
        if (spec instanceof PlanesSpec copies) {
            return PlaneCopies.of(copies, build(copies.base()));
        }
        if (spec instanceof GraphSpec graph) {
            return GraphBuilder.build(graph);
        }
        throw new IllegalArgumentException("unknown topology kind " + spec.kind());
    }
}

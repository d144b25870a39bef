package io.fabricemu.topology;

/**
 * Wires a {@link RailOptimisedSpec} (Figure 6-1 of "UET Congestion Management: Introduction",
 * nwktimes.blogspot.com): rail leaves {@code leaf<pod>.<segment>.<rail>},
 * then spines {@code spine<pod>.<i>}, then super-spines {@code super<i>}. The host is the GPU rank
 * {@code ((pod * segmentsPerPod + segment) * nodesPerSegment + node) * gpusPerNode + gpu}, and GPU
 * {@code g} connects to its segment's rail leaf {@code g}. Every leaf has a "fabric" cable to every spine of
 * its pod; with several pods every spine has a "super" cable to every super-spine.
 */
final class RailOptimisedBuilder {
    private RailOptimisedBuilder() {
    }

    static Topology build(RailOptimisedSpec spec) {
        FabricAssembler fabric = new FabricAssembler(spec);
        int rails = spec.gpusPerNode();
        int[][][] leaves = new int[spec.pods()][spec.segmentsPerPod()][rails];
        for (int p = 0; p < spec.pods(); p++) {
            for (int s = 0; s < spec.segmentsPerPod(); s++) {
                for (int r = 0; r < rails; r++) {
                    leaves[p][s][r] = fabric.addSwitch("leaf" + p + "." + s + "." + r, 1, "leaf");
                }
            }
        }
        int[][] spines = new int[spec.pods()][spec.spinesPerPod()];
        for (int p = 0; p < spec.pods(); p++) {
            for (int i = 0; i < spec.spinesPerPod(); i++) {
                spines[p][i] = fabric.addSwitch("spine" + p + "." + i, 2, "spine");
            }
        }
        int[] supers = new int[spec.superSpines()];
        for (int i = 0; i < supers.length; i++) {
            supers[i] = fabric.addSwitch("super" + i, 3, "super");
        }
        int gpusPerSegment = spec.nodesPerSegment() * rails;
        for (int rank = 0; rank < spec.hostCount(); rank++) {
            int segment = rank / gpusPerSegment;
            int leaf = leaves[segment / spec.segmentsPerPod()][segment % spec.segmentsPerPod()][rank % rails];
            fabric.connect(fabric.host(rank), leaf, spec.hostLink(), "host");
        }
        for (int p = 0; p < spec.pods(); p++) {
            for (int[] segment : leaves[p]) {
                for (int leaf : segment) {
                    for (int spine : spines[p]) {
                        fabric.connect(leaf, spine, spec.fabricLink(), "fabric");
                    }
                }
            }
        }
        for (int[] pod : spines) {
            for (int spine : pod) {
                for (int sup : supers) {
                    fabric.connect(spine, sup, spec.superLink(), "super");
                }
            }
        }
        return fabric.finish();
    }
}

package io.fabricemu.topology;

/**
 * Wires a {@link LeafSpineSpec}: leaves {@code leaf0..}, then spines {@code spine0..}; host {@code i} on
 * leaf {@code i / hostsPerLeaf}; every leaf has {@code linksPerSpine} parallel "fabric" cables to every spine.
 */
final class LeafSpineBuilder {
    private LeafSpineBuilder() {
    }

    static Topology build(LeafSpineSpec spec) {
        FabricAssembler fabric = new FabricAssembler(spec);
        int[] leaves = new int[spec.leaves()];
        for (int l = 0; l < leaves.length; l++) {
            leaves[l] = fabric.addSwitch("leaf" + l, 1, "leaf");
        }
        int[] spines = new int[spec.spines()];
        for (int s = 0; s < spines.length; s++) {
            spines[s] = fabric.addSwitch("spine" + s, 2, "spine");
        }
        for (int h = 0; h < spec.hostCount(); h++) {
            fabric.connect(fabric.host(h), leaves[h / spec.hostsPerLeaf()], spec.hostLink(), "host");
        }
        for (int leaf : leaves) {
            for (int spine : spines) {
                for (int link = 0; link < spec.linksPerSpine(); link++) {
                    fabric.connect(leaf, spine, spec.fabricLink(), "fabric");
                }
            }
        }
        return fabric.finish();
    }
}

package io.fabricemu.topology;

/**
 * Wires a {@link FatTreeSpec}: ToRs {@code tor<pod>.<i>} in pod order, then aggregation switches
 * {@code agg<pod>.<i>}, then cores {@code core<i>}. Host {@code i} sits on ToR {@code i / hostsPerTor}. In a
 * pod every ToR has an "agg" cable to every aggregation switch; aggregation switch {@code i} of every pod has
 * a "core" cable to each core of group {@code i}, cores {@code [i * g, (i + 1) * g)} with
 * {@code g = cores / aggsPerPod}.
 */
final class FatTreeBuilder {
    private FatTreeBuilder() {
    }

    static Topology build(FatTreeSpec spec) {
        FabricAssembler fabric = new FabricAssembler(spec);
        int[][] tors = new int[spec.pods()][spec.torsPerPod()];
        for (int p = 0; p < spec.pods(); p++) {
            for (int t = 0; t < spec.torsPerPod(); t++) {
                tors[p][t] = fabric.addSwitch("tor" + p + "." + t, 1, "tor");
            }
        }
        int[][] aggs = new int[spec.pods()][spec.aggsPerPod()];
        for (int p = 0; p < spec.pods(); p++) {
            for (int a = 0; a < spec.aggsPerPod(); a++) {
                aggs[p][a] = fabric.addSwitch("agg" + p + "." + a, 2, "agg");
            }
        }
        int[] cores = new int[spec.cores()];
        for (int c = 0; c < cores.length; c++) {
            cores[c] = fabric.addSwitch("core" + c, 3, "core");
        }
        for (int h = 0; h < spec.hostCount(); h++) {
            int tor = h / spec.hostsPerTor();
            fabric.connect(fabric.host(h), tors[tor / spec.torsPerPod()][tor % spec.torsPerPod()],
                    spec.hostLink(), "host");
        }
        for (int p = 0; p < spec.pods(); p++) {
            for (int tor : tors[p]) {
                for (int agg : aggs[p]) {
                    fabric.connect(tor, agg, spec.aggLink(), "agg");
                }
            }
        }
        int group = spec.cores() / spec.aggsPerPod();
        for (int p = 0; p < spec.pods(); p++) {
            for (int a = 0; a < spec.aggsPerPod(); a++) {
                for (int c = a * group; c < (a + 1) * group; c++) {
                    fabric.connect(aggs[p][a], cores[c], spec.coreLink(), "core");
                }
            }
        }
        return fabric.finish();
    }
}

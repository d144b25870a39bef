package io.fabricemu.topology;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Wires a {@link GraphSpec}: hosts {@code h0 ..} in the order of their node ids, switches {@code sw<id>} (or the
 * names given) in the order of theirs. A switch's tier is the one given, else its distance in links from the nearest
 * host (a switch with hosts is tier 1), three and beyond counting as tier 3, since tiers name leaf, spine and core;
 * the picture of the fabric is drawn by it. A cable between switches of different tiers goes up from the lower; between two of one tier it is a cable
 * of that tier, its end A the lower id. Host cables are of tier {@code host}, the others {@code fabric}. Routes are
 * shortest-path ECMP over every cable both ways, as for every kind.
 */
final class GraphBuilder {
    private static final String[] ROLES = {"", "edge", "second-tier", "third-tier"};

    private GraphBuilder() {
    }

    static Topology build(GraphSpec spec) {
        int[] switchIds = spec.switchIds();
        int[] tier = tiers(spec);
        FabricAssembler fabric = new FabricAssembler(spec);
        int[] nodeOf = new int[spec.nodes()];
        for (int i = 0; i < switchIds.length; i++) {
            int id = switchIds[i];
            int t = tier[id];
            String name = spec.switchNames().isEmpty() ? "sw" + id : spec.switchNames().get(i);
            nodeOf[id] = fabric.addSwitch(name, t, ROLES[t]);
        }
        for (int id = 0; id < spec.nodes(); id++) {
            if (!spec.isSwitch(id)) {
                nodeOf[id] = fabric.host(spec.hostOfNode(id));
            }
        }
        for (GraphSpec.Link l : spec.links()) {
            int a = l.a();
            int b = l.b();
            if (tier[a] == tier[b]) {
                fabric.connectSameTier(nodeOf[Math.min(a, b)], nodeOf[Math.max(a, b)], l.spec(), "fabric", false);
            } else {
                int lower = tier[a] < tier[b] ? a : b;
                int upper = lower == a ? b : a;
                fabric.connect(nodeOf[lower], nodeOf[upper], l.spec(), tier[lower] == 0 ? "host" : "fabric");
            }
        }
        return fabric.finish();
    }

    /** Per node id: 0 for a host, else its tier as given, or its distance from the nearest host, at most 3. */
    private static int[] tiers(GraphSpec spec) {
        int n = spec.nodes();
        int[] given = spec.switchTiers();
        if (given.length > 0) {
            int[] tier = new int[n];
            int[] ids = spec.switchIds();
            for (int i = 0; i < ids.length; i++) {
                tier[ids[i]] = given[i];
            }
            return tier;
        }
        int[] distance = new int[n];
        Arrays.fill(distance, Integer.MAX_VALUE);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int id = 0; id < n; id++) {
            if (!spec.isSwitch(id)) {
                distance[id] = 0;
                queue.add(id);
            }
        }
        int[][] peers = GraphSpec.peers(n, spec.links());
        while (!queue.isEmpty()) {
            int id = queue.poll();
            for (int peer : peers[id]) {
                if (distance[peer] == Integer.MAX_VALUE) {
                    distance[peer] = distance[id] + 1;
                    queue.add(peer);
                }
            }
        }
        for (int id = 0; id < n; id++) {
            distance[id] = Math.min(3, distance[id]);
        }
        return distance;
    }
}

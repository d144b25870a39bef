package io.fabricemu.run;

import io.fabricemu.topology.Topology;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The most a flow's packets can carry between two hosts' edge switches on the idle fabric: the maximum flow over
 * the switches' shortest-path routes ({@link Topology#nextPorts}), each cable one way at its rate. A flow held to
 * one path (ECMP) gets at most the widest path's rate, a sprayed one (REPS) up to this, so this is the bound an
 * ideal completion time may use and stay at most what any flow takes. Computed once per pair of edge switches and
 * destination edge, by augmenting paths (Edmonds and Karp, JACM 1972) on the few switches between them; the
 * result never depends on map iteration order (the maps only look nodes up).
 */
final class PathCapacity {
    private final Topology topology;
    private final Map<Long, Long> byEdges = new HashMap<>();

    PathCapacity(Topology topology) {
        this.topology = topology;
    }

    /**
     * The fabric's capacity from host {@code src}'s edge switch to host {@code dst}'s, in b/s (plane 0's); the host
     * cables are not counted; {@link Long#MAX_VALUE} when the two hosts share their edge switch.
     */
    long between(int src, int dst) {
        int from = topology.edgeSwitchOf(src);
        int to = topology.edgeSwitchOf(dst);
        if (from == to) {
            return Long.MAX_VALUE;
        }
        return byEdges.computeIfAbsent(((long) from << 32) | to, k -> maxFlow(from, to, dst));
    }

    private long maxFlow(int from, int to, int dst) {
        Map<Integer, Integer> index = new HashMap<>();
        List<Integer> nodes = new ArrayList<>();
        List<long[]> edges = new ArrayList<>(); // {tail index, head index, capacity}
        index.put(from, 0);
        nodes.add(from);
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            int sw = queue.poll();
            if (sw == to) {
                continue;
            }
            for (int port : topology.nextPorts(sw, dst)) {
                int next = topology.peerNode(sw, port);
                if (topology.isHost(next)) {
                    continue;
                }
                Integer head = index.get(next);
                if (head == null) {
                    head = nodes.size();
                    index.put(next, head);
                    nodes.add(next);
                    queue.add(next);
                }
                edges.add(new long[] {index.get(sw), head, topology.cableAt(sw, port).spec().rateBps()});
            }
        }
        Integer sink = index.get(to);
        return sink == null ? 0 : augment(nodes.size(), edges, sink);
    }

    /** Edmonds-Karp from node 0 to {@code sink} over {@code edges}, capacities in b/s. */
    private static long augment(int n, List<long[]> edges, int sink) {
        long[][] residual = new long[n][n];
        for (long[] e : edges) {
            residual[(int) e[0]][(int) e[1]] = Math.min(Long.MAX_VALUE / 4, residual[(int) e[0]][(int) e[1]] + e[2]);
        }
        long total = 0;
        int[] parent = new int[n];
        while (true) {
            Arrays.fill(parent, -1);
            parent[0] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(0));
            while (!queue.isEmpty() && parent[sink] < 0) {
                int u = queue.poll();
                for (int v = 0; v < n; v++) {
                    if (parent[v] < 0 && residual[u][v] > 0) {
                        parent[v] = u;
                        queue.add(v);
                    }
                }
            }
            if (parent[sink] < 0) {
                return total;
            }
            long push = Long.MAX_VALUE;
            for (int v = sink; v != 0; v = parent[v]) {
                push = Math.min(push, residual[parent[v]][v]);
            }
            for (int v = sink; v != 0; v = parent[v]) {
                residual[parent[v]][v] -= push;
                residual[v][parent[v]] += push;
            }
            total += push;
        }
    }
}

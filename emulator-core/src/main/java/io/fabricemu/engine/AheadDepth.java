package io.fabricemu.engine;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * How far ahead of its peers each element of a shard may run.
 *
 * <p>An element that another shard's element can send to has depth 0: it must wait for the peers' batches. An
 * element that hears only from elements of its own shard has depth one more than the shallowest of them, up to a
 * cap: an event from a peer reaches it no sooner than that many lookaheads after it reaches the shard (every
 * interaction takes at least one), so once the shard has run a window it may run an element of depth {@code k}
 * through the next {@code k} lookaheads while the peers' batches are on their way. With an element whose senders
 * the fabric does not name ({@link ElementFactory#sendersTo} returns null), every element that hears from it is
 * as shallow as if a peer could reach it. A relay that sends what passes through an element in that element's name
 * ({@link Passes}) counts among the senders of whoever the element sends to.
 */
public final class AheadDepth {
    private AheadDepth() {
    }

    /**
     * @param passes   the relays that send in other elements' names
     * @param shardOf  the shard of every element
     * @param shard    the shard whose elements to place
     * @param maxDepth the cap, at least 1
     * @return for every element id, its depth in {@code shard} (0 for the elements of other shards)
     */
    public static int[] of(ElementFactory factory, Passes passes, int[] shardOf, int shard, int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be >= 1, was " + maxDepth);
        }
        int n = shardOf.length;
        int[] depth = new int[n];
        Arrays.fill(depth, -1);
        int[] edgeCount = new int[n + 1];
        int[][] senders = new int[n][];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int id = 0; id < n; id++) {
            if (shardOf[id] != shard) {
                depth[id] = 0;
                continue;
            }
            int[] from = passes.sendersTo(factory, id);
            boolean local = from != null;
            for (int i = 0; local && i < from.length; i++) {
                local = shardOf[from[i]] == shard;
            }
            if (local) {
                senders[id] = from;
                for (int s : from) {
                    edgeCount[s + 1]++;
                }
            } else {
                depth[id] = 0;
                queue.add(id);
            }
        }
        // The senders lists turned around: who each element sends to, in one array.
        for (int i = 0; i < n; i++) {
            edgeCount[i + 1] += edgeCount[i];
        }
        int[] receivers = new int[edgeCount[n]];
        int[] fill = Arrays.copyOf(edgeCount, n);
        for (int id = 0; id < n; id++) {
            if (senders[id] != null) {
                for (int s : senders[id]) {
                    receivers[fill[s]++] = id;
                }
            }
        }
        while (!queue.isEmpty()) {
            int from = queue.poll();
            for (int i = edgeCount[from]; i < edgeCount[from + 1]; i++) {
                int to = receivers[i];
                if (depth[to] < 0) {
                    depth[to] = Math.min(depth[from] + 1, maxDepth);
                    queue.add(to);
                }
            }
        }
        for (int id = 0; id < n; id++) {
            if (depth[id] < 0) {
                depth[id] = maxDepth;
            }
        }
        return depth;
    }
}

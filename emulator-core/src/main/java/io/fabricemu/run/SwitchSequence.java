package io.fabricemu.run;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The switches of a fabric in one line, ordered so that cutting the line into contiguous blocks keeps
 * what talks most together: the unit of a partition is a switch with everything that lives with it (its
 * ports, the links it transmits on, its shared buffer pool, and its hosts with their NICs and links).
 *
 * <p>The order is derived from the wiring, not from the topology kind. Like Unison (Bai et al., "Unison: A
 * Parallel-Efficient and User-Transparent Network Simulation Kernel", EuroSys 2024), which cuts a topology
 * only on links and keeps nodes whole, it never separates a switch from its ports, and it cuts where a
 * fabric's structure says the traffic crosses least:
 * <ol>
 * <li>The switches of the top tier (fat-tree cores, leaf-spine spines, rail-optimised spines of a single pod
 *     or super-spines of several) are <em>spread</em>: each touches every pod, so no placement of it saves a
 *     cut, and spreading them evenly keeps the blocks balanced.</li>
 * <li>The other switches fall into <em>pods</em>, the connected groups left when the top tier is removed:
 *     a fat-tree pod is its ToRs and aggregation switches, a rail-optimised pod its rail leaves and spines,
 *     a leaf-spine pod a single leaf. A fabric of one tier (a ring) has no top tier to remove: each switch
 *     is its own pod, in ring order, so blocks are arcs of the ring.</li>
 * <li>Pods come in the order of their lowest node id, the switches of a pod interleaved by tier (a ToR,
 *     then an aggregation switch, ...), so a pod that must be cut is cut into halves that each keep a share
 *     of both tiers, which cuts fewer ToR-to-aggregation cables than cutting between the tiers.</li>
 * <li>After each pod come as many spread switches as the pods so far have earned by weight, so every
 *     stretch of the line carries its share of them.</li>
 * </ol>
 * A switch's weight is its number of elements, hosts included: the work is roughly proportional to it.
 */
final class SwitchSequence {
    /** Switch node ids in line order. */
    private final int[] nodes;
    /** Element count of each switch in line order, its hosts included. */
    private final long[] weights;
    /** Pod of each switch in line order; every spread switch is a pod of its own. */
    private final int[] pods;
    /** The switch that owns each element id: a host's elements belong to its edge switch. */
    private final int[] homeOf;
    /** Number of pods; the spread switches have pod numbers from here on. */
    private final int podCount;

    private SwitchSequence(int[] nodes, long[] weights, int[] pods, int[] homeOf, int podCount) {
        this.nodes = nodes;
        this.weights = weights;
        this.pods = pods;
        this.homeOf = homeOf;
        this.podCount = podCount;
    }

    static SwitchSequence of(FabricBuilder fabric) {
        Topology t = fabric.topology();
        int hosts = t.hostCount();
        int[] homeOf = new int[fabric.elementCount()];
        long[] weightOfNode = new long[t.nodeCount()];
        for (int id = 0; id < homeOf.length; id++) {
            int node = fabric.nodeOf(id);
            homeOf[id] = t.isHost(node) ? t.edgeSwitchOf(node) : node;
            weightOfNode[homeOf[id]]++;
        }
        int topTier = 0;
        for (int n = hosts; n < t.nodeCount(); n++) {
            topTier = Math.max(topTier, t.tier(n));
        }
        int spreadTier = topTier >= 2 ? topTier : Integer.MAX_VALUE;
        List<int[]> podList = pods(t, spreadTier);
        int[] spread = Arrays.stream(switches(t)).filter(n -> t.tier(n) == spreadTier).toArray();
        long podWeight = 0;
        for (int[] pod : podList) {
            for (int n : pod) {
                podWeight += weightOfNode[n];
            }
        }
        int count = t.switchCount();
        int[] nodes = new int[count];
        long[] weights = new long[count];
        int[] podOf = new int[count];
        int at = 0;
        int spreadDone = 0;
        long podWeightDone = 0;
        for (int p = 0; p < podList.size(); p++) {
            for (int n : podList.get(p)) {
                nodes[at] = n;
                weights[at] = weightOfNode[n];
                podOf[at++] = p;
                podWeightDone += weightOfNode[n];
            }
            long earned = podWeight == 0 ? spread.length
                    : Math.multiplyExact(podWeightDone, spread.length) / podWeight;
            while (spreadDone < earned) {
                int n = spread[spreadDone++];
                nodes[at] = n;
                weights[at] = weightOfNode[n];
                podOf[at++] = podList.size() + spreadDone;
            }
        }
        while (spreadDone < spread.length) {
            int n = spread[spreadDone++];
            nodes[at] = n;
            weights[at] = weightOfNode[n];
            podOf[at++] = podList.size() + spreadDone;
        }
        return new SwitchSequence(nodes, weights, podOf, homeOf, podList.size());
    }

    /** Switch node ids in line order. */
    int[] nodes() {
        return nodes;
    }

    /** Element count of each switch in line order, its hosts included. */
    long[] weights() {
        return weights;
    }

    /** Pod of each switch in line order; a spread switch is a pod of its own. */
    int[] pods() {
        return pods;
    }

    /** Number of pods, numbered {@code 0 .. podCount() - 1} along the line; spread switches come above. */
    int podCount() {
        return podCount;
    }

    /** The switch node that owns element {@code id}. */
    int homeOf(int id) {
        return homeOf[id];
    }

    /** Number of elements of the fabric. */
    int elementCount() {
        return homeOf.length;
    }

    private static int[] switches(Topology t) {
        int[] out = new int[t.switchCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = t.hostCount() + i;
        }
        return out;
    }

    /**
     * The connected groups of switches below {@code spreadTier}, each interleaved by tier, in the order of
     * their lowest node id; with no spread tier every switch is its own group.
     */
    private static List<int[]> pods(Topology t, int spreadTier) {
        int hosts = t.hostCount();
        List<int[]> out = new ArrayList<>();
        if (spreadTier == Integer.MAX_VALUE) {
            for (int n : switches(t)) {
                out.add(new int[] {n});
            }
            return out;
        }
        boolean[] seen = new boolean[t.nodeCount()];
        int[] stack = new int[t.switchCount()];
        for (int start = hosts; start < t.nodeCount(); start++) {
            if (seen[start] || t.tier(start) == spreadTier) {
                continue;
            }
            List<Integer> members = new ArrayList<>();
            int top = 0;
            stack[top++] = start;
            seen[start] = true;
            while (top > 0) {
                int n = stack[--top];
                members.add(n);
                for (int port = 0; port < t.portCount(n); port++) {
                    int peer = t.peerNode(n, port);
                    if (!t.isHost(peer) && !seen[peer] && t.tier(peer) != spreadTier) {
                        seen[peer] = true;
                        stack[top++] = peer;
                    }
                }
            }
            out.add(interleaved(t, members.stream().mapToInt(Integer::intValue).sorted().toArray()));
        }
        return out;
    }

    /**
     * The switches of one pod, ascending node ids, reordered so the tiers interleave: the i-th of c switches
     * of a tier sits at position (2i + 1) / 2c of the line, lower tier first on a tie.
     */
    private static int[] interleaved(Topology t, int[] pod) {
        int maxTier = 0;
        for (int n : pod) {
            maxTier = Math.max(maxTier, t.tier(n));
        }
        int[] countOfTier = new int[maxTier + 1];
        int[] indexInTier = new int[pod.length];
        for (int i = 0; i < pod.length; i++) {
            indexInTier[i] = countOfTier[t.tier(pod[i])]++;
        }
        Integer[] order = new Integer[pod.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            long left = (2L * indexInTier[a] + 1) * countOfTier[t.tier(pod[b])];
            long right = (2L * indexInTier[b] + 1) * countOfTier[t.tier(pod[a])];
            if (left != right) {
                return Long.compare(left, right);
            }
            return Integer.compare(t.tier(pod[a]), t.tier(pod[b]));
        });
        int[] out = new int[pod.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = pod[order[i]];
        }
        return out;
    }
}

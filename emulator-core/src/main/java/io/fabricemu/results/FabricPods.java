package io.fabricemu.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A three-tier fabric (a fat tree) seen by pod, for a picture that stays readable at a thousand hosts: each pod is
 * one group (its edge and aggregation switches, joined by cables among themselves, and the hosts under them), the
 * core switches are grouped by the aggregation switches they connect to (a fat tree's core group {@code i} serves
 * aggregation switch {@code i} of every pod), and the cables between a pod and a core group are one bundle. The
 * groups come from the cables alone, so a topology file with the same shape groups the same way.
 *
 * @param pods       the pods, in the order of their first switch's node id
 * @param coreGroups the core groups, in the order of their first switch's node id
 * @param bundles    the bundles, by pod then core group
 * @param podOf      each node's pod (hosts too), -1 for cores
 */
record FabricPods(List<Group> pods, List<Group> coreGroups, List<Bundle> bundles, int[] podOf) {

    /**
     * A group of switches.
     *
     * @param switches its switches' node ids, ascending
     * @param hosts    hosts cabled to them
     */
    record Group(List<Integer> switches, int hosts) {
    }

    /**
     * The cables between one pod and one core group.
     *
     * @param pod   the pod's index
     * @param core  the core group's index
     * @param links the cables, as indices into the map's links (each from a pod's switch up to a core)
     */
    record Bundle(int pod, int core, List<Integer> links) {
    }

    /**
     * The map by pod, or null when it has no pods to draw: no tier-3 switch, a core cabled to anything but
     * tier-2 switches, or fewer than two pods.
     */
    static FabricPods of(FabricMap map) {
        int n = map.nodes().size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        boolean anyCore = false;
        for (FabricMap.Node node : map.nodes()) {
            anyCore |= node.tier() == 3;
        }
        if (!anyCore) {
            return null;
        }
        Map<Integer, List<Integer>> coreNeighbours = new LinkedHashMap<>();
        for (FabricMap.Link l : map.links()) {
            int ta = map.nodes().get(l.nodeA()).tier();
            int tb = map.nodes().get(l.nodeB()).tier();
            if (ta == 3 || tb == 3) {
                if (ta != 2 || tb != 3) {
                    return null;
                }
                coreNeighbours.computeIfAbsent(l.nodeB(), c -> new ArrayList<>()).add(l.nodeA());
            } else if (ta > 0) {
                union(parent, l.nodeA(), l.nodeB());
            }
        }
        int[] podOf = new int[n];
        Arrays.fill(podOf, -1);
        Map<Integer, Integer> podByRoot = new LinkedHashMap<>();
        List<List<Integer>> podSwitches = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int tier = map.nodes().get(i).tier();
            if (tier == 1 || tier == 2) {
                int pod = podByRoot.computeIfAbsent(find(parent, i), r -> {
                    podSwitches.add(new ArrayList<>());
                    return podSwitches.size() - 1;
                });
                podOf[i] = pod;
                podSwitches.get(pod).add(i);
            }
        }
        if (podSwitches.size() < 2) {
            return null;
        }
        int[] podHosts = new int[podSwitches.size()];
        for (FabricMap.Link l : map.links()) {
            if (map.nodes().get(l.nodeA()).tier() == 0 && podOf[l.nodeB()] >= 0) {
                podOf[l.nodeA()] = podOf[l.nodeB()];
                podHosts[podOf[l.nodeB()]]++;
            }
        }
        List<Group> pods = new ArrayList<>();
        for (int p = 0; p < podSwitches.size(); p++) {
            pods.add(new Group(List.copyOf(podSwitches.get(p)), podHosts[p]));
        }
        // Cores with the same aggregation switches below them form one group.
        Map<List<Integer>, List<Integer>> bySet = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            if (map.nodes().get(i).tier() == 3) {
                List<Integer> below = new ArrayList<>(coreNeighbours.getOrDefault(i, List.of()));
                below.sort(null);
                bySet.computeIfAbsent(below, k -> new ArrayList<>()).add(i);
            }
        }
        List<Group> cores = new ArrayList<>();
        int[] coreGroupOf = new int[n];
        for (List<Integer> members : bySet.values()) {
            for (int c : members) {
                coreGroupOf[c] = cores.size();
            }
            cores.add(new Group(List.copyOf(members), 0));
        }
        Map<Long, List<Integer>> bundleLinks = new java.util.TreeMap<>();
        for (int c = 0; c < map.links().size(); c++) {
            FabricMap.Link l = map.links().get(c);
            if (map.nodes().get(l.nodeB()).tier() == 3) {
                long key = (long) podOf[l.nodeA()] * cores.size() + coreGroupOf[l.nodeB()];
                bundleLinks.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
            }
        }
        List<Bundle> bundles = new ArrayList<>();
        bundleLinks.forEach((key, links) -> bundles.add(new Bundle((int) (key / cores.size()),
                (int) (key % cores.size()), List.copyOf(links))));
        return new FabricPods(List.copyOf(pods), List.copyOf(cores), List.copyOf(bundles), podOf);
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}

package io.fabricemu.pfc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which switches wait on which in one traffic class: an edge {@code from -> to} exists while at least one
 * port of switch {@code from} toward switch {@code to} is stuck (paused by {@code to} for longer than the
 * deadlock timeout with packets waiting). A cycle of such edges is a PFC deadlock: every switch on it waits
 * for the next to drain, and none can (the cyclic buffer dependency of Hu et al., "Deadlocks in Datacenter
 * Networks: Why Do They Form, and How to Avoid Them", HotNets 2016).
 *
 * <p>Deterministic: adjacency and port names are kept sorted, so the cycle found (the shortest from the
 * new edge's head back to its tail, ties broken by the lowest node id) does not depend on the order
 * reports arrived in beyond the engine's own event order.
 */
final class PfcWaitGraph {
    private final TreeMap<Integer, TreeMap<Integer, TreeSet<String>>> out = new TreeMap<>();

    /** Port {@code port} of switch {@code from} toward {@code to} is stuck. */
    void stuck(int from, int to, String port) {
        out.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>()).add(port);
    }

    /** That port moves again; the edge goes when none of its ports is stuck. */
    void moved(int from, int to, String port) {
        TreeMap<Integer, TreeSet<String>> targets = out.get(from);
        TreeSet<String> ports = targets == null ? null : targets.get(to);
        if (ports == null || !ports.remove(port)) {
            throw new IllegalStateException("port " + port + " moved but was not stuck");
        }
        if (ports.isEmpty()) {
            targets.remove(to);
            if (targets.isEmpty()) {
                out.remove(from);
            }
        }
    }

    /**
     * A cycle through the edge {@code from -> to}, as the names of one stuck port per edge starting with
     * that edge's (the lowest-named), or an empty list when {@code to} cannot reach {@code from}.
     */
    List<String> cycleThrough(int from, int to) {
        TreeSet<String> first = out.getOrDefault(from, new TreeMap<>()).get(to);
        if (first == null) {
            return List.of();
        }
        Map<Integer, Integer> parent = new HashMap<>();
        ArrayDeque<Integer> frontier = new ArrayDeque<>();
        parent.put(to, to);
        frontier.add(to);
        while (!frontier.isEmpty() && !parent.containsKey(from)) {
            int node = frontier.poll();
            for (int next : out.getOrDefault(node, new TreeMap<>()).keySet()) {
                if (!parent.containsKey(next)) {
                    parent.put(next, node);
                    frontier.add(next);
                }
            }
        }
        if (!parent.containsKey(from)) {
            return List.of();
        }
        List<String> back = new ArrayList<>();
        for (int node = from; node != to; node = parent.get(node)) {
            back.add(out.get(parent.get(node)).get(node).first());
        }
        Collections.reverse(back);
        List<String> cycle = new ArrayList<>();
        cycle.add(first.first());
        cycle.addAll(back);
        return cycle;
    }
}

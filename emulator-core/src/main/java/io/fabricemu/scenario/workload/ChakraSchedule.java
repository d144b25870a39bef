package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the ranks' nodes of a Chakra trace into flows with dependencies. A node is taken up once all its
 * dependencies are done ({@link ChakraReady}): a compute node is done its duration later; a send is one flow to
 * its peer, done when received; a receive is done when the matching send's flow (same source, destination and
 * tag, matched in order) is received; the k-th collective node of every rank together are one collective, expanded
 * by {@link ChakraCollective} once every rank has reached it. The ranks are visited in order and their nodes in
 * file order, so the flows are the same for the same files.
 */
final class ChakraSchedule {
    private final List<List<ChakraNode>> ranks;
    private final List<String> files;
    private final List<Integer> hosts;
    private final List<FlowSpec> flows = new ArrayList<>();
    private final List<CollectiveSpan> spans = new ArrayList<>();
    /** Per rank, node id to the node's place in the file. */
    private final List<Map<Long, Integer>> places = new ArrayList<>();
    /** Per rank and node, when it is done; null while it is not. */
    private final ChakraReady[][] done;
    /** Per rank, the collective nodes in file order. */
    private final List<List<Integer>> collectiveNodes = new ArrayList<>();
    /** Per rank, when it reaches its next collective; null while it has not. */
    private final ChakraReady[] reached;
    /** The flows of sends not yet matched, by "src dst tag". */
    private final Map<String, ArrayDeque<Integer>> unmatched = new HashMap<>();
    private int nextCollective;
    /** Per rank, its nodes in the order they were done (a dependency order), with the flows that time them. */
    private final List<List<ChakraNodeFlows>> timeline = new ArrayList<>();
    /** Per rank and node (its place in the file), its place in {@link #timeline}. */
    private final int[][] timed;

    ChakraSchedule(List<List<ChakraNode>> ranks, List<String> files, List<Integer> hosts) {
        this.ranks = ranks;
        this.files = files;
        this.hosts = hosts;
        int n = ranks.size();
        done = new ChakraReady[n][];
        timed = new int[n][];
        reached = new ChakraReady[n];
        for (int r = 0; r < n; r++) {
            List<ChakraNode> nodes = ranks.get(r);
            done[r] = new ChakraReady[nodes.size()];
            timed[r] = new int[nodes.size()];
            timeline.add(new ArrayList<>());
            Map<Long, Integer> place = new HashMap<>();
            List<Integer> colls = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                place.put(nodes.get(i).id(), i);
                if (nodes.get(i).type() == ChakraNode.COLLECTIVE) {
                    colls.add(i);
                }
            }
            places.add(place);
            collectiveNodes.add(colls);
        }
        checkCollectives();
    }

    List<FlowSpec> flows() {
        return flows;
    }

    List<CollectiveSpan> spans() {
        return spans;
    }

    /** Per rank, every node in a dependency order, with the flows that time it. */
    List<List<ChakraNodeFlows>> timeline() {
        return timeline;
    }

    /** Builds the flows; throws naming the first node, rank by rank, that can never start. */
    ChakraSchedule build() {
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int r = 0; r < ranks.size(); r++) {
                progress |= advance(r);
            }
            progress |= collectives();
        }
        for (int r = 0; r < ranks.size(); r++) {
            for (int i = 0; i < done[r].length; i++) {
                if (done[r][i] == null) {
                    ChakraNode node = ranks.get(r).get(i);
                    throw new IllegalArgumentException(files.get(r) + ": node " + node.id() + " can never start: "
                            + why(r, node));
                }
            }
        }
        return this;
    }

    private String why(int r, ChakraNode node) {
        if (node.type() == ChakraNode.RECV && ready(r, node) != null) {
            return "no send of rank " + node.peer() + " to rank " + r + " with comm_tag " + node.tag() + " is left"
                    + " to match this receive";
        }
        if (node.type() == ChakraNode.COLLECTIVE && ready(r, node) != null) {
            return "not every rank reaches its collective number " + collectiveNodes.get(r).indexOf(
                    places.get(r).get(node.id())) + " (its dependencies wait in a cycle or for a receive that is"
                    + " never matched)";
        }
        return "its dependencies wait in a cycle, or for a receive or collective that never completes";
    }

    /** Takes up every node of rank {@code r} that can be; whether any was. */
    private boolean advance(int r) {
        boolean progress = false;
        List<ChakraNode> nodes = ranks.get(r);
        for (int i = 0; i < nodes.size(); i++) {
            ChakraNode node = nodes.get(i);
            if (done[r][i] != null) {
                continue;
            }
            ChakraReady ready = ready(r, node);
            if (ready == null) {
                continue;
            }
            switch (node.type()) {
                case ChakraNode.COMPUTE -> {
                    done[r][i] = ready.plus(node.durationPs());
                    timed(r, i, ChakraNodeFlows.COMPUTE, "", -1, List.of());
                }
                case ChakraNode.SEND -> {
                    int flow = add(r, node.peer(), node.bytes(), ready, -1);
                    unmatched.computeIfAbsent(r + " " + node.peer() + " " + node.tag(), k -> new ArrayDeque<>())
                            .add(flow);
                    done[r][i] = ChakraReady.after(List.of(flow), ready.floorPs());
                    timed(r, i, ChakraNodeFlows.SEND, "", flow, List.of(flow));
                }
                case ChakraNode.RECV -> {
                    ArrayDeque<Integer> sends = unmatched.get(node.peer() + " " + r + " " + node.tag());
                    if (sends == null || sends.isEmpty()) {
                        continue;
                    }
                    int flow = sends.poll();
                    done[r][i] = ChakraReady.all(List.of(ready, ChakraReady.after(List.of(flow), 0)));
                    timed(r, i, ChakraNodeFlows.RECV, "", flow, List.of(flow));
                }
                default -> {
                    if (reached[r] != null || !isNextCollective(r, i)) {
                        continue;
                    }
                    reached[r] = ready;
                }
            }
            progress = true;
        }
        return progress;
    }

    private boolean isNextCollective(int r, int i) {
        List<Integer> colls = collectiveNodes.get(r);
        return nextCollective < colls.size() && colls.get(nextCollective) == i;
    }

    /** Expands every collective all ranks have reached; whether any. */
    private boolean collectives() {
        boolean progress = false;
        while (allReached()) {
            int n = ranks.size();
            ChakraNode first = ranks.get(0).get(collectiveNodes.get(0).get(nextCollective));
            ChakraCollective c = new ChakraCollective(first.collective(), first.bytes(), hosts, files.get(0) + ": node "
                    + first.id());
            int firstFlow = flows.size();
            ChakraCollective.Ranks after = c.expand(List.of(reached), flows);
            String name = "c" + nextCollective + "-" + first.collective();
            spans.add(new CollectiveSpan(name, first.collective(), c.algorithm(), hosts, first.bytes(), 0, c.steps(),
                    firstFlow, flows.size()));
            for (int r = 0; r < n; r++) {
                int i = collectiveNodes.get(r).get(nextCollective);
                done[r][i] = after.done()[r];
                timed(r, i, ChakraNodeFlows.COLLECTIVE, name, after.firstSend()[r], after.last().get(r));
                reached[r] = null;
            }
            nextCollective++;
            progress = true;
        }
        return progress;
    }

    private boolean allReached() {
        for (ChakraReady r : reached) {
            if (r == null) {
                return false;
            }
        }
        return reached.length > 0;
    }

    /** When all of {@code node}'s dependencies are done; null while one is not. */
    private ChakraReady ready(int r, ChakraNode node) {
        List<ChakraReady> deps = new ArrayList<>(node.depCount());
        for (int k = 0; k < node.depCount(); k++) {
            ChakraReady d = done[r][places.get(r).get(node.dep(k))];
            if (d == null) {
                return null;
            }
            deps.add(d);
        }
        return deps.isEmpty() ? ChakraReady.AT_START : ChakraReady.all(deps);
    }

    /** Appends node {@code i} of rank {@code r}, just done, to the rank's timeline. */
    private void timed(int r, int i, String kind, String collective, int startFlow, List<Integer> endFlows) {
        ChakraNode node = ranks.get(r).get(i);
        List<Integer> deps = new ArrayList<>(node.depCount());
        for (int k = 0; k < node.depCount(); k++) {
            deps.add(timed[r][places.get(r).get(node.dep(k))]);
        }
        List<ChakraNodeFlows> line = timeline.get(r);
        timed[r][i] = line.size();
        line.add(new ChakraNodeFlows(node.id(), node.name(), kind, collective, deps, node.durationPs(), startFlow,
                endFlows));
    }

    private int add(int fromRank, int toRank, long bytes, ChakraReady ready, int follows) {
        flows.add(new FlowSpec(hosts.get(fromRank), hosts.get(toRank), bytes, ready.floorPs(), "", ready.flows(),
                ready.gapPs(), follows));
        return flows.size() - 1;
    }

    /** The k-th collective nodes of all ranks must agree, and every rank must have as many. */
    private void checkCollectives() {
        List<Integer> base = collectiveNodes.get(0);
        for (int r = 1; r < ranks.size(); r++) {
            List<Integer> colls = collectiveNodes.get(r);
            for (int k = 0; k < Math.min(base.size(), colls.size()); k++) {
                ChakraNode a = ranks.get(0).get(base.get(k));
                ChakraNode b = ranks.get(r).get(colls.get(k));
                if (!a.collective().equals(b.collective()) || a.bytes() != b.bytes()) {
                    throw new IllegalArgumentException(files.get(r) + ": node " + b.id() + " is collective number "
                            + k + " of its rank, a " + b.collective() + " of " + b.bytes() + " B, but that of rank 0 ("
                            + files.get(0) + ": node " + a.id() + ") is a " + a.collective() + " of " + a.bytes()
                            + " B; the ranks' k-th collectives run together and must agree");
                }
            }
            if (colls.size() != base.size()) {
                throw new IllegalArgumentException(files.get(r) + " has " + colls.size() + " collective nodes and "
                        + files.get(0) + " has " + base.size() + "; every rank takes part in every collective");
            }
        }
    }
}

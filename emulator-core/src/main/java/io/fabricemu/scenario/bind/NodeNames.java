package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.HostRange;
import io.fabricemu.scenario.yaml.Suggestion;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The nodes of a built topology by the names {@link Topology#name(int)} gives them ({@code leaf0}, {@code agg0.1},
 * {@code core3}), a host's NIC also as {@code hN} or {@code HN}; and the words messages use for a name that is none.
 */
final class NodeNames {
    private static final Pattern HOST = Pattern.compile("[hH](0|[1-9][0-9]{0,9})");
    /** How many names a message shows at most. */
    static final int SHOWN = 5;

    private final Topology topology;
    /** Looked up only, never iterated: {@link #switchNames} gives the order. */
    private final Map<String, Integer> switchNodes = new HashMap<>();
    private final List<String> switchNames = new ArrayList<>();

    NodeNames(Topology topology) {
        this.topology = topology;
        for (int node = topology.hostCount(); node < topology.nodeCount(); node++) {
            switchNodes.put(topology.name(node), node);
            switchNames.add(topology.name(node));
        }
    }

    /** The node named {@code name}, or -1. */
    int node(String name) {
        Integer node = switchNodes.get(name);
        if (node != null) {
            return node;
        }
        Matcher host = HOST.matcher(name);
        if (host.matches() && Long.parseLong(host.group(1)) < topology.hostCount()) {
            return Integer.parseInt(host.group(1));
        }
        return -1;
    }

    /** The name messages and labels give {@code node}. */
    String name(int node) {
        return topology.name(node);
    }

    /** Why {@code name} names no node, and the names nearest to it. */
    String unknown(String name) {
        if (HOST.matcher(name).matches()) {
            return "there is no host " + name + "; " + HostRange.describe(topology.hostCount())
                    + " (h0 is host 0's NIC)";
        }
        return "no switch or host of this topology is named '" + name + "'" + Suggestion.closest(name, switchNames)
                + "; the switches nearest to it by name are "
                + String.join(", ", Suggestion.nearest(name, switchNames, SHOWN)) + "; " + hosts();
    }

    /** The nodes {@code node} has a cable to, those named nearest to {@code wanted} first, a few of them. */
    String neighbours(int node, String wanted) {
        List<String> peers = new ArrayList<>();
        BitSet seen = new BitSet();
        for (int port = 0; port < topology.portCount(node); port++) {
            int peer = topology.peerNode(node, port);
            if (!seen.get(peer)) {
                seen.set(peer);
                peers.add(topology.name(peer));
            }
        }
        List<String> shown = Suggestion.nearest(wanted, peers, SHOWN);
        int more = peers.size() - shown.size();
        return String.join(", ", shown) + (more == 0 ? "" : " and " + more + " more");
    }

    /** E.g. {@code "hosts are h0..h15"}. */
    private String hosts() {
        int count = topology.hostCount();
        return count == 1 ? "the only host is h0" : "hosts are h0..h" + (count - 1);
    }
}

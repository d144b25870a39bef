package io.fabricemu.topology;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * A fabric given as a graph, read from a file (the ns-3/HPCC {@code topology.txt} format): nodes numbered
 * {@code 0 .. nodes - 1} as the file numbers them, the listed ones switches, the others hosts; every link with its
 * own rate, delay and loss ({@link LinkSpec#lossProbability()}, 0 for none). Hosts are numbered in the order of their node ids ({@code h0} is the host with the lowest id),
 * switches named by theirs ({@code sw16}); {@link #hostOfNode} and {@link #nodeOfHost} translate.
 *
 * <p>The graph must be one a fabric can run: every host on exactly one link, to a switch; no link from a node to
 * itself; every node reachable from every other. The file's reader checks each of these at the line that breaks
 * it; this record checks them again, for any other maker.
 *
 * @param source      the file's name as messages give it
 * @param nodes       how many nodes the file numbers
 * @param switchIds   the switches' node ids, ascending
 * @param links       every link, in the file's order
 * @param switchNames each switch's name, in the order of {@code switchIds}; empty for {@code sw<id>}
 * @param switchTiers each switch's tier (1 to 3), in the same order; empty to tier them by their distance from the
 *                    hosts
 */
public record GraphSpec(String source, int nodes, int[] switchIds, List<Link> links, List<String> switchNames,
                        int[] switchTiers) implements TopologySpec {

    /** A link between nodes {@code a} and {@code b} (the file's ids). */
    public record Link(int a, int b, LinkSpec spec) {
        public Link {
            Checks.present("spec", spec);
        }
    }

    public GraphSpec {
        Checks.present("source", source);
        Checks.positive("nodes", nodes);
        switchIds = switchIds.clone();
        links = List.copyOf(links);
        switchNames = List.copyOf(switchNames);
        switchTiers = switchTiers.clone();
        if (!switchNames.isEmpty() && switchNames.size() != switchIds.length
                || switchTiers.length != 0 && switchTiers.length != switchIds.length) {
            throw new IllegalArgumentException("a name and a tier for every switch, or none");
        }
        for (int t : switchTiers) {
            if (t < 1 || t > 3) {
                throw new IllegalArgumentException("switch tiers are 1 to 3, was " + t);
            }
        }
        for (int i = 0; i < switchIds.length; i++) {
            if (switchIds[i] < 0 || switchIds[i] >= nodes || (i > 0 && switchIds[i] <= switchIds[i - 1])) {
                throw new IllegalArgumentException("switch ids must be ascending, distinct and in 0.." + (nodes - 1));
            }
        }
        if (switchIds.length == 0 || switchIds.length == nodes) {
            throw new IllegalArgumentException("a fabric needs at least one switch and one host");
        }
        int[] hostLinks = new int[nodes];
        for (Link l : links) {
            if (l.a() < 0 || l.a() >= nodes || l.b() < 0 || l.b() >= nodes || l.a() == l.b()) {
                throw new IllegalArgumentException("link " + l.a() + "-" + l.b() + " must join two of the nodes 0.."
                        + (nodes - 1));
            }
            boolean aSwitch = Arrays.binarySearch(switchIds, l.a()) >= 0;
            boolean bSwitch = Arrays.binarySearch(switchIds, l.b()) >= 0;
            if (!aSwitch && !bSwitch) {
                throw new IllegalArgumentException("link " + l.a() + "-" + l.b() + " joins two hosts");
            }
            hostLinks[l.a()] += aSwitch ? 0 : 1;
            hostLinks[l.b()] += bSwitch ? 0 : 1;
        }
        for (int n = 0; n < nodes; n++) {
            if (Arrays.binarySearch(switchIds, n) < 0 && hostLinks[n] != 1) {
                throw new IllegalArgumentException("host node " + n + " has " + hostLinks[n] + " links; a host has one");
            }
        }
        int unreached = firstUnreached(nodes, links);
        if (unreached >= 0) {
            throw new IllegalArgumentException("node " + unreached + " cannot be reached from node 0");
        }
    }

    /** The first node (by id) no path of links joins to node 0, or -1 when the graph is connected. */
    public static int firstUnreached(int nodes, List<Link> links) {
        int[][] peers = peers(nodes, links);
        boolean[] seen = new boolean[nodes];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        seen[0] = true;
        queue.add(0);
        while (!queue.isEmpty()) {
            for (int peer : peers[queue.poll()]) {
                if (!seen[peer]) {
                    seen[peer] = true;
                    queue.add(peer);
                }
            }
        }
        for (int n = 0; n < nodes; n++) {
            if (!seen[n]) {
                return n;
            }
        }
        return -1;
    }

    /** Each node's neighbours over {@code links}, once per link (parallel links repeat a neighbour). */
    static int[][] peers(int nodes, List<Link> links) {
        int[] count = new int[nodes];
        for (Link l : links) {
            count[l.a()]++;
            count[l.b()]++;
        }
        int[][] peers = new int[nodes][];
        for (int id = 0; id < nodes; id++) {
            peers[id] = new int[count[id]];
            count[id] = 0;
        }
        for (Link l : links) {
            peers[l.a()][count[l.a()]++] = l.b();
            peers[l.b()][count[l.b()]++] = l.a();
        }
        return peers;
    }

    /** The switches of the file's numbering, with their node ids as {@code sw<id>}. */
    public GraphSpec(String source, int nodes, int[] switchIds, List<Link> links) {
        this(source, nodes, switchIds, links, List.of(), new int[0]);
    }

    @Override
    public int[] switchIds() {
        return switchIds.clone();
    }

    @Override
    public int[] switchTiers() {
        return switchTiers.clone();
    }

    @Override
    public String kind() {
        return "file";
    }

    @Override
    public int hostCount() {
        return nodes - switchIds.length;
    }

    @Override
    public FabricCounts counts() {
        boolean[] edge = new boolean[nodes];
        for (Link l : links) {
            if (!isSwitch(l.a())) {
                edge[l.b()] = true;
            } else if (!isSwitch(l.b())) {
                edge[l.a()] = true;
            }
        }
        long edges = 0;
        for (boolean e : edge) {
            edges += e ? 1 : 0;
        }
        return new FabricCounts(hostCount(), switchIds.length, links.size(), edges);
    }

    /** Whether node {@code id} of the file is a switch. */
    public boolean isSwitch(int id) {
        return Arrays.binarySearch(switchIds, id) >= 0;
    }

    /** The host index of the file's node {@code id} (a host): its rank among the hosts' ids. */
    public int hostOfNode(int id) {
        int switchesBelow = -Arrays.binarySearch(switchIds, id) - 1;
        return id - switchesBelow;
    }

    /** The file's node id of host {@code host}. */
    public int nodeOfHost(int host) {
        int id = host;
        for (int s : switchIds) {
            if (s <= id) {
                id++;
            } else {
                break;
            }
        }
        return id;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GraphSpec g && source.equals(g.source) && nodes == g.nodes
                && Arrays.equals(switchIds, g.switchIds) && links.equals(g.links) && switchNames.equals(g.switchNames)
                && Arrays.equals(switchTiers, g.switchTiers);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * source.hashCode() + Arrays.hashCode(switchIds)) + links.hashCode();
    }

    @Override
    public String toString() {
        return "GraphSpec[" + source + ", " + nodes + " nodes, " + switchIds.length + " switches, " + links.size()
                + " links]";
    }
}

package io.fabricemu.scenario.workload;

/**
 * How another simulator's node ids name fabric-emu's hosts. ns-3 (HPCC, SimAI) numbers hosts and switches in one
 * id space, the switches listed in {@code topology.txt}'s second line; fabric-emu's hosts are the nodes that are not
 * switches, numbered in the order of their ids (as {@code topology: {kind: file}} reads them). For any other
 * topology a node id is simply a host's number.
 *
 * @param nodes      how many node ids there are ({@code 0 .. nodes - 1})
 * @param hostOfNode each node id's host number, -1 for a switch; empty: node n is host n
 */
public record NodeHosts(int nodes, int[] hostOfNode) {
    public NodeHosts {
        hostOfNode = hostOfNode.clone();
        if (hostOfNode.length != 0 && hostOfNode.length != nodes) {
            throw new IllegalArgumentException("a host number for every one of the " + nodes + " nodes, or none");
        }
    }

    /** Node n is host n, for {@code hostCount} hosts. */
    public static NodeHosts identity(int hostCount) {
        return new NodeHosts(hostCount, new int[0]);
    }

    /** The hosts of a graph of {@code nodes} ids whose switches are {@code switchIds}. */
    public static NodeHosts ofGraph(int nodes, int[] switchIds) {
        int[] hostOf = new int[nodes];
        for (int id : switchIds) {
            hostOf[id] = -1;
        }
        int next = 0;
        for (int n = 0; n < nodes; n++) {
            hostOf[n] = hostOf[n] < 0 ? -1 : next++;
        }
        return new NodeHosts(nodes, hostOf);
    }

    /** Node {@code id}'s host number; -1 for a switch. The id must be below {@link #nodes}. */
    public int hostOf(int id) {
        return hostOfNode.length == 0 ? id : hostOfNode[id];
    }
}

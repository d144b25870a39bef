package io.fabricemu.topology;

/**
 * One bidirectional cable of a built {@link Topology}. End A is the end nearer the hosts (the host, or the
 * lower-tier switch), end B the upper one; on a ring cable, which joins two tier-1 switches, end B is the
 * clockwise neighbour of end A. Each end is a node id and a port number on that node.
 *
 * @param id    index of this cable in {@link Topology#cable(int)}, from 0
 * @param nodeA node id of the lower end (a host, or the lower-tier switch; a ring's counter-clockwise end)
 * @param portA port number of this cable on {@code nodeA}
 * @param nodeB node id of the upper end (always a switch; a ring's clockwise end)
 * @param portB port number of this cable on {@code nodeB}
 * @param spec  rate, delays and loss of the cable, the same in both directions
 * @param tier  {@code host} (host to leaf or ToR), {@code agg} (ToR to aggregation), {@code core}
 *              (aggregation to core), {@code fabric} (leaf to spine), {@code super} (spine to super-spine) or
 *              {@code ring} (ring switch to its clockwise neighbour)
 */
public record Cable(int id, int nodeA, int portA, int nodeB, int portB, LinkSpec spec, String tier) {
    public Cable {
        if (id < 0) {
            throw new IllegalArgumentException("id must be >= 0, was " + id);
        }
        if (nodeA < 0 || nodeB < 0 || nodeA == nodeB) {
            throw new IllegalArgumentException("nodeA and nodeB must be distinct node ids, were "
                    + nodeA + " and " + nodeB);
        }
        if (portA < 0 || portB < 0) {
            throw new IllegalArgumentException("portA and portB must be >= 0, were " + portA + " and " + portB);
        }
        Checks.present("spec", spec);
        Checks.present("tier", tier);
    }

    /** The node at the other end from {@code node}, which must be one of this cable's ends. */
    public int peerOf(int node) {
        if (node == nodeA) {
            return nodeB;
        }
        if (node == nodeB) {
            return nodeA;
        }
        throw new IllegalArgumentException("node " + node + " is not an end of cable " + id);
    }
}

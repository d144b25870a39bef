package io.fabricemu.fault;

import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;

/** Link directions of a topology by the names of the nodes they join, for tests that make faults in code. */
public final class Cables {
    private Cables() {
    }

    /** Both directions of the cable between the nodes named {@code a} and {@code b}. */
    public static int[] both(Topology topology, String a, String b) {
        for (int c = 0; c < topology.cableCount(); c++) {
            Cable cable = topology.cable(c);
            String x = topology.name(cable.nodeA());
            String y = topology.name(cable.nodeB());
            if (x.equals(a) && y.equals(b) || x.equals(b) && y.equals(a)) {
                return new int[] {2 * c, 2 * c + 1};
            }
        }
        throw new IllegalArgumentException("no cable " + a + " - " + b);
    }

    /** The direction from the node named {@code from} to the one named {@code to}, alone. */
    public static int[] direction(Topology topology, String from, String to) {
        int[] both = both(topology, from, to);
        Cable c = topology.cable(both[0] / 2);
        return new int[] {topology.name(c.nodeA()).equals(from) ? both[0] : both[1]};
    }
}

package io.fabricemu.results;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fabric's shape as a report draws it: every node with its tier, and every cable with the egress port at each
 * end (named as in {@code ports.csv}: {@code h7:nic}, {@code tor0.1:p3}) and its rate. A run's port counters
 * ({@link io.fabricemu.stats.PortStats}), under the same names, give each port's queue and each direction's bytes.
 *
 * @param nodes nodes by node id: hosts first, then switches
 * @param links cables by cable id
 */
public record FabricMap(List<Node> nodes, List<Link> links) {
    /** No fabric known: a result made without one draws no picture. */
    public static final FabricMap NONE = new FabricMap(List.of(), List.of());

    public FabricMap {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
    }

    /** Each port at an end of a cable to the port at its other end ({@code leaf1:p36} to {@code spine0:p1}). */
    /** Each port's line rate, each way (its cable's, before any fault changes it), in b/s. */
    Map<String, Long> portRates() {
        Map<String, Long> rates = new HashMap<>();
        for (Link l : links) {
            rates.put(l.portA(), l.rateBps());
            rates.put(l.portB(), l.rateBps());
        }
        return rates;
    }

    Map<String, String> portPeers() {
        Map<String, String> peers = new HashMap<>();
        for (Link l : links) {
            peers.put(l.portA(), l.portB());
            peers.put(l.portB(), l.portA());
        }
        return peers;
    }

    /**
     * One node.
     *
     * @param name its name, e.g. {@code h7}, {@code leaf0}, {@code tor1.0}
     * @param tier 0 host, 1 leaf or ToR, 2 spine or aggregation, 3 core or super-spine
     */
    public record Node(String name, int tier) {
    }

    /**
     * One cable.
     *
     * @param nodeA   node id of its lower end (the host, or the lower-tier switch)
     * @param portA   the egress port at that end, sending toward {@code nodeB}
     * @param nodeB   node id of its upper end
     * @param portB   the egress port at that end, sending toward {@code nodeA}
     * @param rateBps line rate, each direction
     */
    public record Link(int nodeA, String portA, int nodeB, String portB, long rateBps) {
    }

    /** The map of a built topology, with the port names the fabric builder gives its NICs and switch ports. */
    public static FabricMap of(Topology t) {
        List<Node> nodes = new ArrayList<>(t.nodeCount());
        for (int n = 0; n < t.nodeCount(); n++) {
            nodes.add(new Node(t.name(n), t.tier(n)));
        }
        List<Link> links = new ArrayList<>(t.cableCount());
        for (int c = 0; c < t.cableCount(); c++) {
            Cable cable = t.cable(c);
            links.add(new Link(cable.nodeA(), FabricBuilder.portName(t, cable.nodeA(), cable.portA()), cable.nodeB(),
                    FabricBuilder.portName(t, cable.nodeB(), cable.portB()), cable.spec().rateBps()));
        }
        return new FabricMap(nodes, links);
    }

    /** Whether this map has no fabric to draw. */
    public boolean isEmpty() {
        return nodes.isEmpty();
    }
}

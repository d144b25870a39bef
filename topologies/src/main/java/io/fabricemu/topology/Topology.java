package io.fabricemu.topology;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A built fabric: numbered nodes, ports, cables and equal-cost (ECMP) routes; immutable. Made by
 * {@link Topologies#build(TopologySpec)}.
 *
 * <p>Nodes: hosts are {@code 0 .. hostCount() - 1} and switches follow. Leaf-spine and fat tree: host
 * {@code i} hangs off edge switch {@code i / hostsPerEdge}, edge switches in pod order. Rail-optimised: the
 * host is the GPU rank {@code ((pod * segmentsPerPod + segment) * nodesPerSegment + node) * gpusPerNode + gpu}.
 * Ring: host {@code i} on switch {@code ring<i / hostsPerSwitch>}.
 * A topology file ({@link GraphSpec}): host {@code i} is the file's {@code i}-th node that is not a switch, switch
 * {@code sw<id>} its node {@code id}.
 *
 * <p>Planes ({@link PlanesSpec}): the switches and cables of plane {@code p} are a copy of the base's, numbered
 * and named as {@link PlaneCopies} says; host {@code h}'s port {@code p} is its link to plane {@code p}.
 *
 * <p>Ports: a host has one port, 0, per plane. A switch numbers its downlinks first (ascending by peer node id,
 * parallel cables in link order), then its uplinks (ascending by peer node id). A ring switch with
 * {@code H} hosts has them on ports {@code 0 .. H-1}, its counter-clockwise neighbour on port {@code H} and
 * its clockwise neighbour on port {@code H + 1}.
 *
 * <p>Routes: {@link #nextPorts(int, int)} gives every egress port on a shortest path, counted in switch
 * hops, over the directions the topology lets routes take (every direction, except that a clockwise ring
 * only forwards clockwise), so a packet that takes any of them at every switch arrives in
 * {@link #switchHops(int, int)} switches.
 */
public final class Topology {
    private final TopologySpec spec;
    private final Wiring wiring;
    private final EcmpRoutes routes;
    private final int planes;
    /** Switches in one plane: plane {@code p}'s switches are nodes {@code hosts + p * this ..}. */
    private final int switchesPerPlane;

    Topology(TopologySpec spec, Wiring wiring, EcmpRoutes routes) {
        this(spec, wiring, routes, 1);
    }

    /** A topology of {@code planes} copies whose switches all route as the base ones {@code routes} are for. */
    Topology(TopologySpec spec, Wiring wiring, EcmpRoutes routes, int planes) {
        this.spec = spec;
        this.wiring = wiring;
        this.routes = routes;
        this.planes = planes;
        this.switchesPerPlane = (wiring.nodeCount() - wiring.hostCount()) / planes;
    }

    /** Number of planes: 1, or a {@link PlanesSpec}'s count; every host has one port per plane. */
    public int planes() {
        return planes;
    }

    /** The plane switch {@code node} belongs to ({@code 0 .. planes() - 1}); a host's port {@code p} is plane p. */
    public int planeOf(int node) {
        if (isHost(node)) {
            throw new IllegalArgumentException("node " + node + " is a host, in every plane");
        }
        return (node - hostCount()) / switchesPerPlane;
    }

    Wiring wiring() {
        return wiring;
    }

    EcmpRoutes routes() {
        return routes;
    }

    /** The spec this topology was built from. */
    public TopologySpec spec() {
        return spec;
    }

    /** Number of hosts (NIC ports, one per GPU in a rail-optimised fabric). */
    public int hostCount() {
        return wiring.hostCount();
    }

    /** Number of switches of every tier. */
    public int switchCount() {
        return nodeCount() - hostCount();
    }

    /** Hosts plus switches; node ids are {@code 0 .. nodeCount() - 1}. */
    public int nodeCount() {
        return wiring.nodeCount();
    }

    /** Whether {@code node} is a host (a node id below {@link #hostCount()}). */
    public boolean isHost(int node) {
        return Objects.checkIndex(node, nodeCount()) < hostCount();
    }

    /** Unique, stable name: {@code h<i>} for hosts, e.g. {@code leaf0}, {@code tor1.0}, {@code super3}. */
    public String name(int node) {
        return isHost(node) ? "h" + node : wiring.switchNames()[node - hostCount()];
    }

    /** 0 host, 1 leaf or ToR, 2 spine or aggregation, 3 core or super-spine. */
    public int tier(int node) {
        return wiring.tiers()[Objects.checkIndex(node, nodeCount())];
    }

    /** Number of ports of {@code node}; ports are numbered {@code 0 .. portCount - 1}. */
    public int portCount(int node) {
        return wiring.portCount(Objects.checkIndex(node, nodeCount()));
    }

    /** Number of cables; cable ids are {@code 0 .. cableCount() - 1}. */
    public int cableCount() {
        return wiring.cables().length;
    }

    /** The cable with id {@code id}. */
    public Cable cable(int id) {
        return wiring.cables()[Objects.checkIndex(id, cableCount())];
    }

    /** The cable plugged into {@code port} of {@code node}. */
    public Cable cableAt(int node, int port) {
        return wiring.cables()[wiring.portCable()[slot(node, port)]];
    }

    /** The node at the other end of {@code port} of {@code node}. */
    public int peerNode(int node, int port) {
        return wiring.portPeer()[slot(node, port)];
    }

    /** The port number at the other end of {@code port} of {@code node}. */
    public int peerPort(int node, int port) {
        return wiring.portPeerPort()[slot(node, port)];
    }

    /** The rate of {@code host}'s NIC: its ports' line rates added up (one port's unless it has planes). */
    public long hostRateBps(int host) {
        long sum = 0;
        for (int p = 0; p < portCount(checkHost(host)); p++) {
            sum += cableAt(host, p).spec().rateBps();
        }
        return sum;
    }

    /** The switch that {@code host}'s port 0 connects to (plane 0's). */
    public int edgeSwitchOf(int host) {
        return routes.edgeSwitchOf(checkHost(host));
    }

    /** The switch that {@code host}'s port {@code plane} connects to. */
    public int edgeSwitchOf(int host, int plane) {
        return routes.edgeSwitchOf(checkHost(host)) + Objects.checkIndex(plane, planes) * switchesPerPlane;
    }

    /**
     * Egress ports of {@code switchNode} on shortest paths (in switch hops, over the directions routes may
     * take) toward {@code dstHost}, ascending and never empty. The array is shared between callers: do not
     * modify it.
     */
    public int[] nextPorts(int switchNode, int dstHost) {
        if (isHost(switchNode)) {
            throw new IllegalArgumentException("node " + switchNode + " is a host, not a switch");
        }
        int base = planes == 1 ? switchNode : hostCount() + (switchNode - hostCount()) % switchesPerPlane;
        return routes.nextPorts(base, checkHost(dstHost));
    }

    /**
     * Number of switches on the routed path from {@code srcHost} to {@code dstHost} (every route of a pair
     * has the same length); 1 on one edge switch.
     */
    public int switchHops(int srcHost, int dstHost) {
        int at = edgeSwitchOf(srcHost);
        int target = edgeSwitchOf(dstHost);
        int hops = 1;
        while (at != target) {
            at = peerNode(at, routes.nextPorts(at, dstHost)[0]);
            hops++;
        }
        return hops;
    }

    /**
     * One line: kind, hosts, switches by role, cables and the edge oversubscription (host-facing capacity
     * to uplink capacity of the most oversubscribed edge switch), e.g. {@code fat-tree: 1024 hosts,
     * 320 switches (128 tor, 128 agg, 64 core), 3072 cables, edge oversubscription 1:1}.
     */
    public String describe() {
        return spec.kind() + ": " + hostCount() + " hosts, " + switchCount() + " switches ("
                + roleCounts() + "), " + cableCount() + " cables, edge oversubscription " + edgeOversubscription()
                + (planes == 1 ? "" : ", " + planes + " planes");
    }

    @Override
    public String toString() {
        return describe();
    }

    /** Number of distinct route-row arrays: small when the tables are interned as they should be. */
    int distinctRouteRows() {
        return routes.distinctRows();
    }

    private String roleCounts() {
        List<String> roles = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (String role : wiring.switchRoles()) {
            int i = roles.indexOf(role);
            if (i < 0) {
                roles.add(role);
                counts.add(1);
            } else {
                counts.set(i, counts.get(i) + 1);
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < roles.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(counts.get(i)).append(' ').append(roles.get(i));
        }
        return out.toString();
    }

    /**
     * Worst edge switch's host-facing rate over its switch-facing rate, as {@code "1:1"}, {@code "1.5:1"}.
     * In the Clos kinds an edge switch's switch-facing ports are its uplinks; in a ring they are its two ring
     * ports, counted both even when routing is clockwise.
     */
    String edgeOversubscription() {
        BigDecimal worst = BigDecimal.ZERO;
        for (int edge = hostCount(); edge < nodeCount(); edge++) {
            long down = 0;
            long up = 0;
            for (int port = 0; port < portCount(edge); port++) {
                int peer = peerNode(edge, port);
                long rate = cableAt(edge, port).spec().rateBps();
                if (isHost(peer)) {
                    down += rate;
                } else {
                    up += rate;
                }
            }
            if (down == 0) {
                continue;
            }
            if (up == 0) {
                return "no uplinks";
            }
            BigDecimal ratio = BigDecimal.valueOf(down).divide(BigDecimal.valueOf(up), 2, RoundingMode.HALF_UP);
            worst = ratio.max(worst);
        }
        return worst.stripTrailingZeros().toPlainString() + ":1";
    }

    private int slot(int node, int port) {
        Objects.checkIndex(port, portCount(node));
        return wiring.portBase()[node] + port;
    }

    private int checkHost(int host) {
        if (!isHost(host)) {
            throw new IllegalArgumentException("node " + host + " is a switch, not a host");
        }
        return host;
    }
}

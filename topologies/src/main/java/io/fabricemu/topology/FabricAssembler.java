package io.fabricemu.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Shared graph assembly for the per-kind builders, so the wiring rules live in one place. A builder adds
 * switches (node ids follow the hosts, in the order added) and cables (ids in the order added), then
 * {@link #finish()} numbers the ports and computes the ECMP routes.
 *
 * <p>Port numbering on every node: downlinks first (ascending by peer node id, parallel cables to one peer
 * in the order they were added), then uplinks in the same order. A cable's direction follows the tiers of
 * its ends: the lower-tier end sees it as an uplink; a cable between two switches of one tier (a ring's)
 * is an uplink at its end A and a downlink at its end B. Hosts end up with exactly one port, port 0.
 *
 * <p>Routes may use every cable both ways, except a one-way cable, which they may use only from end A to
 * end B (a clockwise ring); the port at its end B is then never a next hop.
 */
final class FabricAssembler {
    private static final long PEER_SHIFT = 31;
    private static final long UPLINK_BIT = 1L << 62;
    private static final long CABLE_MASK = (1L << PEER_SHIFT) - 1;

    private final TopologySpec spec;
    private final int hostCount;
    private final List<String> switchNames = new ArrayList<>();
    private final List<String> switchRoles = new ArrayList<>();
    private int[] switchTiers = new int[16];
    private int[] cableLower = new int[16];
    private int[] cableUpper = new int[16];
    private final List<LinkSpec> cableSpecs = new ArrayList<>();
    private final List<String> cableTiers = new ArrayList<>();
    private boolean[] cableOneWay = new boolean[16];
    private int cableCount;

    FabricAssembler(TopologySpec spec) {
        this.spec = spec;
        this.hostCount = spec.hostCount();
    }

    /** Node id of host {@code index}: hosts are nodes 0 .. hostCount - 1. */
    int host(int index) {
        if (index < 0 || index >= hostCount) {
            throw new IllegalArgumentException("host index " + index + " outside 0.." + (hostCount - 1));
        }
        return index;
    }

    /**
     * Adds a switch and returns its node id.
     *
     * @param name unique human name, e.g. {@code tor0.1}
     * @param tier 1 (leaf, ToR), 2 (spine, aggregation) or 3 (core, super-spine)
     * @param role short kind name counted by {@link Topology#describe()}, e.g. {@code tor}
     */
    int addSwitch(String name, int tier, String role) {
        if (tier < 1 || tier > 3) {
            throw new IllegalArgumentException("switch tier must be 1..3, was " + tier);
        }
        int index = switchNames.size();
        if (index == switchTiers.length) {
            switchTiers = Arrays.copyOf(switchTiers, index * 2);
        }
        switchTiers[index] = tier;
        switchNames.add(name);
        switchRoles.add(role);
        return hostCount + index;
    }

    /** Adds one cable between {@code lower} and a switch of a higher tier, {@code upper}. */
    void connect(int lower, int upper, LinkSpec link, String tier) {
        if (tierOf(lower) >= tierOf(upper)) {
            throw new IllegalArgumentException("cable " + lower + "-" + upper + " must go up a tier");
        }
        add(lower, upper, link, tier, false);
    }

    /**
     * Adds one cable between two distinct switches of the same tier: {@code a} is its end A (an uplink
     * there), {@code b} its end B (a downlink there). With {@code oneWay}, routes forward over it only
     * from {@code a} to {@code b}.
     */
    void connectSameTier(int a, int b, LinkSpec link, String tier, boolean oneWay) {
        if (a == b || tierOf(a) == 0 || tierOf(a) != tierOf(b)) {
            throw new IllegalArgumentException("cable " + a + "-" + b + " must join two switches of one tier");
        }
        add(a, b, link, tier, oneWay);
    }

    private void add(int endA, int endB, LinkSpec link, String tier, boolean oneWay) {
        if (cableCount == cableLower.length) {
            cableLower = Arrays.copyOf(cableLower, cableCount * 2);
            cableUpper = Arrays.copyOf(cableUpper, cableCount * 2);
            cableOneWay = Arrays.copyOf(cableOneWay, cableCount * 2);
        }
        cableLower[cableCount] = endA;
        cableUpper[cableCount] = endB;
        cableOneWay[cableCount] = oneWay;
        cableSpecs.add(link);
        cableTiers.add(tier);
        cableCount++;
    }

    /** Numbers every node's ports, builds the cables and the route tables, and returns the topology. */
    Topology finish() {
        int nodeCount = hostCount + switchNames.size();
        int[] portBase = new int[nodeCount + 1];
        for (int c = 0; c < cableCount; c++) {
            portBase[cableLower[c] + 1]++;
            portBase[cableUpper[c] + 1]++;
        }
        for (int h = 0; h < hostCount; h++) {
            if (portBase[h + 1] != 1) {
                throw new IllegalStateException("host " + h + " has " + portBase[h + 1] + " cables, needs 1");
            }
        }
        for (int n = 0; n < nodeCount; n++) {
            portBase[n + 1] += portBase[n];
        }
        int[] portCable = sortedPortCables(portBase);
        int[] portA = new int[cableCount];
        int[] portB = new int[cableCount];
        for (int n = 0; n < nodeCount; n++) {
            for (int slot = portBase[n]; slot < portBase[n + 1]; slot++) {
                int c = portCable[slot];
                if (cableLower[c] == n) {
                    portA[c] = slot - portBase[n];
                } else {
                    portB[c] = slot - portBase[n];
                }
            }
        }
        Cable[] cables = new Cable[cableCount];
        for (int c = 0; c < cableCount; c++) {
            cables[c] = new Cable(c, cableLower[c], portA[c], cableUpper[c], portB[c],
                    cableSpecs.get(c), cableTiers.get(c));
        }
        int[] portPeer = new int[portCable.length];
        int[] portPeerPort = new int[portCable.length];
        boolean[] portRouted = new boolean[portCable.length];
        for (int n = 0; n < nodeCount; n++) {
            for (int slot = portBase[n]; slot < portBase[n + 1]; slot++) {
                Cable cable = cables[portCable[slot]];
                boolean atA = cable.nodeA() == n;
                portPeer[slot] = atA ? cable.nodeB() : cable.nodeA();
                portPeerPort[slot] = atA ? cable.portB() : cable.portA();
                portRouted[slot] = atA || !cableOneWay[cable.id()];
            }
        }
        int[] tiers = new int[nodeCount];
        System.arraycopy(switchTiers, 0, tiers, hostCount, switchNames.size());
        Wiring wiring = new Wiring(hostCount, switchNames.toArray(new String[0]),
                switchRoles.toArray(new String[0]), tiers, portBase, portCable, portPeer, portPeerPort, portRouted,
                cables);
        return new Topology(spec, wiring, EcmpRoutes.compute(wiring));
    }

    /** Cable id per port slot, each node's slots sorted by (uplink, peer id, cable id). */
    private int[] sortedPortCables(int[] portBase) {
        long[] keys = new long[portBase[portBase.length - 1]];
        int[] fill = Arrays.copyOf(portBase, portBase.length - 1);
        for (int c = 0; c < cableCount; c++) {
            keys[fill[cableLower[c]]++] = UPLINK_BIT | ((long) cableUpper[c] << PEER_SHIFT) | c;
            keys[fill[cableUpper[c]]++] = ((long) cableLower[c] << PEER_SHIFT) | c;
        }
        int[] portCable = new int[keys.length];
        for (int n = 0; n + 1 < portBase.length; n++) {
            Arrays.sort(keys, portBase[n], portBase[n + 1]);
        }
        for (int slot = 0; slot < keys.length; slot++) {
            portCable[slot] = (int) (keys[slot] & CABLE_MASK);
        }
        return portCable;
    }

    private int tierOf(int node) {
        if (node < 0 || node >= hostCount + switchNames.size()) {
            throw new IllegalArgumentException("no node " + node);
        }
        return node < hostCount ? 0 : switchTiers[node - hostCount];
    }
}

package io.fabricemu.topology;

/**
 * The numbered graph a {@link FabricAssembler} hands to {@link Topology}: node names and tiers, and the
 * ports of every node laid out flat. Node {@code n}'s ports are the slots
 * {@code portBase[n] .. portBase[n + 1] - 1}; slot {@code portBase[n] + p} holds port {@code p}'s cable id,
 * the node at its other end, that node's port number and whether routes may forward out of that port (false
 * only at end B of a one-way cable). Hosts come first and have no stored name.
 */
record Wiring(int hostCount, String[] switchNames, String[] switchRoles, int[] tiers,
              int[] portBase, int[] portCable, int[] portPeer, int[] portPeerPort, boolean[] portRouted,
              Cable[] cables) {

    int nodeCount() {
        return tiers.length;
    }

    int portCount(int node) {
        return portBase[node + 1] - portBase[node];
    }
}

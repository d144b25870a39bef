package io.fabricemu.topology;

/**
 * Wires {@code planes} copies of one built plane into one multi-plane {@link Topology} ({@link PlanesSpec}).
 * Hosts keep their ids and get one port per plane: host {@code h}'s port {@code p} is cabled to plane {@code p}'s
 * copy of its edge switch, at the port that switch's host had in the base. Plane {@code p}'s switch {@code s} of
 * the base is node {@code hosts + p * switchesPerPlane + (s - hosts)}, named {@code p<p>.<base name>} (e.g.
 * {@code p1.leaf0}), with the same ports as in the base; plane {@code p}'s copy of base cable {@code c} has id
 * {@code p * baseCables + c} and the base cable's spec, its loss included (each copy's two directions are links of
 * their own, so each draws its losses on its own). The copies share the base's route tables: a switch's next ports toward a host are
 * those of its base switch.
 */
final class PlaneCopies {
    private PlaneCopies() {
    }

    static Topology of(PlanesSpec spec, Topology base) {
        Wiring w = base.wiring();
        int planes = spec.planes();
        int hosts = w.hostCount();
        int switches = w.nodeCount() - hosts;
        int baseCables = w.cables().length;
        int nodeCount = hosts + planes * switches;
        String[] names = new String[planes * switches];
        String[] roles = new String[planes * switches];
        int[] tiers = new int[nodeCount];
        int[] portBase = new int[nodeCount + 1];
        for (int h = 0; h < hosts; h++) {
            portBase[h + 1] = portBase[h] + planes;
        }
        for (int p = 0; p < planes; p++) {
            for (int s = 0; s < switches; s++) {
                int node = hosts + p * switches + s;
                names[node - hosts] = "p" + p + "." + w.switchNames()[s];
                roles[node - hosts] = w.switchRoles()[s];
                tiers[node] = w.tiers()[hosts + s];
                portBase[node + 1] = portBase[node] + w.portCount(hosts + s);
            }
        }
        Cable[] cables = new Cable[planes * baseCables];
        for (int p = 0; p < planes; p++) {
            for (int c = 0; c < baseCables; c++) {
                Cable b = w.cables()[c];
                boolean hostEnd = b.nodeA() < hosts;
                int nodeA = hostEnd ? b.nodeA() : copy(b.nodeA(), p, switches);
                cables[p * baseCables + c] = new Cable(p * baseCables + c, nodeA, hostEnd ? p : b.portA(),
                        copy(b.nodeB(), p, switches), b.portB(), b.spec(), b.tier());
            }
        }
        int slots = portBase[nodeCount];
        int[] portCable = new int[slots];
        int[] portPeer = new int[slots];
        int[] portPeerPort = new int[slots];
        boolean[] portRouted = new boolean[slots];
        for (Cable c : cables) {
            int slotA = portBase[c.nodeA()] + c.portA();
            int slotB = portBase[c.nodeB()] + c.portB();
            int baseId = c.id() % baseCables;
            Cable b = w.cables()[baseId];
            portCable[slotA] = c.id();
            portPeer[slotA] = c.nodeB();
            portPeerPort[slotA] = c.portB();
            portRouted[slotA] = w.portRouted()[w.portBase()[b.nodeA()] + b.portA()];
            portCable[slotB] = c.id();
            portPeer[slotB] = c.nodeA();
            portPeerPort[slotB] = c.portA();
            portRouted[slotB] = w.portRouted()[w.portBase()[b.nodeB()] + b.portB()];
        }
        Wiring copies = new Wiring(hosts, names, roles, tiers, portBase, portCable, portPeer, portPeerPort,
                portRouted, cables);
        return new Topology(spec, copies, base.routes(), planes);
    }

    /** Plane {@code plane}'s copy of base switch {@code node}. */
    private static int copy(int node, int plane, int switches) {
        return node + plane * switches;
    }
}

package io.fabricemu.topology;

import java.util.Arrays;

/**
 * Equal-cost next hops toward every host, kept small. Hosts hang off edge switches only, so a route is
 * really toward an edge switch: one breadth-first search per edge switch, backwards over the
 * switch-to-switch port directions routes may use ({@link Wiring#portRouted()}: all of them but the reverse
 * of a one-way cable), gives every switch's distance (in switch hops) to it, and a switch's next ports
 * toward it are its usable ports whose peer switch is one hop closer. Each switch keeps one row per edge switch, and rows are interned: in a
 * regular Clos almost all rows are one of a few port sets, so a k=32 fat tree (1280 switches, 512 edge
 * switches) needs a few MB of row references and a few dozen distinct rows. At a host's own edge switch
 * the answer is the single port facing that host, also interned.
 */
final class EcmpRoutes {
    private static final int[] NONE = new int[0];

    private final int hostCount;
    private final int[] edgeOfHost;
    private final int[][] hostPortRow;
    private final int[] edgeIndexOfSwitch;
    private final int[][][] rows;
    private final int distinctRows;

    private EcmpRoutes(int hostCount, int[] edgeOfHost, int[][] hostPortRow, int[] edgeIndexOfSwitch,
                       int[][][] rows, int distinctRows) {
        this.hostCount = hostCount;
        this.edgeOfHost = edgeOfHost;
        this.hostPortRow = hostPortRow;
        this.edgeIndexOfSwitch = edgeIndexOfSwitch;
        this.rows = rows;
        this.distinctRows = distinctRows;
    }

    static EcmpRoutes compute(Wiring w) {
        int hostCount = w.hostCount();
        int switchCount = w.nodeCount() - hostCount;
        PortSetInterner interner = new PortSetInterner();
        int[] scratch = new int[1];
        int[] edgeOfHost = new int[hostCount];
        int[][] hostPortRow = new int[hostCount][];
        int[] edgeIndexOfSwitch = new int[switchCount];
        Arrays.fill(edgeIndexOfSwitch, -1);
        for (int h = 0; h < hostCount; h++) {
            int slot = w.portBase()[h];
            edgeOfHost[h] = w.portPeer()[slot];
            scratch[0] = w.portPeerPort()[slot];
            hostPortRow[h] = interner.intern(scratch, 1);
            edgeIndexOfSwitch[edgeOfHost[h] - hostCount] = 0;
        }
        int edgeCount = 0;
        for (int s = 0; s < switchCount; s++) {
            if (edgeIndexOfSwitch[s] == 0) {
                edgeIndexOfSwitch[s] = edgeCount++;
            }
        }
        int[][][] rows = new int[switchCount][edgeCount][];
        int[] dist = new int[switchCount];
        int[] queue = new int[switchCount];
        int[] buffer = new int[maxPortCount(w)];
        for (int e = 0; e < switchCount; e++) {
            int edgeIndex = edgeIndexOfSwitch[e];
            if (edgeIndex < 0) {
                continue;
            }
            distancesFrom(w, e, dist, queue);
            for (int s = 0; s < switchCount; s++) {
                rows[s][edgeIndex] = s == e ? NONE : closerPorts(w, s, dist, buffer, interner);
            }
        }
        return new EcmpRoutes(hostCount, edgeOfHost, hostPortRow, edgeIndexOfSwitch, rows, interner.size());
    }

    /** Next ports of switch node {@code switchNode} toward host {@code dstHost}, ascending; shared, read only. */
    int[] nextPorts(int switchNode, int dstHost) {
        int edge = edgeOfHost[dstHost];
        if (switchNode == edge) {
            return hostPortRow[dstHost];
        }
        return rows[switchNode - hostCount][edgeIndexOfSwitch[edge - hostCount]];
    }

    int edgeSwitchOf(int host) {
        return edgeOfHost[host];
    }

    /** Number of distinct port-set arrays held by the tables (host ports included). */
    int distinctRows() {
        return distinctRows;
    }

    /**
     * Breadth-first search over switches only, from the destination backwards: a peer joins at one hop more
     * only if its own port toward the switch at hand may be routed. dist is indexed by switch index
     * (node - hostCount).
     */
    private static void distancesFrom(Wiring w, int source, int[] dist, int[] queue) {
        int hostCount = w.hostCount();
        Arrays.fill(dist, -1);
        dist[source] = 0;
        queue[0] = source;
        int head = 0;
        int tail = 1;
        while (head < tail) {
            int s = queue[head++];
            int node = s + hostCount;
            for (int slot = w.portBase()[node]; slot < w.portBase()[node + 1]; slot++) {
                int peer = w.portPeer()[slot] - hostCount;
                if (peer >= 0 && dist[peer] < 0 && w.portRouted()[w.portBase()[peer + hostCount]
                        + w.portPeerPort()[slot]]) {
                    dist[peer] = dist[s] + 1;
                    queue[tail++] = peer;
                }
            }
        }
        for (int s = 0; s < dist.length; s++) {
            if (dist[s] < 0) {
                throw new IllegalStateException("fabric is disconnected: switch " + w.switchNames()[s]
                        + " cannot reach edge switch " + w.switchNames()[source]);
            }
        }
    }

    private static int[] closerPorts(Wiring w, int s, int[] dist, int[] buffer, PortSetInterner interner) {
        int hostCount = w.hostCount();
        int node = s + hostCount;
        int base = w.portBase()[node];
        int count = 0;
        for (int slot = base; slot < w.portBase()[node + 1]; slot++) {
            int peer = w.portPeer()[slot] - hostCount;
            if (peer >= 0 && w.portRouted()[slot] && dist[peer] == dist[s] - 1) {
                buffer[count++] = slot - base;
            }
        }
        return interner.intern(buffer, count);
    }

    private static int maxPortCount(Wiring w) {
        int max = 1;
        for (int n = 0; n < w.nodeCount(); n++) {
            max = Math.max(max, w.portCount(n));
        }
        return max;
    }
}

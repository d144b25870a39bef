package io.fabricemu.fault;

import java.util.Arrays;

/**
 * One switch port's view of which cables are down, and the routes it chooses from around them.
 *
 * <p>Without a known failure a port routes as the fabric does ({@link FaultGraph#nextPorts}). Once it knows of a
 * cable down, an equal-cost port toward a host is kept only if its own cable is not known down and the switch
 * beyond it can still reach the host over cables not known down, on the fabric's shortest paths: what a switch
 * computes from the routing updates it has installed (a BGP route withdrawn all the way to the edge in a Clos,
 * RFC 7938). A switch left with no port toward a host has no route to it, and drops what it receives for it
 * (black-holes it) until the routes come back. The fault to blame for a missing route is that of the first known
 * failure the search met.
 *
 * <p>Routes are computed for a host when a packet first needs them after a change, and kept until the next change.
 */
public final class FailoverRoutes {
    private static final int[] NO_ROUTE = new int[0];

    private final int node;
    private final FaultGraph graph;
    private final FailoverIndex index;
    private final boolean[] knownDown;
    private final int[] downFault;
    private final int[] seenSeq;
    private final int[] installedSeq;
    private int knownDownCount;
    /** Per destination host, its routes since the last change, or null when not computed. */
    private int[][] routes;
    private int[] blame;
    private int searchBlame;
    private final int hosts;

    /**
     * @param node  the switch
     * @param graph the fabric
     * @param index the cables that ever go down
     * @param hosts the fabric's hosts
     */
    public FailoverRoutes(int node, FaultGraph graph, FailoverIndex index, int hosts) {
        this.node = node;
        this.graph = graph;
        this.index = index;
        this.knownDown = new boolean[index.count()];
        this.downFault = new int[index.count()];
        this.seenSeq = new int[index.count()];
        this.installedSeq = new int[index.count()];
        this.routes = new int[0][];
        this.blame = new int[0];
        this.hosts = hosts;
    }

    /**
     * Whether {@code n} is news here (the first time this port sees its cable's change {@code seq}); remembers that
     * it has been seen.
     */
    public boolean firstSight(RouteNotice n) {
        int c = index.of(n.cable());
        if (c < 0 || n.seq() <= seenSeq[c]) {
            return false;
        }
        seenSeq[c] = n.seq();
        return true;
    }

    /** Routes by {@code n} from now on, unless a later change of its cable is installed already. */
    public void install(RouteNotice n) {
        int c = index.of(n.cable());
        if (c < 0 || n.seq() <= installedSeq[c]) {
            return;
        }
        installedSeq[c] = n.seq();
        if (knownDown[c] != n.down()) {
            knownDown[c] = n.down();
            knownDownCount += n.down() ? 1 : -1;
        }
        downFault[c] = n.fault();
        Arrays.fill(routes, null);
    }

    /** Whether this port knows of no cable down: routes are the fabric's own. */
    public boolean allUp() {
        return knownDownCount == 0;
    }

    /**
     * The equal-cost egress ports toward {@code dstHost} around the failures known here, ascending: the fabric's
     * own array when none is in the way, an empty one when there is no route. Not to be modified.
     */
    public int[] nextPorts(int dstHost) {
        if (knownDownCount == 0) {
            return graph.nextPorts(node, dstHost);
        }
        if (routes.length == 0) {
            routes = new int[hosts][];
            blame = new int[hosts];
        }
        int[] r = routes[dstHost];
        if (r == null) {
            searchBlame = -1;
            r = compute(dstHost);
            routes[dstHost] = r;
            blame[dstHost] = searchBlame;
        }
        return r;
    }

    /** The fault that left this switch without a route to {@code dstHost} (after {@link #nextPorts} said so). */
    public int noRouteFault(int dstHost) {
        return blame.length == 0 ? -1 : blame[dstHost];
    }

    private int[] compute(int dstHost) {
        int[] all = graph.nextPorts(node, dstHost);
        int[] kept = new int[all.length];
        int n = 0;
        for (int port : all) {
            if (usable(node, port, dstHost)) {
                kept[n++] = port;
            }
        }
        if (n == all.length) {
            return all;
        }
        return n == 0 ? NO_ROUTE : Arrays.copyOf(kept, n);
    }

    /** Whether {@code at}'s port {@code port} is up as far as this port knows and leads on to {@code dstHost}. */
    private boolean usable(int at, int port, int dstHost) {
        int c = index.of(graph.cableAt(at, port));
        if (c >= 0 && knownDown[c]) {
            if (searchBlame < 0) {
                searchBlame = downFault[c];
            }
            return false;
        }
        return reaches(graph.peerNode(at, port), dstHost);
    }

    /** Whether {@code at} reaches {@code dstHost} on shortest paths over cables not known down. */
    private boolean reaches(int at, int dstHost) {
        if (at == dstHost) {
            return true;
        }
        if (graph.isHost(at)) {
            return false;
        }
        for (int port : graph.nextPorts(at, dstHost)) {
            if (usable(at, port, dstHost)) {
                return true;
            }
        }
        return false;
    }
}

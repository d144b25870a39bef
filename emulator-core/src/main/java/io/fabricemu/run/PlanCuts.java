package io.fabricemu.run;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;

/**
 * What a partition cuts, and the smallest delay of everything that crosses members.
 *
 * <p>Which element talks to which (see {@link FabricBuilder}): a NIC or a switch port hands packets to the
 * link it transmits on, which lives with it; ports of one switch forward to each other and to their shared
 * buffer pool, all on one switch, never split. So the only interactions between switches are
 * <ul>
 * <li>a link delivering to the port or NIC at the far end of its cable: the link handles a packet
 *     {@code flight / 2} (rounded down) after its first bit left and delivers it at the earliest when that
 *     bit arrives, so this crossing takes at least {@code flight - flight / 2} ps;</li>
 * <li>a switch port whose cable leads to another switch reporting a stuck PFC class to the fabric's one
 *     PFC deadlock monitor (when PFC is on), one switch latency later. The fabric does not tell its switch
 *     latency, only its lookahead, which is at most that latency, so the lookahead stands for it: a safe
 *     lower bound.</li>
 * <li>a NIC telling another that a flow it waits for was received
 *     ({@link io.fabricemu.host.StartDependencies}): the notice takes the flight time of every cable on a path
 *     between the two hosts, one of which is cut, so it takes longer than the crossing of that cable and needs
 *     no bound of its own.</li>
 * </ul>
 * A cable counts once, whichever direction crosses; a host cable is never cut, since a host lives with its
 * edge switch.
 */
final class PlanCuts {
    private final int cutCables;
    private final int[][] cutPairs;
    private final int[] inMemberCuts;
    private final long cutLookaheadPs;

    private PlanCuts(int cutCables, int[][] cutPairs, int[] inMemberCuts, long cutLookaheadPs) {
        this.cutCables = cutCables;
        this.cutPairs = cutPairs;
        this.inMemberCuts = inMemberCuts;
        this.cutLookaheadPs = cutLookaheadPs;
    }

    /**
     * @param shardOfNode shard of every node (a host's is its edge switch's)
     * @throws IllegalArgumentException when an interaction between members would take no time
     */
    static PlanCuts of(FabricBuilder fabric, int[] shardOfNode, int shardsPerMember, int members) {
        Topology t = fabric.topology();
        int[][] pairs = new int[members][members];
        int[] inMember = new int[members];
        int cut = 0;
        long smallestPs = Long.MAX_VALUE;
        boolean[] feedsMonitor = new boolean[members];
        for (int c = 0; c < t.cableCount(); c++) {
            Cable cable = t.cable(c);
            int shardA = shardOfNode[cable.nodeA()];
            int shardB = shardOfNode[cable.nodeB()];
            int memberA = shardA / shardsPerMember;
            int memberB = shardB / shardsPerMember;
            if (!t.isHost(cable.nodeA())) {
                feedsMonitor[memberA] = true;
                feedsMonitor[memberB] = true;
            }
            if (memberA != memberB) {
                cut++;
                pairs[Math.min(memberA, memberB)][Math.max(memberA, memberB)]++;
                long flightPs = cable.spec().flightPs();
                smallestPs = Math.min(smallestPs,
                        positive(t.name(cable.nodeA()) + " - " + t.name(cable.nodeB()), flightPs - flightPs / 2));
            } else if (shardA != shardB) {
                inMember[memberA]++;
            }
        }
        if (fabric.pfcMonitorId() >= 0) {
            int monitorMember = shardOfNode[fabric.nodeOf(fabric.pfcMonitorId())] / shardsPerMember;
            for (int m = 0; m < members; m++) {
                if (feedsMonitor[m] && m != monitorMember) {
                    smallestPs = Math.min(smallestPs, positive("PFC deadlock reports", fabric.lookaheadPs()));
                }
            }
        }
        return new PlanCuts(cut, pairs, inMember, smallestPs);
    }

    /**
     * Returns {@code delayPs} if it is positive.
     *
     * @throws IllegalArgumentException naming {@code what} otherwise: the engine needs every interaction
     *                                  between members to take time, or no member could run ahead
     */
    static long positive(String what, long delayPs) {
        if (delayPs <= 0) {
            throw new IllegalArgumentException("cannot cut " + what + " between members: it takes " + delayPs
                    + " ps, and only interactions with positive delay (lookahead) may cross members");
        }
        return delayPs;
    }

    /** Cables whose ends live on different members, each counted once. */
    int cutCables() {
        return cutCables;
    }

    /** Cables cut between members {@code a < b}. */
    int cutBetween(int a, int b) {
        return cutPairs[Math.min(a, b)][Math.max(a, b)];
    }

    /** Cables between two shards of member {@code m}. */
    int cutInside(int m) {
        return inMemberCuts[m];
    }

    /** The smallest delay of any interaction between members, in ps; {@link Long#MAX_VALUE} if none. */
    long cutLookaheadPs() {
        return cutLookaheadPs;
    }
}

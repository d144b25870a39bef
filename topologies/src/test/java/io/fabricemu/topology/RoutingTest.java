package io.fabricemu.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RoutingTest {

    static List<TopologySpec> smallSpecs() {
        return List.of(Fixtures.fatTreeExample(), Fixtures.kAry(4), Fixtures.leafSpineParallel(),
                new LeafSpineSpec(1, 3, 2, 1, Fixtures.G100, Fixtures.G100),
                Fixtures.figure61(), Fixtures.twoPodRail(),
                new FatTreeSpec(2, 3, 1, 3, 6, Fixtures.G100, Fixtures.G100, Fixtures.G100),
                Fixtures.ring(4, 2, RingRouting.SHORTEST), Fixtures.ring(5, 1, RingRouting.SHORTEST));
    }

    @ParameterizedTest
    @MethodSource("smallSpecs")
    void nextPorts_everyBranchOfEveryPairArrivesInSwitchHops(TopologySpec spec) {
        Topology t = Topologies.build(spec);
        for (int src = 0; src < t.hostCount(); src++) {
            int[] nodeDistance = bfsNodeDistances(t, src);
            for (int dst = 0; dst < t.hostCount(); dst++) {
                if (src == dst) {
                    continue;
                }
                int hops = t.switchHops(src, dst);
                assertEquals(nodeDistance[dst] - 1, hops, t.name(src) + "->" + t.name(dst));
                assertTrue(walk(t, t.edgeSwitchOf(src), dst, 1, hops) > 0);
            }
        }
    }

    @Test
    void nextPorts_fatTreeExample_fansOutUpAndFollowsOnePathDown() {
        Topology t = Topologies.build(Fixtures.fatTreeExample());
        int tor0 = t.edgeSwitchOf(0);
        assertEquals(1, t.switchHops(0, 1));
        assertEquals(3, t.switchHops(0, 2));
        assertEquals(5, t.switchHops(0, 4));
        assertArrayEquals(new int[] {1}, t.nextPorts(tor0, 1));
        assertArrayEquals(new int[] {2, 3}, t.nextPorts(tor0, 2));
        assertArrayEquals(new int[] {2, 3}, t.nextPorts(tor0, 15));
        int agg = t.peerNode(tor0, 2);
        assertEquals(2, t.nextPorts(agg, 15).length);
        assertEquals(1, t.nextPorts(agg, 2).length);
        int core = t.peerNode(agg, t.nextPorts(agg, 15)[0]);
        assertEquals(3, t.tier(core));
        assertEquals(1, t.nextPorts(core, 15).length);
        assertEquals(4, walk(t, tor0, 15, 1, 5));
    }

    @Test
    void nextPorts_leafSpineParallel_usesEveryParallelLink() {
        Topology t = Topologies.build(Fixtures.leafSpineParallel());
        int leaf0 = t.edgeSwitchOf(0);
        assertArrayEquals(new int[] {2, 3, 4, 5}, t.nextPorts(leaf0, 5));
        int spine = t.peerNode(leaf0, 2);
        assertEquals(2, t.nextPorts(spine, 5).length);
        assertEquals(8, walk(t, leaf0, 5, 1, 3));
    }

    @Test
    void nextPorts_twoPodRail_fansOutToSpinesThenSupersThenPodSpines() {
        Topology t = Topologies.build(Fixtures.twoPodRail());
        int leaf = t.edgeSwitchOf(0);
        assertEquals(3, t.switchHops(0, 1));
        assertEquals(3, t.switchHops(0, 4));
        assertEquals(5, t.switchHops(0, 8));
        assertEquals(1, t.switchHops(0, 2));
        assertEquals(2, t.nextPorts(leaf, 8).length);
        int spine = t.peerNode(leaf, t.nextPorts(leaf, 8)[0]);
        assertEquals(4, t.nextPorts(spine, 8).length);
        assertEquals(1, t.nextPorts(spine, 4).length);
        int sup = t.peerNode(spine, t.nextPorts(spine, 8)[0]);
        assertEquals(2, t.nextPorts(sup, 8).length);
        assertEquals(2 * 4 * 2, walk(t, leaf, 8, 1, 5));
    }

    @Test
    void nextPorts_hostNodeOrSwitchDestination_isRejected() {
        Topology t = Topologies.build(Fixtures.figure61());
        assertThrows(IllegalArgumentException.class, () -> t.nextPorts(0, 1));
        assertThrows(IllegalArgumentException.class, () -> t.nextPorts(t.edgeSwitchOf(0), t.edgeSwitchOf(1)));
        assertThrows(IndexOutOfBoundsException.class, () -> t.nextPorts(t.nodeCount(), 1));
    }

    @ParameterizedTest
    @MethodSource("smallSpecs")
    void build_sameSpecTwice_givesIdenticalNamesCablesAndRoutes(TopologySpec spec) {
        Topology a = Topologies.build(spec);
        Topology b = Topologies.build(spec);
        assertEquals(a.nodeCount(), b.nodeCount());
        assertEquals(a.describe(), b.describe());
        for (int n = 0; n < a.nodeCount(); n++) {
            assertEquals(a.name(n), b.name(n));
            assertEquals(a.portCount(n), b.portCount(n));
        }
        for (int c = 0; c < a.cableCount(); c++) {
            assertEquals(a.cable(c), b.cable(c));
        }
        for (int s = a.hostCount(); s < a.nodeCount(); s++) {
            for (int h = 0; h < a.hostCount(); h++) {
                assertArrayEquals(a.nextPorts(s, h), b.nextPorts(s, h));
            }
        }
    }

    @Test
    void build_kAry32_buildsWithInternedRouteRows() {
        Topology t = Topologies.build(Fixtures.kAry(32));
        assertEquals(8192, t.hostCount());
        assertEquals(1280, t.switchCount());
        assertEquals(3 * 8192, t.cableCount());
        // 16 host ports, one all-uplinks row, 32 core-to-pod rows; agg-to-ToR rows reuse the host ports
        assertTrue(t.distinctRouteRows() <= 64, "distinct rows " + t.distinctRouteRows());
        int torA = t.edgeSwitchOf(0);
        int torB = t.edgeSwitchOf(16 * 40);
        assertSame(t.nextPorts(torA, 8191), t.nextPorts(torB, 8191));
        assertEquals(16, t.nextPorts(torA, 8191).length);
        assertEquals(5, t.switchHops(0, 8191));
        assertEquals(16 * 16, walk(t, torA, 8191, 1, 5));
    }

    /** Follows every port of nextPorts; returns the number of distinct paths that reach dst. */
    static int walk(Topology t, int atSwitch, int dst, int switchesSoFar, int hops) {
        assertTrue(switchesSoFar <= hops, "path longer than " + hops + " at " + t.name(atSwitch));
        int[] ports = t.nextPorts(atSwitch, dst);
        assertTrue(ports.length > 0, "no route at " + t.name(atSwitch));
        for (int i = 1; i < ports.length; i++) {
            assertTrue(ports[i - 1] < ports[i], "ports not ascending at " + t.name(atSwitch));
        }
        int paths = 0;
        for (int port : ports) {
            int peer = t.peerNode(atSwitch, port);
            if (t.isHost(peer)) {
                assertEquals(dst, peer, "delivered to the wrong host at " + t.name(atSwitch));
                assertEquals(hops, switchesSoFar, "arrived early");
                paths++;
            } else {
                paths += walk(t, peer, dst, switchesSoFar + 1, hops);
            }
        }
        return paths;
    }

    /** Hop distance from host src to every node, over all cables, independent of the route tables. */
    private static int[] bfsNodeDistances(Topology t, int src) {
        int[] dist = new int[t.nodeCount()];
        Arrays.fill(dist, -1);
        dist[src] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(src));
        while (!queue.isEmpty()) {
            int n = queue.poll();
            if (t.isHost(n) && n != src) {
                continue;
            }
            for (int p = 0; p < t.portCount(n); p++) {
                int peer = t.peerNode(n, p);
                if (dist[peer] < 0) {
                    dist[peer] = dist[n] + 1;
                    queue.add(peer);
                }
            }
        }
        return dist;
    }
}

package io.fabricemu.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopologyCountsTest {

    @Test
    void build_fatTreeExample_hasSpecCountsAndFourPortSwitches() {
        Topology t = Fixtures.build(Fixtures.fatTreeExample());
        assertEquals(16, t.hostCount());
        assertEquals(20, t.switchCount());
        assertEquals(36, t.nodeCount());
        assertEquals(16 + 16 + 16, t.cableCount());
        assertEquals(8, countTier(t, 1));
        assertEquals(8, countTier(t, 2));
        assertEquals(4, countTier(t, 3));
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            assertEquals(4, t.portCount(n), t.name(n));
        }
        assertEquals("tor0.0", t.name(16));
        assertEquals("tor3.1", t.name(23));
        assertEquals("agg0.0", t.name(24));
        assertEquals("core3", t.name(35));
    }

    @Test
    void build_kAry16_has1024Hosts320Switches3072Cables() {
        Topology t = Fixtures.build(Fixtures.kAry(16));
        assertEquals(1024, t.hostCount());
        assertEquals(320, t.switchCount());
        assertEquals(3072, t.cableCount());
        assertEquals("fat-tree: 1024 hosts, 320 switches (128 tor, 128 agg, 64 core), 3072 cables, "
                + "edge oversubscription 1:1", t.describe());
    }

    @Test
    void build_leafSpineParallel_countsPortsAndCableTiers() {
        Topology t = Fixtures.build(Fixtures.leafSpineParallel());
        assertEquals(6, t.hostCount());
        assertEquals(5, t.switchCount());
        assertEquals(6 + 3 * 2 * 2, t.cableCount());
        assertEquals("leaf0", t.name(6));
        assertEquals("spine1", t.name(10));
        for (int leaf = 6; leaf < 9; leaf++) {
            assertEquals(2 + 4, t.portCount(leaf));
            assertEquals(1, t.tier(leaf));
        }
        for (int spine = 9; spine < 11; spine++) {
            assertEquals(6, t.portCount(spine));
            assertEquals(2, t.tier(spine));
        }
        assertEquals(6, countCableTier(t, "host"));
        assertEquals(12, countCableTier(t, "fabric"));
        assertEquals("leaf-spine: 6 hosts, 5 switches (3 leaf, 2 spine), 18 cables, edge oversubscription 0.5:1",
                t.describe());
    }

    @Test
    void build_figure61_fourLeavesOfFourPortsTwoSpinesOfFour() {
        Topology t = Fixtures.build(Fixtures.figure61());
        assertEquals(8, t.hostCount());
        assertEquals(6, t.switchCount());
        assertEquals(4, countTier(t, 1));
        assertEquals(2, countTier(t, 2));
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            assertEquals(4, t.portCount(n), t.name(n));
        }
        int leaf = t.edgeSwitchOf(0);
        assertEquals("leaf0.0.0", t.name(leaf));
        assertEquals(2, hostFacing(t, leaf));
        assertEquals("leaf0.1.1", t.name(t.edgeSwitchOf(7)));
        assertEquals("1:1", t.edgeOversubscription());
    }

    @Test
    void build_figure61_railLeafJoinsSameGpuOfEveryNodeInSegment() {
        Topology t = Fixtures.build(Fixtures.figure61());
        // ranks 0 and 2 are GPU 0 of nodes 0 and 1 in segment 0; rank 1 is GPU 1 of node 0
        assertEquals(t.edgeSwitchOf(0), t.edgeSwitchOf(2));
        assertFalse(t.edgeSwitchOf(0) == t.edgeSwitchOf(1));
        assertFalse(t.edgeSwitchOf(0) == t.edgeSwitchOf(4));
    }

    @Test
    void build_twoPodRail_spinesReachEverySuperSpine() {
        Topology t = Fixtures.build(Fixtures.twoPodRail());
        assertEquals(16, t.hostCount());
        assertEquals(8 + 4 + 4, t.switchCount());
        assertEquals(16 + 8 * 2 + 4 * 4, t.cableCount());
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            int expected = switch (t.tier(n)) {
                case 1 -> 4;
                case 2 -> 8;
                default -> 4;
            };
            assertEquals(expected, t.portCount(n), t.name(n));
        }
        assertEquals("spine1.1", t.name(27));
        assertEquals("super3", t.name(31));
        assertEquals(16, countCableTier(t, "super"));
        assertEquals(Fixtures.G400.rateBps(), t.cableAt(27, 7).spec().rateBps());
        assertEquals("super", t.cableAt(27, 7).tier());
    }

    @Test
    void describe_threeHostsOnTwoUplinks_isOnePointFive() {
        Topology t = Fixtures.build(new LeafSpineSpec(2, 3, 2, 1, Fixtures.G100, Fixtures.G100));
        assertEquals("leaf-spine: 6 hosts, 4 switches (2 leaf, 2 spine), 10 cables, edge oversubscription 1.5:1",
                t.describe());
    }

    @Test
    void describe_fourHostsOnOneUplink_isFourToOne() {
        Topology t = Fixtures.build(new LeafSpineSpec(2, 4, 1, 1, Fixtures.G100, Fixtures.G100));
        assertTrue(t.describe().endsWith("edge oversubscription 4:1"), t.describe());
    }

    @Test
    void ports_everyPortPairsWithItsPeerAndItsCable() {
        for (TopologySpec spec : RoutingTest.smallSpecs()) {
            Topology t = Fixtures.build(spec);
            for (int n = 0; n < t.nodeCount(); n++) {
                for (int p = 0; p < t.portCount(n); p++) {
                    int peer = t.peerNode(n, p);
                    int peerPort = t.peerPort(n, p);
                    assertEquals(n, t.peerNode(peer, peerPort));
                    assertEquals(p, t.peerPort(peer, peerPort));
                    Cable c = t.cableAt(n, p);
                    assertEquals(c, t.cableAt(peer, peerPort));
                    assertEquals(c, t.cable(c.id()));
                    assertEquals(peer, c.peerOf(n));
                    assertTrue(t.tier(c.nodeA()) < t.tier(c.nodeB())
                            || t.tier(c.nodeA()) == t.tier(c.nodeB()) && c.tier().equals("ring"), c.toString());
                    assertEquals(n == c.nodeA() ? c.portA() : c.portB(), p);
                }
            }
            for (int h = 0; h < t.hostCount(); h++) {
                assertTrue(t.isHost(h));
                assertEquals(1, t.portCount(h));
                assertEquals(t.edgeSwitchOf(h), t.peerNode(h, 0));
                assertEquals("host", t.cableAt(h, 0).tier());
            }
        }
    }

    @Test
    void ports_downlinksFirstAscendingByPeerThenUplinks() {
        for (TopologySpec spec : RoutingTest.smallSpecs()) {
            Topology t = Fixtures.build(spec);
            for (int n = t.hostCount(); n < t.nodeCount(); n++) {
                long previous = -1;
                for (int p = 0; p < t.portCount(n); p++) {
                    int peer = t.peerNode(n, p);
                    boolean up = t.tier(peer) > t.tier(n) || t.tier(peer) == t.tier(n) && t.cableAt(n, p).nodeA() == n;
                    long uplink = up ? 1L << 40 : 0;
                    long key = uplink | ((long) peer << 20) | t.cableAt(n, p).id();
                    assertTrue(key > previous, t.name(n) + " port " + p);
                    previous = key;
                }
            }
        }
    }

    @Test
    void names_areUniqueAndHostsAreNumbered() {
        for (TopologySpec spec : RoutingTest.smallSpecs()) {
            Topology t = Fixtures.build(spec);
            Set<String> names = new HashSet<>();
            for (int n = 0; n < t.nodeCount(); n++) {
                assertTrue(names.add(t.name(n)), t.name(n));
            }
            assertEquals("h0", t.name(0));
            assertEquals("h" + (t.hostCount() - 1), t.name(t.hostCount() - 1));
        }
    }

    private static int countTier(Topology t, int tier) {
        int count = 0;
        for (int n = 0; n < t.nodeCount(); n++) {
            count += t.tier(n) == tier ? 1 : 0;
        }
        return count;
    }

    private static int countCableTier(Topology t, String tier) {
        int count = 0;
        for (int c = 0; c < t.cableCount(); c++) {
            count += t.cable(c).tier().equals(tier) ? 1 : 0;
        }
        return count;
    }

    private static int hostFacing(Topology t, int node) {
        int count = 0;
        for (int p = 0; p < t.portCount(node); p++) {
            count += t.isHost(t.peerNode(node, p)) ? 1 : 0;
        }
        return count;
    }
}

package io.fabricemu.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class RingTopologyTest {

    @ParameterizedTest
    @EnumSource(RingRouting.class)
    void build_fourByTwo_numbersHostsSwitchBySwitchAndHasOneCablePerNeighbourPair(RingRouting routing) {
        Topology t = Topologies.build(Fixtures.ring(4, 2, routing));
        assertEquals(8, t.hostCount());
        assertEquals(4, t.switchCount());
        assertEquals(8 + 4, t.cableCount());
        for (int h = 0; h < 8; h++) {
            assertEquals("ring" + h / 2, t.name(t.edgeSwitchOf(h)), "host " + h);
        }
        for (int i = 0; i < 4; i++) {
            int sw = 8 + i;
            assertEquals("ring" + i, t.name(sw));
            assertEquals(1, t.tier(sw));
            assertEquals(4, t.portCount(sw));
            assertEquals(2 * i, t.peerNode(sw, 0));
            assertEquals(2 * i + 1, t.peerNode(sw, 1));
            assertEquals(8 + (i + 3) % 4, t.peerNode(sw, 2), "counter-clockwise port of ring" + i);
            assertEquals(8 + (i + 1) % 4, t.peerNode(sw, 3), "clockwise port of ring" + i);
            Cable clockwise = t.cable(8 + i);
            assertEquals("ring", clockwise.tier());
            assertEquals(sw, clockwise.nodeA());
            assertEquals(8 + (i + 1) % 4, clockwise.nodeB());
            assertEquals(3, clockwise.portA());
            assertEquals(2, clockwise.portB());
        }
        assertEquals("ring: 8 hosts, 4 switches (4 ring), 12 cables, edge oversubscription 1:1", t.describe());
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 7})
    void nextPorts_clockwise_isOnlyTheClockwisePortAndGoesAllTheWayRound(int switches) {
        int hostsPerSwitch = 2;
        Topology t = Topologies.build(Fixtures.ring(switches, hostsPerSwitch, RingRouting.CLOCKWISE));
        int[] clockwisePort = {hostsPerSwitch + 1};
        for (int src = 0; src < t.hostCount(); src++) {
            int srcSwitch = src / hostsPerSwitch;
            for (int dst = 0; dst < t.hostCount(); dst++) {
                int dstSwitch = dst / hostsPerSwitch;
                if (dst == src) {
                    continue;
                }
                if (dstSwitch != srcSwitch) {
                    assertArrayEquals(clockwisePort, t.nextPorts(t.edgeSwitchOf(src), dst), src + "->" + dst);
                }
                int hops = Math.floorMod(dstSwitch - srcSwitch, switches) + 1;
                assertEquals(hops, t.switchHops(src, dst), src + "->" + dst);
                assertEquals(1, RoutingTest.walk(t, t.edgeSwitchOf(src), dst, 1, hops), src + "->" + dst);
            }
        }
    }

    @Test
    void nextPorts_shortestEvenRing_offersBothWaysToTheOppositeSwitch() {
        Topology t = Topologies.build(Fixtures.ring(4, 2, RingRouting.SHORTEST));
        int ring0 = t.edgeSwitchOf(0);
        assertArrayEquals(new int[] {0}, t.nextPorts(ring0, 0));
        assertArrayEquals(new int[] {1}, t.nextPorts(ring0, 1));
        assertArrayEquals(new int[] {3}, t.nextPorts(ring0, 2));
        assertArrayEquals(new int[] {2, 3}, t.nextPorts(ring0, 4));
        assertArrayEquals(new int[] {2}, t.nextPorts(ring0, 7));
        assertEquals(3, t.switchHops(0, 5));
        assertEquals(2, RoutingTest.walk(t, ring0, 5, 1, 3));
        assertEquals(2, t.switchHops(0, 7));
    }

    @Test
    void nextPorts_shortestOddRing_hasNoTiesAndGoesTheShorterWay() {
        Topology t = Topologies.build(Fixtures.ring(5, 1, RingRouting.SHORTEST));
        int ring0 = t.edgeSwitchOf(0);
        assertArrayEquals(new int[] {2}, t.nextPorts(ring0, 1));
        assertArrayEquals(new int[] {2}, t.nextPorts(ring0, 2));
        assertArrayEquals(new int[] {1}, t.nextPorts(ring0, 3));
        assertArrayEquals(new int[] {1}, t.nextPorts(ring0, 4));
        for (int dst = 1; dst < 5; dst++) {
            assertEquals(Math.min(dst, 5 - dst) + 1, t.switchHops(0, dst));
            assertEquals(1, RoutingTest.walk(t, ring0, dst, 1, t.switchHops(0, dst)));
        }
    }

    @Test
    void build_slowRingLinks_reportsOversubscriptionAgainstBothRingPorts() {
        LinkSpec g50 = new LinkSpec(50_000_000_000L, 500_000L, 0L);
        Topology t = Topologies.build(new RingSpec(3, 2, Fixtures.G100, g50, RingRouting.CLOCKWISE));
        assertEquals("ring: 6 hosts, 3 switches (3 ring), 9 cables, edge oversubscription 2:1", t.describe());
    }
}

package io.fabricemu.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PlanesTopologyTest {

    static List<TopologySpec> bases() {
        return List.of(Fixtures.fatTreeExample(), Fixtures.leafSpineParallel(), Fixtures.twoPodRail(),
                Fixtures.ring(4, 2, RingRouting.CLOCKWISE));
    }

    @ParameterizedTest
    @MethodSource("bases")
    void everyHostReachesEveryHostInEveryPlaneWithinThatPlane(TopologySpec base) {
        Topology one = Topologies.build(base);
        Topology t = Topologies.build(new PlanesSpec(base, 3));
        assertEquals(3, t.planes());
        assertEquals(one.hostCount(), t.hostCount());
        assertEquals(3 * one.switchCount(), t.switchCount());
        assertEquals(3 * one.cableCount(), t.cableCount());
        for (int h = 0; h < t.hostCount(); h++) {
            assertEquals(3, t.portCount(h));
            for (int p = 0; p < 3; p++) {
                int edge = t.peerNode(h, p);
                assertEquals(t.edgeSwitchOf(h, p), edge);
                assertEquals(p, t.planeOf(edge));
                assertEquals("p" + p + "." + one.name(one.edgeSwitchOf(h)), t.name(edge));
                assertEquals(h, t.peerNode(edge, t.peerPort(h, p)));
            }
        }
        for (int p = 0; p < 3; p++) {
            for (int src = 0; src < t.hostCount(); src++) {
                for (int dst = 0; dst < t.hostCount(); dst++) {
                    if (src != dst) {
                        assertEquals(one.switchHops(src, dst), walk(t, t.edgeSwitchOf(src, p), dst, p));
                    }
                }
            }
        }
    }

    @Test
    void describeCountsThePlanes() {
        Topology t = Topologies.build(new PlanesSpec(Fixtures.leafSpineParallel(), 2));
        assertTrue(t.describe().endsWith(", 2 planes"), t.describe());
        assertEquals(t.spec().counts().switches(), t.switchCount());
        assertEquals(t.spec().counts().cables(), t.cableCount());
    }

    @Test
    void planesOutsideTwoToEightAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PlanesSpec(Fixtures.leafSpineParallel(), 1));
        assertThrows(IllegalArgumentException.class, () -> new PlanesSpec(Fixtures.leafSpineParallel(), 9));
    }

    /** Follows the first next port from {@code at} to {@code dst}, checking it stays in {@code plane}; switches seen. */
    private static int walk(Topology t, int at, int dst, int plane) {
        int hops = 1;
        while (!t.isHost(at)) {
            assertEquals(plane, t.planeOf(at), t.name(at));
            int port = t.nextPorts(at, dst)[0];
            int next = t.peerNode(at, port);
            if (t.isHost(next)) {
                assertEquals(dst, next);
                assertEquals(plane, t.peerPort(at, port));
                return hops;
            }
            at = next;
            hops++;
        }
        return hops;
    }
}

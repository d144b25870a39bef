package io.fabricemu.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A spec's counts, found by arithmetic before building, are those of the topology it builds. */
class FabricCountsTest {
    private static final LinkSpec L = Fixtures.G100;

    static Stream<TopologySpec> specs() {
        return Stream.of(Fixtures.fatTreeExample(), Fixtures.kAry(8), new FatTreeSpec(3, 4, 5, 2, 6, L, L, L),
                Fixtures.figure61(), Fixtures.twoPodRail(), new RailOptimisedSpec(3, 2, 5, 4, 3, 2, L, L, L),
                Fixtures.leafSpineParallel(), new LeafSpineSpec(1, 7, 3, 1, L, L), new LeafSpineSpec(5, 3, 4, 3, L, L),
                Fixtures.ring(3, 1, RingRouting.CLOCKWISE), Fixtures.ring(7, 3, RingRouting.SHORTEST));
    }

    @ParameterizedTest
    @MethodSource("specs")
    void counts_equalTheBuiltTopologys(TopologySpec spec) {
        Topology t = Fixtures.build(spec);
        long ports = 0;
        for (int node = t.hostCount(); node < t.nodeCount(); node++) {
            ports += t.portCount(node);
        }
        Set<Integer> edges = new HashSet<>();
        for (int h = 0; h < t.hostCount(); h++) {
            edges.add(t.edgeSwitchOf(h));
        }
        FabricCounts c = spec.counts();
        assertEquals(new FabricCounts(t.hostCount(), t.switchCount(), t.cableCount(), edges.size()), c);
        assertEquals(ports, c.switchPorts());
        assertEquals((long) t.switchCount() * edges.size(), c.routeEntries());
    }

    @Test
    void counts_atTheMostNodesAFabricCanHave_areExactInALong() {
        int max = Integer.MAX_VALUE;
        FabricCounts c = new LeafSpineSpec(1, max - 2, 1, max, L, L).counts();
        assertEquals(max - 2L, c.hosts());
        assertEquals(max - 2L + max, c.cables(), "more cables than an int holds");
        assertEquals(2 * (max - 2L + max) - (max - 2L), c.switchPorts());
        assertEquals(2, c.routeEntries());
    }

    @Test
    void specs_withMoreNodesThanAnIntNumbers_areRefusedBeforeAnyCount() {
        int max = Integer.MAX_VALUE;
        assertThrows(IllegalArgumentException.class,
                () -> new RailOptimisedSpec(max, max, max, max, max, max, L, L, L));
        assertThrows(IllegalArgumentException.class, () -> new RingSpec(max, max, L, L, RingRouting.SHORTEST));
        assertThrows(IllegalArgumentException.class, () -> new LeafSpineSpec(1, max - 1, 1, 1, L, L));
    }

    @Test
    void timesAndPlus_saturate() {
        assertEquals(6, FabricCounts.times(2, 3));
        assertEquals(Long.MAX_VALUE, FabricCounts.times(1L << 32, 1L << 31));
        assertEquals(Long.MAX_VALUE, FabricCounts.times(3, Long.MAX_VALUE / 2));
        assertEquals(Long.MAX_VALUE, FabricCounts.plus(Long.MAX_VALUE - 1, 2));
        assertEquals(Long.MAX_VALUE, FabricCounts.plus(Long.MAX_VALUE, -5), "a saturated count stays saturated");
        assertEquals(3, FabricCounts.plus(5, -2));
        assertThrows(IllegalArgumentException.class, () -> FabricCounts.times(-1, 2));
    }
}

package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import org.junit.jupiter.api.Test;

class DerivedBaseRttTest {
    private static final Topology LEAF_SPINE = Topologies.build(new LeafSpineSpec(2, 4, 1, 1,
            new LinkSpec(100_000_000_000L, 500 * Ps.PER_NS, 0), new LinkSpec(400_000_000_000L, 500 * Ps.PER_NS, 0)));

    @Test
    void ofPair_countsTheSwitchesOnThePairsPath() {
        long mtuPs = Ps.serializationPs(4160, 100_000_000_000L);
        // Same leaf: 2 links and 1 switch each way; across the spine: 4 links and 3 switches.
        assertEquals(2 * (mtuPs + 2 * 500 * Ps.PER_NS + 500 * Ps.PER_NS),
                DerivedBaseRtt.ofPair(LEAF_SPINE, 0, 1, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 4160));
        long across = DerivedBaseRtt.ofPair(LEAF_SPINE, 0, 4, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 4160);
        assertEquals(2 * (mtuPs + 4 * 500 * Ps.PER_NS + 3 * 500 * Ps.PER_NS), across);
        assertEquals(DerivedBaseRtt.of(LEAF_SPINE, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 4160), across,
                "the longest pair is the topology's derived base RTT");
    }
}

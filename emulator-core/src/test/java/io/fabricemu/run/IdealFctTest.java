package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ideal FCT, the denominator of FCT slowdown: the class comment's worked number, and a lone flow's emulated
 * completion time matched to the picosecond under cut-through and store-and-forward switches, so that an
 * uncontended flow's slowdown is exactly 1.
 */
class IdealFctTest {
    private static final long RATE = 100_000_000_000L;
    private static final LinkSpec LINK = new LinkSpec(RATE, 500 * Ps.PER_NS, 0);

    @Test
    void of_acrossTheSpine_isTheClassCommentsWorkedNumber() {
        Topology topology = Topologies.build(new LeafSpineSpec(2, 2, 2, 1, LINK, LINK));
        IdealFct ideal = new IdealFct(topology, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 64, 4096);
        // 245 packets, 1,015,680 B on the wire: 81,254,400 ps; two host cables 1 us, two fabric cables 1 us,
        // three switches 1.5 us. Within a leaf: one switch, no fabric cable.
        assertEquals(84_754_400L, ideal.of(new FlowSpec(0, 2, 1_000_000, 0)));
        assertEquals(82_754_400L, ideal.of(new FlowSpec(0, 1, 1_000_000, 0)));
    }

    @Test
    void of_acrossSpinesSlowerThanTheHostLinks_isBoundByWhatThePathsCarry() {
        LinkSpec slow = new LinkSpec(RATE / 4, 500 * Ps.PER_NS, 0);
        // 1,015,680 B on the wire: 81,254,400 ps at 100 Gb/s; at 50 Gb/s (two spines of 25 Gb/s) twice that, and at
        // 75 Gb/s (three spines) 4/3 of it; the delays add 3.5 us as above. Within a leaf the spines do not count.
        Topology two = Topologies.build(new LeafSpineSpec(2, 2, 2, 1, LINK, slow));
        IdealFct ideal = new IdealFct(two, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 64, 4096);
        assertEquals(162_508_800L + 3_500_000L, ideal.of(new FlowSpec(0, 2, 1_000_000, 0)));
        assertEquals(82_754_400L, ideal.of(new FlowSpec(0, 1, 1_000_000, 0)));
        Topology three = Topologies.build(new LeafSpineSpec(2, 2, 3, 1, LINK, slow));
        IdealFct wider = new IdealFct(three, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 64, 4096);
        assertEquals(108_339_200L + 3_500_000L, wider.of(new FlowSpec(0, 2, 1_000_000, 0)));
        Topology parallel = Topologies.build(new LeafSpineSpec(2, 2, 1, 4, LINK, slow));
        IdealFct bundled = new IdealFct(parallel, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 64, 4096);
        assertEquals(84_754_400L, bundled.of(new FlowSpec(0, 2, 1_000_000, 0)), "four 25 Gb/s cables carry 100 Gb/s");
    }

    @Test
    void of_aLoneFlow_isItsEmulatedCompletionTime() {
        Topology topology = Topologies.build(new LeafSpineSpec(1, 2, 1, 1, LINK, LINK));
        List<FlowSpec> flows = List.of(new FlowSpec(0, 1, 1_000_000, 0));
        for (ForwardingMode mode : ForwardingMode.values()) {
            // AnalyticTest's fabric: 4,150 B MTU with a 64 B header, a window that never limits.
            long fctPs = AnalyticTest.run(2, mode, 1 << 20, 1 << 20, flows, 1).flows().get(0).fctPs();
            IdealFct ideal = new IdealFct(topology, 500 * Ps.PER_NS, mode, 64, 4086);
            // Cut-through 82,754,400 ps; store-and-forward adds the first packet's 332,000 ps: 83,086,400 ps.
            assertEquals(mode == ForwardingMode.CUT_THROUGH ? 82_754_400L : 83_086_400L, fctPs, mode.name());
            assertEquals(fctPs, ideal.of(flows.get(0)), mode.name());
        }
    }
}

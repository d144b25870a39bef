package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.results.FlowSeries;
import io.fabricemu.results.RunResult;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A flow's queueing delay: its RTT samples less its round trip on the idle fabric, computed here by hand. */
class QueueingDelayTest {
    private static final LinkSpec LINK = new LinkSpec(100_000_000_000L, 500 * Ps.PER_NS, 0);
    /** 245 full packets of 4,086 B payload (AnalyticTest's framing): no shorter last packet. */
    private static final long FLOW_BYTES = 245 * 4086L;

    /*
     * One leaf, 100 Gb/s cables of 500 ns, switch latency 500 ns, 64 B headers. The data packet (4,150 B, 332,000 ps
     * on a cable) cut through: first bit at the leaf at 500,000 ps, out at max(500,000 + 500,000, 832,000 + 500,000
     * - 332,000) = 1,000,000, last bit out at 1,332,000, in at the receiver at 1,832,000. The 64 B ACK (5,120 ps)
     * the same way back: 5,120 + 500,000 + 500,000 + 500,000 = 1,505,120. Round trip 3,337,120 ps.
     * Store-and-forward holds each at the leaf for its whole length: 2 x 332,000 + 1,500,000 = 2,164,000 for the
     * data, 2 x 5,120 + 1,500,000 = 1,510,240 for the ACK, 3,674,240 ps.
     */
    @Test
    void unloadedRoundTrip_isTheHandComputedOne() {
        Topology leaf = Topologies.build(new LeafSpineSpec(1, 2, 1, 1, LINK, LINK));
        FlowSpec flow = new FlowSpec(0, 1, FLOW_BYTES, 0);
        assertEquals(3_337_120, new UnloadedRtt(leaf, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 64).of(flow, 4150));
        assertEquals(3_674_240,
                new UnloadedRtt(leaf, 500 * Ps.PER_NS, ForwardingMode.STORE_AND_FORWARD, 64).of(flow, 4150));
    }

    /*
     * Two leaves, two spines: host 0 to host 2 crosses leaf, spine, leaf by either spine, the same time both ways.
     * Cut-through at one rate: one serialisation of each packet, four cables and three switches each way:
     * 332,000 + 5,120 + 2 x (4 x 500,000 + 3 x 500,000) = 7,337,120 ps.
     */
    @Test
    void unloadedRoundTrip_overEqualSpines_isTheirCommonTime() {
        Topology fabric = Topologies.build(new LeafSpineSpec(2, 2, 2, 1, LINK, LINK));
        assertEquals(7_337_120, new UnloadedRtt(fabric, 500 * Ps.PER_NS, ForwardingMode.CUT_THROUGH, 64)
                .of(new FlowSpec(0, 2, FLOW_BYTES, 0), 4150));
    }

    /** Alone on the idle fabric, back to back at one rate: no packet ever waits, so every sample reads 0. */
    @Test
    void aFlowAlone_queuesNothing() {
        RunResult r = AnalyticTest.run(2, ForwardingMode.CUT_THROUGH, 1 << 20, 1 << 20,
                List.of(new FlowSpec(0, 1, FLOW_BYTES, 0)), 1);
        assertEquals(3_337_120L, r.series().unloadedRttPs(0, 4150));
        FlowSeries f = r.series().flow(0);
        int samples = 0;
        for (int i = 0; i < f.rttPs().length; i++) {
            if (f.rttPs()[i] >= 0) {
                samples++;
                assertEquals(3_337_120, f.rttPs()[i], "tick " + i);
                assertEquals(0, f.queueingDelayPs()[i], "tick " + i);
            } else {
                assertEquals(-1, f.queueingDelayPs()[i], "tick " + i);
            }
        }
        assertTrue(samples > 70, "samples: " + samples);
    }

    /*
     * 1,000,000 B ends with a shorter packet (3,080 B, 246,400 ps on a cable: AnalyticTest): its sample, the flow's
     * latest once the last ACK is in, is timed against its own idle round trip, 3,337,120 - 332,000 + 246,400 =
     * 3,251,520 ps, so it too reads 0 (against the full packet's it would read -85,600). A longer flow between two
     * other hosts, sharing no port, keeps the run going so that a tick sees that last sample.
     */
    @Test
    void aShortLastPacket_isTimedAgainstItsOwnSize() {
        RunResult r = AnalyticTest.run(4, ForwardingMode.CUT_THROUGH, 1 << 20, 1 << 20,
                List.of(new FlowSpec(0, 1, 1_000_000, 0), new FlowSpec(2, 3, 2 * FLOW_BYTES, 0)), 1);
        assertEquals(3_251_520L, r.series().unloadedRttPs(0, 3080));
        FlowSeries f = r.series().flow(0);
        int last = f.rttPs().length - 1;
        assertEquals(3_251_520, f.rttPs()[last]);
        for (int i = 0; i <= last; i++) {
            assertEquals(f.rttPs()[i] < 0 ? -1 : 0, f.queueingDelayPs()[i], "tick " + i);
        }
    }

    /** Four senders into one receiver: the bottleneck's queue shows in each sample as its RTT less 3,337,120 ps. */
    @Test
    void incast_queueingDelayIsTheRttLessTheIdleRoundTrip() {
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= 4; s++) {
            flows.add(new FlowSpec(s, 0, FLOW_BYTES, 0));
        }
        RunResult r = AnalyticTest.run(5, ForwardingMode.CUT_THROUGH, 256 * 1024, 4 << 20, flows, 1);
        long peakPs = 0;
        for (int id = 0; id < 4; id++) {
            FlowSeries f = r.series().flow(id);
            for (int i = 0; i < f.rttPs().length; i++) {
                if (f.rttPs()[i] >= 0) {
                    assertEquals(f.rttPs()[i] - 3_337_120, f.queueingDelayPs()[i], "flow " + id + " tick " + i);
                    peakPs = Math.max(peakPs, f.queueingDelayPs()[i]);
                }
            }
        }
        // Four windows of 256 KiB share the receiver's cable: three of them wait, about 3 x 21 us.
        assertTrue(peakPs > 20 * Ps.PER_US, "peak queueing delay " + peakPs + " ps");
    }
}

package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.results.FlowSeries;
import io.fabricemu.results.PortSeries;
import io.fabricemu.results.RunResult;
import io.fabricemu.results.TimeSeries;
import io.fabricemu.switching.ForwardingMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The time series a run records, checked against hand-computed values and across shard counts. */
class TimeSeriesRunTest {

    /*
     * One 1,000,000 B flow, cut-through (AnalyticTest): packet k (0-based, 4,086 B of payload) is in at the receiver
     * at (k + 1) x 332,000 ps + 1,500,000 ps. Tick 10 us sees the arrivals before it: (k + 1) <= 25.6, so 25 packets,
     * 102,150 B; tick 82 sees (k + 1) <= 242.47, 242 packets; the last of the 245 lands at 82,754,400 ps, so tick 83
     * sees all 1,000,000 B. The run
     * ends with its last event (the last ACK back at the sender): ticks 0 to that time, 1 us apart.
     */
    @Test
    void deliveredBytes_atEachTick_areThoseArrivedBeforeIt() {
        RunResult r = AnalyticTest.run(2, ForwardingMode.CUT_THROUGH, 1 << 20, 1 << 20,
                List.of(new FlowSpec(0, 1, 1_000_000, 0)), 1);
        TimeSeries series = r.series();
        assertEquals(1_000_000, series.intervalPs());
        assertEquals(r.virtualEndPs() / 1_000_000 + 1, series.points());
        FlowSeries flow = series.flow(0);
        assertEquals(0, flow.deliveredBytes()[1]);
        assertEquals(25 * 4086, flow.deliveredBytes()[10]);
        assertEquals(242 * 4086, flow.deliveredBytes()[82]);
        assertEquals(1_000_000, flow.deliveredBytes()[83]);
        assertEquals(1_000_000, flow.deliveredBytes()[series.points() - 1]);
        assertEquals(1 << 20, flow.windowBytes()[40]);
        assertEquals(-1, flow.creditBytes()[40]);
        // 332,000 ps a packet: three packets in each of most 1 us ticks, sometimes four.
        long bytesPerTick = flow.deliveredBytes()[50] - flow.deliveredBytes()[49];
        assertTrue(bytesPerTick == 3 * 4086 || bytesPerTick == 4 * 4086, "" + bytesPerTick);
    }

    @Test
    void incast_bottleneckQueueBuildsAndItsCountersEndAtTheReportedTotals() {
        RunResult r = incast(1);
        PortSeries bottleneck = r.series().port("leaf0:p0");
        long reportedTx = r.ports().stream().filter(p -> p.id().equals("leaf0:p0")).findFirst().orElseThrow().txBytes();
        assertEquals(reportedTx, bottleneck.txBytes()[r.series().points() - 1]);
        assertTrue(bottleneck.peakQueueBytes() > 1_000_000, "four senders into one port: " + bottleneck.peakQueueBytes());
        assertTrue(bottleneck.peakQueueBytes() <= r.ports().stream().filter(p -> p.id().equals("leaf0:p0"))
                .findFirst().orElseThrow().maxQueueBytes());
        assertArrayEquals(bottleneck.queueBytes(), bottleneck.classQueueBytes()[0], "all data is class 0");
    }

    @Test
    void series_areTheSameOnOneAndThreeShards() {
        TimeSeries one = incast(1).series();
        TimeSeries three = incast(3).series();
        assertEquals(one.points(), three.points());
        assertEquals(one.portIds(), three.portIds());
        assertEquals(one.flowIds(), three.flowIds());
        for (String id : one.portIds()) {
            PortSeries a = one.port(id);
            PortSeries b = three.port(id);
            assertArrayEquals(a.queueBytes(), b.queueBytes(), id);
            assertArrayEquals(a.txBytes(), b.txBytes(), id);
        }
        for (int id : one.flowIds()) {
            assertArrayEquals(one.flow(id).deliveredBytes(), three.flow(id).deliveredBytes(), "flow " + id);
            assertArrayEquals(one.flow(id).windowBytes(), three.flow(id).windowBytes(), "flow " + id);
        }
    }

    private static RunResult incast(int shards) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= 4; s++) {
            flows.add(new FlowSpec(s, 0, 1_000_000, 0));
        }
        return AnalyticTest.run(5, ForwardingMode.CUT_THROUGH, 256 * 1024, 4 << 20, flows, shards);
    }
}

package io.fabricemu.switching;

import io.fabricemu.fabric.SwitchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Event;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.PfcOnWire;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.stats.PortStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;

/**
 * Ingress accounting across two ports of one switch: a burst into port 0 is counted there, drains out of
 * port 1, and the releases (one latency after each last bit) bring the count back to exactly zero, with one
 * pause and one resume sent upstream on the way.
 */
class PfcAccountingTest {
    private static final long RATE = 100_000_000_000L;
    private static final long LATENCY = 400_000;
    private static final int LINK0 = 100;
    private static final int LINK1 = 101;

    private record Timed(long timePs, long seq, int target, io.fabricemu.engine.Signal signal) {
    }

    @Test
    void burst_countRisesPausesThenReturnsToZeroWithAResume() {
        PfcSettings pfc = new PfcSettings(1, 20_000, 10_000, PfcSettings.AUTO_HEADROOM, 65_535, 3840, 4150,
                1_000_000_000_000L);
        // Port 1 runs at a quarter of port 0's rate, so the burst backs up in the switch.
        SwitchPlan plan = TestPlans.of(50, new int[] {10, 11}, new long[] {RATE, RATE / 4},
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(4150).withPfc(pfc), 7L,
                (node, dst) -> new int[] {1}, PoolPlan.NONE);
        SwitchPort[] ports = {new SwitchPort(plan, "sw:p0", 1, LINK0, 250_000, 0, false),
                new SwitchPort(plan, "sw:p1", 1, LINK1, 250_000, 1, false)};
        PriorityQueue<Timed> events = new PriorityQueue<>(Comparator.comparingLong(Timed::timePs)
                .thenComparingLong(Timed::seq));
        long seq = 0;
        // Ten packets arrive back to back at 100 Gb/s; the egress queue's own limit (one packet) does not apply
        // to the lossless class.
        for (int i = 0; i < 10; i++) {
            long first = i * 332_000L;
            Packet p = PacketBuilder.data(1, 0, 3).sizeBytes(4150).payloadBytes(4086).ecn(0).psn(i).build();
            events.add(new Timed(first, seq++, 10, new Arrival(p, first, first + 332_000)));
        }
        List<PfcFrame> upstream = new ArrayList<>();
        int onWire1 = 0;
        long peakCount = 0;
        while (!events.isEmpty()) {
            Timed e = events.poll();
            if (e.target() == LINK0) {
                upstream.add(((PfcOnWire) e.signal()).frame());
                continue;
            }
            if (e.target() == LINK1) {
                onWire1++;
                continue;
            }
            RecordingContext ctx = new RecordingContext();
            ctx.nowPs = e.timePs();
            ports[e.target() - 10].onEvent(e.signal(), ctx);
            peakCount = Math.max(peakCount, ports[0].pfcIngressBytes(0));
            for (Event s : ctx.sent) {
                events.add(new Timed(s.timePs(), seq++, s.targetId(), s.signal()));
            }
            for (Event s : ctx.scheduled) {
                events.add(new Timed(s.timePs(), seq++, e.target(), s.signal()));
            }
        }
        assertEquals(10, onWire1, "every packet left through port 1");
        assertTrue(peakCount > 20_000, "the count crossed xoff: " + peakCount);
        assertEquals(0, ports[0].pfcIngressBytes(0), "every byte was released");
        assertEquals(List.of(PfcFrame.of(0, 65_535), PfcFrame.of(0, 0)), upstream);
        PortStats in = ports[0].report().ports().get(0);
        assertEquals(1, in.pfc().pausesSent());
        assertEquals(1, in.pfc().resumesSent());
        assertEquals(0, in.drops());
        assertEquals(0, ports[1].report().ports().get(0).drops(), "no tail drop of the lossless class");
    }
}

package io.fabricemu.switching;

import io.fabricemu.fabric.SwitchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.RecordingContext;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.stats.PortStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Packet trimming at a switch port's egress. */
class TrimmingTest {
    private static final long RATE = 100_000_000_000L;
    private static final int LINK = 100;

    private static SwitchPort port(boolean trimming) {
        // One data packet of dedicated room per class, two classes (0 data, 1 control).
        SwitchPlan plan = TestPlans.of(50, new int[] {10, 11}, new long[] {RATE, RATE},
                SwitchConfig.defaults().withLatencyPs(400_000).withQueueBytes(4150).withTrimming(trimming), 7L,
                (node, dst) -> new int[] {1}, PoolPlan.NONE);
        return new SwitchPort(plan, "sw:p0", 1, LINK, 250_000, 0, false);
    }

    private static Packet data(long psn) {
        return PacketBuilder.data(3, 0, 5).sizeBytes(4150).payloadBytes(4086).entropy(9).psn(psn).timestampPs(1234)
                .build();
    }

    private static List<Packet> onWire(RecordingContext ctx) {
        return ctx.sentTo(LINK).stream().map(s -> ((OnWire) s).packet()).toList();
    }

    /** Arrives three data packets at once, then lets the transmitter finish everything. */
    private static RecordingContext burst(SwitchPort port) {
        RecordingContext ctx = new RecordingContext();
        for (long psn = 0; psn < 3; psn++) {
            port.onEvent(new Forward(data(psn)), ctx);
        }
        while (ctx.scheduled.size() > 0) {
            var next = ctx.scheduled.remove(0);
            ctx.nowPs = next.timePs();
            port.onEvent(next.signal(), ctx);
        }
        return ctx;
    }

    @Test
    void egress_withTrimming_cutsWhatWouldBeDroppedToItsHeaderInTheControlClass() {
        SwitchPort port = port(true);
        List<Packet> sent = onWire(burst(port));
        assertEquals(3, sent.size(), "nothing dropped");
        assertEquals(data(0), sent.get(0));
        for (int i = 1; i < 3; i++) {
            Packet t = sent.get(i);
            assertTrue(t.trimmed());
            assertEquals(64, t.sizeBytes());
            assertEquals(0, t.payloadBytes());
            assertEquals(1, t.trafficClass());
            assertEquals(i, t.psn(), "the PSN and flow survive the cut");
            assertEquals(3, t.flowId());
        }
        PortStats stats = port.report().ports().get(0);
        assertEquals(2, stats.trims());
        assertEquals(0, stats.drops());
        assertEquals(4150 + 2 * 64, stats.txBytes());
    }

    @Test
    void egress_withoutTrimming_tailDrops() {
        SwitchPort port = port(false);
        assertEquals(List.of(data(0)), onWire(burst(port)));
        PortStats stats = port.report().ports().get(0);
        assertEquals(2, stats.drops());
        assertEquals(0, stats.trims());
    }

    @Test
    void egress_controlPacketsAreNeverTrimmed() {
        SwitchPort port = port(true);
        RecordingContext ctx = new RecordingContext();
        Packet ack = PacketBuilder.of(PacketKind.ACK, 3, 5, 0).sizeBytes(4150).trafficClass(1).entropy(9).psn(1)
                .build();
        port.onEvent(new Forward(ack), ctx);
        port.onEvent(new Forward(ack), ctx);
        PortStats stats = port.report().ports().get(0);
        assertEquals(1, stats.drops(), "a full control class drops; only data is trimmed");
        assertEquals(0, stats.trims());
    }
}

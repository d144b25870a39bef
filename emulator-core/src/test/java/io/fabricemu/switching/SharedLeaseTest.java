package io.fabricemu.switching;

import io.fabricemu.fabric.SwitchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.engine.Event;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.net.Packet;
import io.fabricemu.stats.PortStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A switch port's admission with dedicated and leased bytes, and when its lease asks and gives back. */
class SharedLeaseTest {
    private static final long RATE = 100_000_000_000L;
    private static final long LATENCY = 500_000;
    private static final int POOL = 20;
    private static final int LINK = 100;
    private static final int PACKET = 4150;

    private static SwitchPlan plan(long[] ratesBps, long poolBytes) {
        return plan(ratesBps, poolBytes, 2 * PACKET);
    }

    private static SwitchPlan plan(long[] ratesBps, long poolBytes, long queueBytes) {
        int[] ids = new int[ratesBps.length];
        for (int p = 0; p < ids.length; p++) {
            ids[p] = 10 + p;
        }
        return TestPlans.of(50, ids, ratesBps,
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(queueBytes)
                        .withSharedBufferBytes(poolBytes), 7L,
                (node, dst) -> new int[] {1}, new PoolPlan(POOL, poolBytes));
    }

    /**
     * Port 0 of a two-port switch at 100 Gb/s with 2 packets of dedicated queue: the other port fills
     * 12,500 B in one round trip to the pool (1 us), so the low-water mark is 12,500 B.
     */
    private static SwitchPort port() {
        return new SwitchPort(plan(new long[] {RATE, RATE}, 1 << 20), "sw:p0", 1, LINK, 250_000, 0, false);
    }

    private static Packet packet(long psn) {
        return EgressQueueTest.packet(0, PACKET, psn);
    }

    private static PortStats stats(SwitchPort port) {
        return port.report().ports().get(0);
    }

    @Test
    void lowWaterBytes_isWhatTheOtherPortsSendInOneRoundTrip() {
        SwitchPlan plan = plan(new long[] {RATE, 4 * RATE, RATE}, 1 << 20);
        // Ports 1 and 2 together at 500 Gb/s for 2 x 500 ns: 62,500 B.
        assertEquals(62_500, SharedLease.lowWaterBytes(plan, 0));
        // Port 1's view: ports 0 and 2 at 200 Gb/s.
        assertEquals(25_000, SharedLease.lowWaterBytes(plan, 1));
    }

    @Test
    void lowWaterBytes_ofManyFastPortsAndAnHourOfLatency_isCappedWithoutOverflow() {
        long[] rates = new long[200];
        java.util.Arrays.fill(rates, 100_000_000_000_000L);
        int[] ids = new int[rates.length];
        long pool = 64L << 30;
        long hourPs = 3_600_000_000_000_000L;
        SwitchPlan plan = TestPlans.of(50, ids, rates,
                SwitchConfig.defaults().withLatencyPs(hourPs).withQueueBytes(2 * PACKET)
                        .withSharedBufferBytes(pool), 7L,
                (node, dst) -> new int[] {1}, new PoolPlan(POOL, pool));
        // Each other port fills 9 x 10^16 B in two hours at 100 Tb/s; 199 of them would pass a long.
        assertEquals(pool / (4 * 200), SharedLease.lowWaterBytes(plan, 0));
    }

    @Test
    void lowWaterBytes_smallPool_isCappedAtAQuarterOfThePoolPerPort() {
        SwitchPlan plan = plan(new long[] {RATE, 4 * RATE, RATE}, 600_000);
        assertEquals(50_000, SharedLease.lowWaterBytes(plan, 0), "600,000 / (4 x 3 ports)");
    }

    @Test
    void start_dedicatedRoomBelowLowWater_asksTheDifferenceToTwiceLowWater() {
        SwitchPort port = port();
        RecordingContext ctx = new RecordingContext();
        port.start(ctx);
        assertEquals(List.of(new Event(LATENCY, -1, 0, POOL, new LeaseRequested(0, 2 * 12_500 - 2 * PACKET))),
                ctx.sent);
    }

    @Test
    void start_dedicatedRoomAboveLowWater_asksNothing() {
        SwitchPort port = new SwitchPort(plan(new long[] {RATE, RATE}, 1 << 20, 12_500), "sw:p0", 1, LINK,
                250_000, 0, false);
        RecordingContext ctx = new RecordingContext();
        port.start(ctx);
        assertEquals(List.of(), ctx.sent);
    }

    @Test
    void forward_beyondTheDedicatedLimit_isAdmittedIntoTheLeaseThenTailDropped() {
        SwitchPort port = port();
        RecordingContext ctx = new RecordingContext();
        port.start(ctx);
        ctx.nowPs = 1_000_000;
        port.onEvent(new LeaseGranted(16_700), ctx);
        assertEquals(16_700, port.lease().heldBytes());
        for (int i = 1; i <= 7; i++) {
            port.onEvent(new Forward(packet(i)), ctx);
        }
        // 2 packets in dedicated space, 4 in the lease (16,600 of 16,700 B), the 7th dropped.
        assertEquals(1, stats(port).drops());
        assertEquals(6 * PACKET, stats(port).maxQueueBytes());
        assertEquals(4 * PACKET, port.peakSharedBytes());
    }

    @Test
    void forward_withoutAGrantYet_hasOnlyTheDedicatedQueue() {
        SwitchPort port = port();
        RecordingContext ctx = new RecordingContext();
        port.start(ctx);
        for (int i = 1; i <= 3; i++) {
            port.onEvent(new Forward(packet(i)), ctx);
        }
        assertEquals(1, stats(port).drops());
        assertEquals(1, ctx.sentTo(POOL).size(), "the start request is still outstanding: no second one");
    }

    @Test
    void review_unusedLeaseAboveThreeTimesLowWater_givesBackDownToTwice() {
        SwitchPort port = port();
        RecordingContext ctx = new RecordingContext();
        port.start(ctx);
        ctx.nowPs = 1_000_000;
        port.onEvent(new LeaseGranted(40_000), ctx);
        // Headroom 40,000 + 8,300 = 48,300 > 3 x 12,500: back to 2 x 12,500 by returning 23,300.
        assertEquals(new Event(1_500_000, -1, 1, POOL, new LeaseReturned(0, 23_300)), ctx.sent.get(1));
        assertEquals(16_700, port.lease().heldBytes());
    }

    @Test
    void granted_lessThanAsked_asksAgainOnlyAfterTheQueueChanges() {
        SwitchPort port = port();
        RecordingContext ctx = new RecordingContext();
        port.start(ctx);
        ctx.nowPs = 1_000_000;
        port.onEvent(new LeaseGranted(0), ctx);
        assertEquals(1, ctx.sentTo(POOL).size(), "starved: an idle port does not poll the pool");
        port.onEvent(new Forward(packet(1)), ctx);
        assertEquals(List.of(new LeaseRequested(0, 16_700), new LeaseRequested(0, 25_000 - PACKET)),
                ctx.sentTo(POOL));
    }
}

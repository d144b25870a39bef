package io.fabricemu.wreb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.NoHeader;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.TransportHeader;
import io.fabricemu.switching.PoolPlan;
import io.fabricemu.switching.PortStages;
import io.fabricemu.switching.RecordingPort;
import io.fabricemu.switching.SwitchPlan;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The WREB part of a switch port with its class queue held at fixed levels: the measured notices per packet
 * follow the profile (chi-square), notices carry what paragraphs (14)-(15) and claim 10 of US 12,388,756
 * ask for, and the duplicate rule holds at the port.
 */
class WrebPortTest {
    private static final long RATE = 100_000_000_000L;
    private static final int BTS_BYTES = 64;
    private static final long QUEUE_LIMIT = 1L << 20;
    private static final int SRC = 4;
    private static final int DST = 9;

    private final RecordingContext ctx = new RecordingContext();
    private final RecordingPort queue = new RecordingPort(2, QUEUE_LIMIT, RATE);
    private final List<Packet> notices = queue.sent;

    private WrebPort port(WrebSettings wreb, EcnRamp[] ramps, SplittableRandom markRandom) {
        SwitchConfig settings = SwitchConfig.defaults().withLatencyPs(400_000).withQueueBytes(QUEUE_LIMIT)
                .withWreb(wreb.withBtsBytes(BTS_BYTES));
        SwitchPlan plan = new SwitchPlan(50, new int[] {10, 11}, new long[] {RATE, RATE}, settings, 7L,
                (node, dst) -> new int[] {1}, PoolPlan.NONE, PortStages.NONE);
        return new WrebPort(settings.wreb(), plan, 0, ramps, markRandom, queue.view());
    }

    private WrebPort port(WrebProfile profile) {
        return port(WrebSettings.defaults().withProfile(profile), new EcnRamp[2], new SplittableRandom(1));
    }

    private static Packet data(long psn, int sizeBytes) {
        return data(psn, sizeBytes, NoHeader.INSTANCE);
    }

    private static Packet data(long psn, int sizeBytes, TransportHeader header) {
        return PacketBuilder.data(3, SRC, DST).sizeBytes(sizeBytes).payloadBytes(sizeBytes - 64).entropy(11).psn(psn)
                .timestampPs(123_000).header(header).build();
    }

    private static BtsHeader bts(Packet notice) {
        return assertInstanceOf(BtsHeader.class, notice.header());
    }

    /** Fills class 0 with packets of 1,000 B up to {@code levelBytes}. */
    private void holdAt(long levelBytes) {
        while (queue.classBytes(0) < levelBytes) {
            queue.offer(data(-1, 1_000));
        }
        assertEquals(levelBytes, queue.classBytes(0));
    }

    /** Early notices for {@code trials} packets offered while the queue holds {@code levelBytes}. */
    private long noticesAt(WrebPort w, long levelBytes, int trials) {
        holdAt(levelBytes);
        int before = notices.size();
        for (int k = 0; k < trials; k++) {
            w.beforeEnqueue(data(k, 4_150), true, ctx);
        }
        return notices.size() - before;
    }

    /**
     * Holds the queue at each level in turn and sums (observed - expected)^2 / (n p (1 - p)) over the levels
     * where the profile is strictly between 0 and 1; checks the others exactly (none or every packet).
     *
     * @return the chi-square statistic and its degrees of freedom
     */
    private double[] chiSquare(WrebProfile profile, long[] levels, int trials) {
        WrebPort w = port(profile);
        double chi2 = 0;
        int df = 0;
        for (long level : levels) {
            double p = profile.probabilityPpm(level) / 1e6;
            long observed = noticesAt(w, level, trials);
            if (p == 0 || p == 1) {
                assertEquals(Math.round(p * trials), observed, "level " + level + " B");
                continue;
            }
            double expected = trials * p;
            chi2 += (observed - expected) * (observed - expected) / (expected * (1 - p));
            df++;
        }
        return new double[] {chi2, df};
    }

    @Test
    void linearProfile_measuredNoticesPerPacketMatchTheCurve_chiSquare() {
        LinearProfile linear = WrebSettings.DEFAULT_PROFILE;
        double[] r = chiSquare(linear, new long[] {0, 50_000, 100_000, 150_000, 200_000, 249_000, 250_000, 300_000},
                4_000);
        assertEquals(4, r[1]);
        // The 0.1% critical value of chi-square with 4 degrees of freedom is 18.47.
        assertTrue(r[0] < 18.47, "chi-square " + r[0]);
    }

    @Test
    void stepProfile_measuredNoticesPerPacketMatchTheStep_chiSquare() {
        StepProfile step = new StepProfile(100_000, 20_000, 300_000);
        double[] r = chiSquare(step, new long[] {50_000, 100_000, 101_000, 200_000}, 4_000);
        assertEquals(4, r[1]);
        assertTrue(r[0] < 18.47, "chi-square " + r[0]);
    }

    @Test
    void earlyNotice_marksThePacketCe_carriesTheTelemetry_andGoesToTheSource() {
        WrebPort w = port(new LinearProfile(0, 1_000, 0));
        holdAt(40_000);
        ctx.nowPs = 7_000_000;
        PdsRequest request = new PdsRequest(9, false, 4, -1);
        Packet out = w.beforeEnqueue(data(5, 4_150, request), true, ctx);
        assertTrue(out.congestionExperienced(), "the packet that caused a notice goes on marked CE");
        assertEquals(1, notices.size());
        Packet bts = notices.get(0);
        assertEquals(PacketKind.BTS, bts.kind());
        assertEquals(DST, bts.src());
        assertEquals(SRC, bts.dst(), "back to the sender");
        assertEquals(BTS_BYTES, bts.sizeBytes());
        assertEquals(0, bts.payloadBytes());
        assertEquals(1, bts.trafficClass(), "control class");
        assertEquals(3, bts.flowId());
        assertEquals(5, bts.psn());
        assertEquals(123_000, bts.timestampPs(), "the data packet's transmit time, for the sender's gate");
        BtsHeader h = bts(bts);
        assertEquals(BtsCause.EARLY, h.cause());
        assertEquals(0, h.ecnBit());
        assertEquals(50, h.switchNode());
        assertEquals(0, h.port());
        assertEquals(0, h.trafficClass());
        assertEquals(7_000_000, h.madePs());
        assertEquals(40_000, h.queueBytes());
        assertEquals(40_000L * 1_000_000 / QUEUE_LIMIT, h.relativeQueuePpm());
        assertEquals(3_200_000, h.queueDelayPs(), "40,000 B at 100 Gb/s");
        assertEquals(1, h.activeFlows(), "the held packets are not counted as any flow's; the new one is");
        assertEquals(0, h.txBytes());
        assertEquals(7_000_000, h.txSnapshotPs());
        assertEquals(40_000, h.portBufferBytes());
        assertEquals(request, h.echoed(), "the data packet's header, naming the sender's context");
        assertEquals(w.counters().earlySent(), 1);
        assertEquals(BTS_BYTES, w.counters().bytesSent());
    }

    @Test
    void cePacket_noEarlyNoticeAtALaterQueue_butItsDropStillNotifiesWithBitOne() {
        WrebPort w = port(new LinearProfile(0, 1_000, 0));
        holdAt(40_000);
        Packet ce = data(6, 4_150).withEcn(Packet.ECN_CE);
        assertEquals(ce, w.beforeEnqueue(ce, true, ctx));
        assertEquals(0, notices.size(), "an earlier queue already notified for it");
        w.beforeEnqueue(ce, false, ctx);
        assertEquals(1, notices.size());
        assertEquals(BtsCause.DROP, bts(notices.get(0)).cause());
        assertEquals(1, bts(notices.get(0)).ecnBit(), "the packet's CE bit as it was");
        w.beforeEnqueue(data(7, 4_150), false, ctx);
        assertEquals(0, bts(notices.get(1)).ecnBit(), "a drop before any early notice carries 0");
    }

    @Test
    void dequeueEvaluation_drawsOnTheBytesLeftBehind_notAtEnqueue() {
        WrebSettings s = WrebSettings.defaults().withProfile(new LinearProfile(40_000, 40_001, 0))
                .withEvalPoint(EvalPoint.DEQUEUE);
        WrebPort w = port(s, new EcnRamp[2], new SplittableRandom(1));
        holdAt(50_000);
        Packet p = data(1, 4_150);
        assertEquals(p, w.beforeEnqueue(p, true, ctx), "nothing drawn at enqueue");
        queue.offer(p);
        // 54,150 B with it; it leaves 50,000 B behind: above 40,001, certain.
        assertTrue(w.atDequeue(p, ctx).congestionExperienced());
        assertEquals(1, notices.size());
        assertEquals(50_000, bts(notices.get(0)).queueBytes());
    }

    @Test
    void ownStream_leavesThePortsEcnDrawsAlone_sharedDrawsFromThem() {
        SplittableRandom ecn = new SplittableRandom(42);
        WrebPort own = port(WrebSettings.defaults(), new EcnRamp[2], ecn);
        noticesAt(own, 100_000, 500);
        assertEquals(new SplittableRandom(42).nextLong(), ecn.nextLong(), "WREB did not draw from the ECN stream");

        EcnRamp ramp = new EcnRamp(50_000, 150_000, 500_000);
        SplittableRandom shared = new SplittableRandom(42);
        WrebPort sharing = port(new WrebSettings(true, WrebSettings.DEFAULT_PROFILE, LevelWeights.QUEUE,
                EvalPoint.ENQUEUE, true, 0, 0), new EcnRamp[] {ramp, null}, shared);
        assertTrue(sharing.drawsEcnFor(0));
        SplittableRandom replay = new SplittableRandom(42);
        int before = notices.size();
        noticesAt(sharing, 100_000, 200);
        long expected = 0;
        for (int k = 0; k < 200; k++) {
            if (replay.nextInt(1_000_000) < ramp.markProbabilityPpm(100_000)) {
                expected++;
            }
        }
        assertEquals(expected, notices.size() - before, "one ECN-stream draw per packet on the ECN ramp");
        assertEquals(expected, sharing.sharedMarks(), "each notice is also the port's ECN mark");
    }

    @Test
    void controlAndTrimmedPackets_areNeverNoticed() {
        WrebPort w = port(new LinearProfile(0, 1, 0));
        Packet ack = PacketBuilder.of(PacketKind.ACK, 3, DST, SRC).sizeBytes(64).trafficClass(1).psn(1).build();
        w.beforeEnqueue(ack, false, ctx);
        w.beforeEnqueue(data(1, 4_150).trim(1), false, ctx);
        assertEquals(List.of(), notices);
    }

    @Test
    void gradientLevel_noticesAGrowingQueue_notAFullButSteadyOne() {
        // Level = the growth over the last 1 us window only (weights 0 and 1); certain from 50,000 B.
        WrebSettings s = new WrebSettings(true, new LinearProfile(0, 50_000, 0), new LevelWeights(0, 1000, 1_000_000),
                EvalPoint.ENQUEUE, false, 0, 0);
        WrebPort w = port(s, new EcnRamp[2], new SplittableRandom(1));
        ctx.nowPs = 0;
        w.beforeEnqueue(data(1, 4_150), true, ctx);
        assertEquals(0, notices.size(), "an empty queue opens the first window");
        holdAt(50_000);
        ctx.nowPs = 1_000_000;
        w.beforeEnqueue(data(2, 4_150), true, ctx);
        assertEquals(1, notices.size(), "50,000 B in 1 us: growth 50,000 B, certain");
        assertEquals(50_000, bts(notices.get(0)).gradientBytesPerUs());
        ctx.nowPs = 2_000_000;
        w.beforeEnqueue(data(3, 4_150), true, ctx);
        assertEquals(1, notices.size(), "the queue held still for 1 us: no growth, no notice at 50,000 B");
    }

    @Test
    void multiLevel_addsTheWeightedGrowthToTheOccupancy() {
        // Level = occupancy + growth: 30,000 B queued after growing 30,000 B in 1 us is a level of 60,000 B,
        // above Kmax (50,000 B); the occupancy alone is below Kmin (40,000 B).
        WrebSettings s = new WrebSettings(true, new LinearProfile(40_000, 50_000, 0),
                new LevelWeights(1000, 1000, 1_000_000), EvalPoint.ENQUEUE, false, 0, 0);
        WrebPort w = port(s, new EcnRamp[2], new SplittableRandom(1));
        w.beforeEnqueue(data(1, 4_150), true, ctx);
        holdAt(30_000);
        ctx.nowPs = 1_000_000;
        w.beforeEnqueue(data(2, 4_150), true, ctx);
        assertEquals(1, notices.size());
        assertEquals(30_000, bts(notices.get(0)).queueBytes());
    }
}

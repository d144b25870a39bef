package io.fabricemu.uet.cc;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import io.fabricemu.time.Ps;
import java.util.ArrayDeque;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * N senders' {@link Nscc} windows sharing one 100 Gb/s bottleneck, in fixed steps of one packet's
 * serialization (327,680 ps). Each step: ACK_CCs that are due are delivered, every sender whose gate is
 * open puts one 4,096 B packet into the FIFO (its NIC runs at the bottleneck's rate), and the bottleneck
 * serves the head packet, marking it ECN-CE if more than {@link #ECN_THRESHOLD_PACKETS} packets are still
 * queued behind it (marking at dequeue, as switches do). Its ACK_CC is back at the sender one base RTT
 * after it was sent plus the time it queued, so its queuing delay as NSCC computes it is exactly its wait.
 *
 * <p>What the rules predict (base RTT B = 6 us, target T = 4.5 us, ECN threshold K = 16 packets = 5.24 us):
 * <ul>
 *   <li>A decrease removes what brings the queue to T, and needs an ECN mark, which needs more than K queued.
 *       Between T and K the flows make only fair increases, N x 146 B per round trip, far below a packet.
 *       The queue therefore cycles between about T and about K: the mean queuing delay lies within
 *       [T - (K - T), K + one packet], the lower end allowing every flow a second cut from stale feedback.</li>
 *   <li>Even that lower end is 9 packets of queue, so the bottleneck never idles: utilisation at least 99%.</li>
 *   <li>Every decrease scales each window by the same factor (1 - c), c >= (K - T) / (B + K) ~ 6.6%, and every
 *       increase adds the same bytes per round trip, so window differences shrink by (1 - c) per cycle: from
 *       a 14:1 start (MaxWnd against two packets) they vanish within a few dozen cycles, and the runs last
 *       hundreds. What remains is noise from flows sampling the queue a packet apart (~3% of a window per
 *       cycle against 6.6% contraction, a spread near 8%): equal shares within 20%, equal mean windows
 *       within 25%.</li>
 * </ul>
 */
class NsccClosedLoopTest {
    private static final long RATE_BPS = 100_000_000_000L;
    private static final int MTU_BYTES = 4096;
    private static final long BASE_RTT_PS = 6_000_000;
    private static final long STEP_PS = Ps.serializationPs(MTU_BYTES, RATE_BPS);
    private static final int ECN_THRESHOLD_PACKETS = 16;
    private static final int STEPS = 200_000;
    private static final int MEASURED_FROM = STEPS * 3 / 4;

    @ParameterizedTest(name = "{0} senders")
    @ValueSource(ints = {2, 4, 8})
    void sharedBottleneck_windowsConvergeAndQueueStaysNearTarget(int senders) {
        NsccParams base = NsccParams.defaults(RATE_BPS, BASE_RTT_PS, MTU_BYTES);
        long targetPs = base.targetDelayPs();
        long thresholdPs = ECN_THRESHOLD_PACKETS * STEP_PS;
        Nscc[] cc = new Nscc[senders];
        long first = base.maxWndBytes();
        long last = 2 * MTU_BYTES;
        for (int s = 0; s < senders; s++) {               // from MaxWnd down to two packets
            cc[s] = new PerAckNscc(base.withInitialWindowBytes(first - (first - last) * s / (senders - 1)),
                    NsccCompanions.OFF);
        }
        assertTrue(cc[0].windowBytes() >= 10 * cc[senders - 1].windowBytes(), "the start is far from fair");

        Result r = run(cc);

        long meanDelayPs = r.queuingDelaySumPs / r.packetsServed;
        assertTrue(meanDelayPs >= targetPs - (thresholdPs - targetPs) && meanDelayPs <= thresholdPs + STEP_PS,
                () -> "mean queuing delay " + Ps.format(meanDelayPs) + " against target " + Ps.format(targetPs)
                        + " and ECN threshold " + Ps.format(thresholdPs));
        assertTrue(r.busySteps * 100 >= r.measuredSteps * 99,
                () -> "bottleneck busy " + r.busySteps + " of " + r.measuredSteps + " steps");

        long totalDelivered = Arrays.stream(r.deliveredBytes).sum();
        for (int s = 0; s < senders; s++) {
            long share = r.deliveredBytes[s] * senders;
            assertTrue(share * 10 >= totalDelivered * 8 && share * 10 <= totalDelivered * 12,
                    "sender " + s + " delivered " + r.deliveredBytes[s] + " of " + totalDelivered + " B");
        }
        long maxWindow = Arrays.stream(r.windowSumBytes).max().orElseThrow();
        long minWindow = Arrays.stream(r.windowSumBytes).min().orElseThrow();
        assertTrue(maxWindow * 4 <= minWindow * 5, () -> "mean windows " + Arrays.toString(
                Arrays.stream(r.windowSumBytes).map(w -> w / r.measuredSteps).toArray()));
    }

    private record Result(long[] deliveredBytes, long[] windowSumBytes, long queuingDelaySumPs, long packetsServed,
                          long busySteps, long measuredSteps) {
    }

    /** An ACK_CC on its way back: sender, arrival, the packet's transmit time, rcvd_bytes, ECN echo. */
    private record InFlightAck(int sender, long arrivalPs, long txPs, long rcvdBytes, boolean ecn) {
    }

    private static Result run(Nscc[] cc) {
        int n = cc.length;
        ArrayDeque<long[]> queue = new ArrayDeque<>();          // {sender, txPs}
        ArrayDeque<InFlightAck> acks = new ArrayDeque<>();      // FIFO: departures in order, one return delay
        long[] rcvdBytes = new long[n];
        long[] delivered = new long[n];
        long[] windowSum = new long[n];
        long delaySum = 0;
        long served = 0;
        long busy = 0;
        for (int k = 0; k < STEPS; k++) {
            long nowPs = k * STEP_PS;
            boolean measuring = k >= MEASURED_FROM;
            while (!acks.isEmpty() && acks.peekFirst().arrivalPs() <= nowPs) {
                InFlightAck a = acks.pollFirst();
                cc[a.sender()].onAck(AckCc.of(a.arrivalPs(), a.txPs(), a.rcvdBytes(), a.ecn()), NO_ENTROPY);
            }
            for (int j = 0; j < n; j++) {
                int s = (k + j) % n;                             // rotate who goes first
                if (cc[s].canSend(MTU_BYTES)) {
                    cc[s].onSent(0, MTU_BYTES);
                    queue.addLast(new long[] {s, nowPs});
                }
            }
            long[] head = queue.pollFirst();
            if (head != null) {
                int s = (int) head[0];
                boolean ecn = queue.size() > ECN_THRESHOLD_PACKETS;
                rcvdBytes[s] += MTU_BYTES;
                long queuedPs = nowPs - head[1];
                acks.addLast(new InFlightAck(s, head[1] + BASE_RTT_PS + queuedPs, head[1], rcvdBytes[s], ecn));
                if (measuring) {
                    delivered[s] += MTU_BYTES;
                    delaySum += queuedPs;
                    served++;
                    busy++;
                }
            }
            if (measuring) {
                for (int s = 0; s < n; s++) {
                    windowSum[s] += cc[s].windowBytes();
                }
            }
        }
        return new Result(delivered, windowSum, delaySum, served, busy, STEPS - MEASURED_FROM);
    }
}

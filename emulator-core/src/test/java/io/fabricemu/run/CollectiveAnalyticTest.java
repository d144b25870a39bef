package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.net.Packets;
import io.fabricemu.results.CollectiveResult;
import io.fabricemu.results.RunResult;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.time.Ps;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Collectives whose completion time can be worked out by hand (after nccl-tests' PERFORMANCE.md for algbw and
 * busbw). Eight ranks on one non-blocking leaf, 100 Gb/s links of 100 ns flight, a 100 ns cut-through switch, no
 * loss, a window (4 MiB) far above the bandwidth-delay product, the baseline transport (one 64 B ACK per packet),
 * packets of 9,000 B carrying 8,936 B of payload. A rank's transfers in a step use its own uplink and its peer's
 * downlink, disjoint from every other rank's, so a step of b bytes per rank takes
 * <pre>
 *   step(b) = wire(b) + acks(b) + L
 * </pre>
 * where wire(b) is the serialization of b's packets with their headers, acks(b) that of the 64 B ACKs the rank sends
 * on the same uplink for the b bytes it receives in the step (one per packet, sent first), and L = 100 + 100 +
 * 100 ns the last bit's way from NIC to NIC. A rank forwards what it received at the picosecond its last byte
 * arrives, so steps follow each other without a gap. The simpler reading, JCT = steps x wire(b) + L, and
 * busbw = line rate x payload share (8,936 / 9,000), hold within 2% here because ACKs (64 / 9,000 = 0.7%) and the
 * per-step latency (0.3 us of 85 us, 0.35%) are small.
 */
class CollectiveAnalyticTest {
    private static final long RATE_BPS = 100_000_000_000L;
    private static final int PAYLOAD = 8_936;
    private static final int HEADER = 64;
    private static final long L_PS = 300_000;
    private static final long S = 8 << 20;
    private static final int N = 8;
    private static final double LINE_PAYLOAD_BPS = RATE_BPS * (double) PAYLOAD / (PAYLOAD + HEADER);

    static String scenario(String workload) {
        return String.join("\n", "name: analytic", "topology:", "  kind: leaf-spine", "  leaves: 1",
                "  hostsPerLeaf: 8", "  spines: 1", "  hostLink: {rate: 100Gbps, delay: 100ns}",
                "  fabricLink: {rate: 100Gbps, delay: 100ns}", "switch:", "  latency: 100ns", "  queue: 16MiB",
                "transport:", "  mtu: 9000B", "  header: 64B", "  window: 4MiB", "workload:", workload,
                "stop: 1s", "");
    }

    static CollectiveResult run(String workload) throws Exception {
        PreparedRun run = PreparedRun.of(ScenarioLoader.parse(scenario(workload), "analytic.yaml", List.of()));
        RunResult r = run.run(1, PreparedRun.DEFAULT_SAMPLING, new Progress(), null);
        assertEquals(r.flows().size(), r.flowsFinished());
        assertEquals(1, r.collectives().size());
        return r.collectives().get(0);
    }

    static long wire(long bytes) {
        long packets = Packets.of(bytes, PAYLOAD);
        return Ps.serializationPs(bytes + packets * HEADER, RATE_BPS);
    }

    static long acks(long bytes) {
        return Ps.serializationPs(Packets.of(bytes, PAYLOAD) * HEADER, RATE_BPS);
    }

    static long step(long bytes) {
        return wire(bytes) + acks(bytes) + L_PS;
    }

    private static void assertWithin(double expected, double actual, double share, String what) {
        assertTrue(Math.abs(actual - expected) <= share * expected,
                what + ": " + actual + " vs " + expected + " (" + (actual / expected - 1) * 100 + "%)");
    }

    /** The worked model within 0.2%, the simpler reading within 2%, and busbw within 2% of the line. */
    private static void check(CollectiveResult c, long modelPs, long simplePs, String what) {
        assertWithin(modelPs, c.jctPs(), 0.002, what + " JCT against the step model");
        assertWithin(simplePs, c.jctPs(), 0.02, what + " JCT against steps x wire + L");
        assertWithin(LINE_PAYLOAD_BPS, c.busBwBps(), 0.02, what + " busbw against the line's payload rate");
        assertEquals(java.math.BigInteger.valueOf(S * 8).multiply(java.math.BigInteger.valueOf(Ps.PER_S))
                .divide(java.math.BigInteger.valueOf(c.jctPs())).longValue(), c.algBwBps(), what + " algbw = bytes / JCT");
    }

    /**
     * Ring all-reduce: 2(n-1) = 14 steps, each moving S/n = 1 MiB per rank: JCT = 14 step(S/n). busbw = algbw x
     * 2(n-1)/n = (S/n) x 14 / JCT, the rate at which each rank's link moved its slices.
     */
    @Test
    void ringAllReduce_takes2nMinus2StepsOfOneSliceEach() throws Exception {
        CollectiveResult c = run("  kind: all-reduce\n  algorithm: ring\n  ranks: 0..7\n  bytes: 8MiB");
        long slice = S / N;
        check(c, 2L * (N - 1) * step(slice), 2L * (N - 1) * wire(slice) + L_PS, "ring all-reduce");
        assertEquals(c.algBwBps() * 14 / 8, c.busBwBps(), 2, "busbw = algbw x 2(n-1)/n");
    }

    /**
     * Halving-doubling all-reduce: log2(8) = 3 halving steps of S/2, S/4, S/8 to partners at distance 4, 2, 1, then 3
     * doubling steps of S/8, S/4, S/2 at distance 1, 2, 4: JCT = sum of the six steps; the bytes a rank sends add up
     * to 2 S (n-1)/n, as in the ring, in 6 steps instead of 14.
     */
    @Test
    void halvingDoublingAllReduce_takes2Log2nStepsOfHalvingSizes() throws Exception {
        CollectiveResult c = run("  kind: all-reduce\n  algorithm: halving-doubling\n  ranks: 0..7\n  bytes: 8MiB");
        long model = 0;
        long simple = L_PS;
        for (long size : new long[] {S / 2, S / 4, S / 8, S / 8, S / 4, S / 2}) {
            model += step(size);
            simple += wire(size);
        }
        check(c, model, simple, "halving-doubling all-reduce");
    }

    /** Ring all-gather: n-1 = 7 steps of S/n; busbw = algbw x (n-1)/n = (S/n) x 7 / JCT. */
    @Test
    void ringAllGather_takesNMinus1StepsOfOneSliceEach() throws Exception {
        CollectiveResult c = run("  kind: all-gather\n  ranks: 0..7\n  bytes: 8MiB");
        long slice = S / N;
        check(c, (N - 1) * step(slice), (N - 1) * wire(slice) + L_PS, "ring all-gather");
        assertEquals(c.algBwBps() * 7 / 8, c.busBwBps(), 2, "busbw = algbw x (n-1)/n");
    }

    /**
     * Pairwise all-to-all: n-1 = 7 steps, in step s rank i sends S/n to i+s and receives S/n from i-s; it moves on
     * when both are done, and it learns that its send was received from its peer's notice, which takes the one-way
     * latency L: JCT = 7 step(S/n) + 6 L. busbw = algbw x (n-1)/n.
     */
    @Test
    void pairwiseAllToAll_takesNMinus1StepsEachAwaitingTheSendsNotice() throws Exception {
        CollectiveResult c = run("  kind: all-to-all\n  algorithm: pairwise\n  ranks: 0..7\n  bytes: 8MiB");
        long slice = S / N;
        check(c, (N - 1) * step(slice) + (N - 2) * L_PS, (N - 1) * wire(slice) + L_PS, "pairwise all-to-all");
    }
}

package io.fabricemu;

import static io.fabricemu.Cli.port;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Ultra Ethernet scenarios in {@code topologies/scenarios/uet-*.yaml}, run through the command line as a
 * user runs them, with the outcome each one exists to show asserted from what the run wrote.
 */
class UetScenariosTest {
    private static final long LINE_RATE_BPS = 100_000_000_000L;
    private static final int MTU_BYTES = 4150;
    private static final int HEADER_BYTES = 64;
    private static final long PS_PER_S = 1_000_000_000_000L;

    @TempDir
    Path tmp;

    private JsonNode run(String scenario, String... overrides) throws IOException {
        return Cli.runScenario(tmp, scenario, Cli.sets(overrides));
    }


    private static void assertAllDelivered(JsonNode r) {
        JsonNode s = r.get("summary");
        assertEquals(s.get("flows").asLong(), s.get("flowsFinished").asLong(), "every flow finishes");
        assertEquals(false, r.get("reachedStop").asBoolean(), "the run ends before its time limit");
    }

    /** A flow's rate on the wire over its whole life, headers included, in b/s. */
    private static double wireRateBps(JsonNode flow) {
        long bytes = flow.get("bytes").asLong();
        long payload = MTU_BYTES - HEADER_BYTES;
        long packets = (bytes + payload - 1) / payload;
        return (bytes + packets * HEADER_BYTES) * 8.0 * PS_PER_S / flow.get("fctPs").asLong();
    }

    /** The time {@code flows} take on one 100 Gb/s link, back to back, payload only: the best any incast can do. */
    private static long idealIncastPs(JsonNode r) {
        long bytes = 0;
        for (JsonNode f : r.get("flows")) {
            bytes += f.get("bytes").asLong();
        }
        return java.math.BigInteger.valueOf(bytes).multiply(java.math.BigInteger.valueOf(8 * PS_PER_S))
                .divide(java.math.BigInteger.valueOf(LINE_RATE_BPS)).longValueExact();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nscc", "rccc", "nscc-rccc"})
    void incast7to1_deliversEverythingNearTheBottleneckRate(String cc) throws IOException {
        JsonNode r = run("uet-incast-7to1-" + cc + ".yaml");
        assertAllDelivered(r);
        long maxFctPs = r.get("summary").get("fctMaxPs").asLong();
        assertTrue(maxFctPs <= idealIncastPs(r) * 105 / 100, "last flow at " + maxFctPs + " ps, ideal "
                + idealIncastPs(r) + " ps");
        assertEquals(0, r.get("summary").get("drops").asLong(), "trimming leaves no drops");
    }

    private static long sumOverFlows(JsonNode r, String field) {
        long sum = 0;
        for (JsonNode f : r.get("flows")) {
            sum += f.get(field).asLong();
        }
        return sum;
    }

    @Test
    void incast7to1_rodDeliversEverythingInOrderGoingBackOnEveryTrim() throws IOException {
        JsonNode rod = run("uet-incast-7to1-nscc-rod.yaml");
        JsonNode rud = run("uet-incast-7to1-nscc.yaml");
        assertAllDelivered(rod);
        assertEquals(0, sumOverFlows(rod, "outOfOrderPackets"), "the ROD target takes packets in PSN order only");
        assertTrue(sumOverFlows(rud, "outOfOrderPackets") > 0, "the RUD run takes some out of order: the count sees it");

        long rodLastPs = rod.get("summary").get("fctMaxPs").asLong();
        long rudLastPs = rud.get("summary").get("fctMaxPs").asLong();
        String fcts = "last flow ROD " + rodLastPs + " ps, RUD " + rudLastPs + " ps, ideal " + idealIncastPs(rod) + " ps";
        assertTrue(rodLastPs <= idealIncastPs(rod) * 115 / 100, fcts);

        long rodRetransmitted = rod.get("summary").get("retransmittedBytes").asLong();
        long rudRetransmitted = rud.get("summary").get("retransmittedBytes").asLong();
        assertTrue(rod.get("summary").get("trims").asLong() > 0, "the last hop trims");
        assertEquals(sumOverFlows(rod, "retransmittedBytes"), rodRetransmitted);
        assertTrue(rodRetransmitted > rudRetransmitted, "go-back-N resends what followed each trim too: ROD "
                + rodRetransmitted + " B, RUD " + rudRetransmitted + " B; " + fcts);

        // RCCC with a first burst far above the last hop's queue: trims, go-backs, timeouts and credit requests.
        JsonNode credit = run("uet-incast-7to1-nscc-rod.yaml", "transport.cc=rccc", "transport.initialCredit=400KB");
        assertAllDelivered(credit);
        assertEquals(0, sumOverFlows(credit, "outOfOrderPackets"));
        assertTrue(credit.get("summary").get("trims").asLong() > 0, "the first burst is trimmed");
    }

    @Test
    void incast7to1_rcccHoldsTheLastHopQueueToTheInitialCreditBurst() throws IOException {
        JsonNode nscc = run("uet-incast-7to1-nscc.yaml");
        JsonNode rccc = run("uet-incast-7to1-rccc.yaml");
        long initialBurstBytes = 7 * 12_500;
        long rcccPeak = port(rccc, "leaf0:p0").get("maxQueueBytes").asLong();
        long nsccPeak = port(nscc, "leaf0:p0").get("maxQueueBytes").asLong();
        assertTrue(rcccPeak <= initialBurstBytes, "RCCC peak " + rcccPeak + " B");
        assertTrue(nsccPeak > 2 * rcccPeak, "NSCC alone fills the last hop: " + nsccPeak + " B vs " + rcccPeak);
        assertEquals(0, rccc.get("summary").get("trims").asLong(), "credit prevents every trim");
        assertEquals(0, rccc.get("summary").get("retransmittedBytes").asLong());
    }

    @Test
    void incast7to1_rcccWithAnInitialCreditOfOnePacketKeepsTheQueueUnderAFewMtu() throws IOException {
        JsonNode r = run("uet-incast-7to1-rccc.yaml", "transport.initialCredit=4150B");
        assertAllDelivered(r);
        long peak = port(r, "leaf0:p0").get("maxQueueBytes").asLong();
        assertTrue(peak <= 7L * MTU_BYTES, "peak " + peak + " B: at most the first packet of each sender");
    }

    @Test
    void rcccIncast127to1_creditOnlyAckCcsDoNotSwampTheReceiversLink() throws IOException {
        // 127 senders and 250 ns slices: a slice's 3,125 B of credit is 24 B a sender, and a credit-only
        // ACK_CC to each quiet sender every slice would be 127 x 54 B = 6.9 KB per slice on a link that
        // carries 3,125 B in one. They go only to senders whose credit then covers a packet.
        JsonNode r = run("uet-incast-1023to1.yaml", "transport.cc=rccc", "topology.k=8", "workload.senders=127",
                "transport.creditSlice=250ns", "workload.bytes=20KB");
        assertAllDelivered(r);
        long nicPeak = port(r, "h0:nic").get("maxQueueBytes").asLong();
        assertTrue(nicPeak < 3_125, "receiver NIC queue peak " + nicPeak + " B, under one slice of its link");
        double goodputBps = r.get("summary").get("goodputBps").asDouble();
        assertTrue(goodputBps >= 0.9 * LINE_RATE_BPS, "goodput " + goodputBps + " b/s");
    }

    @Test
    void rcccIncast255to1_keepsTheReceiversLinkBusy() throws IOException {
        // 255 senders of 100 KB on the k = 16 fat tree: a 1 us slice's 12,500 B is 49 B a sender. Divided in
        // bytes, every sender reached its next packet in the same slice and all sent it together: half of it
        // was trimmed and the receiver's link idled half the time (52 Gb/s, last flow at 3.9 ms). The slices
        // now go out a whole packet at a time, to three or four senders in turn.
        JsonNode r = run("uet-incast-1023to1.yaml", "transport.cc=rccc", "workload.senders=255");
        assertAllDelivered(r);
        double goodputBps = r.get("summary").get("goodputBps").asDouble();
        assertTrue(goodputBps >= 0.85 * LINE_RATE_BPS, "goodput " + goodputBps + " b/s");
        long maxFctPs = r.get("summary").get("fctMaxPs").asLong();
        assertTrue(maxFctPs <= idealIncastPs(r) * 100 / 85, "last flow at " + maxFctPs + " ps, ideal "
                + idealIncastPs(r) + " ps");
        long initialBurstPackets = 255L * (12_500 / MTU_BYTES);
        assertTrue(r.get("summary").get("trims").asLong() <= initialBurstPackets,
                "only the pre-provisioned burst is trimmed: " + r.get("summary").get("trims").asLong());
    }

    @Test
    void rccc2to1_holdsEachSenderAtHalfTheReceiverRate() throws IOException {
        JsonNode r = run("uet-rccc-2to1.yaml");
        assertAllDelivered(r);
        for (JsonNode f : r.get("flows")) {
            double rate = wireRateBps(f);
            assertEquals(50e9, rate, 50e9 * 0.02, "flow " + f.get("id") + " at " + rate + " b/s");
        }
        assertTrue(port(r, "leaf0:p0").get("maxQueueBytes").asLong() <= 2 * 12_500, "only the initial credit queues");
    }

    @Test
    void localCongestion_rcvCwndPendThrottlesTheSendersWithoutReceiverDrops() throws IOException {
        JsonNode r = run("uet-local-congestion.yaml");
        assertAllDelivered(r);
        assertEquals(0, port(r, "h0:nic").get("drops").asLong(), "no packet dropped in front of memory");
        double goodputBps = r.get("summary").get("goodputBps").asDouble();
        assertEquals(50e9, goodputBps, 50e9 * 0.03, "memory's 50 Gb/s is the bottleneck");
        assertTrue(goodputBps <= 50e9, "no more than the memory writes: " + goodputBps);
        // A flow is done when its last byte is in memory. The memory starts on the first packet, whose last bit
        // reaches h0 at 1,832,000 ps (332,000 serializing 4,150 B at 100 Gb/s, 500 ns on each host link and
        // 500 ns through the leaf), and is busy from then on: 7 x 1 MiB of payload at 50 Gb/s take
        // 1,174,405,120 ps, so the last flow ends at 1,176,237,120, give or take one packet's write (653,760).
        long payloadBytes = 0;
        long lastFinishPs = 0;
        for (JsonNode f : r.get("flows")) {
            payloadBytes += f.get("bytes").asLong();
            lastFinishPs = Math.max(lastFinishPs, f.get("finishPs").asLong());
        }
        long writeRateBps = 50_000_000_000L;
        long firstArrivalPs = (long) MTU_BYTES * 8 * PS_PER_S / LINE_RATE_BPS + 3 * 500_000;
        long allWrittenPs = java.math.BigInteger.valueOf(payloadBytes)
                .multiply(java.math.BigInteger.valueOf(8 * PS_PER_S))
                .divide(java.math.BigInteger.valueOf(writeRateBps)).longValueExact();
        long onePacketWritePs = (long) (MTU_BYTES - HEADER_BYTES) * 8 * PS_PER_S / writeRateBps;
        assertEquals(1_176_237_120L, firstArrivalPs + allWrittenPs);
        assertEquals(firstArrivalPs + allWrittenPs, lastFinishPs, onePacketWritePs,
                "the last byte is committed when the write rate says");

        // The same run with the penalty threshold at the top of the buffer: nothing throttles in time.
        JsonNode late = run("uet-local-congestion.yaml", "transport.receiverMemory.penaltyThreshold=524287B");
        assertAllDelivered(late);
        assertTrue(port(late, "h0:nic").get("drops").asLong() > 0, "without the penalty the buffer overflows");
    }

    @Test
    void linkCongestion_ecmpCollidesAndEntropySprayingRecoversTheLineRate() throws IOException {
        JsonNode ecmp = run("uet-link-congestion.yaml");
        assertAllDelivered(ecmp);
        for (JsonNode f : ecmp.get("flows")) {
            assertTrue(wireRateBps(f) < 55e9, "ECMP puts both flows on one uplink: " + wireRateBps(f));
        }
        for (String lb : new String[] {"spray", "reps"}) {
            JsonNode sprayed = run("uet-link-congestion.yaml", "transport.loadBalancing=" + lb);
            assertAllDelivered(sprayed);
            for (JsonNode f : sprayed.get("flows")) {
                assertTrue(wireRateBps(f) >= 90e9, lb + ": flow " + f.get("id") + " at " + wireRateBps(f));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nscc", "rccc", "nscc-rccc"})
    void fatTree15to1_finishesEveryFlowWithin115PercentOfIdeal(String cc) throws IOException {
        JsonNode r = run("uet-fat-tree-15to1-" + cc + ".yaml");
        assertAllDelivered(r);
        long idealPs = idealIncastPs(r);
        for (JsonNode f : r.get("flows")) {
            long fct = f.get("fctPs").asLong();
            assertTrue(fct <= idealPs * 115 / 100, "flow " + f.get("id") + ": " + fct + " ps, ideal " + idealPs);
        }
        assertTrue(r.get("summary").has("retransmittedBytes"));
        long retransmitted = 0;
        for (JsonNode f : r.get("flows")) {
            retransmitted += f.get("retransmittedBytes").asLong();
        }
        assertEquals(retransmitted, r.get("summary").get("retransmittedBytes").asLong());
    }

    @Test
    void fatTreePermutation_sprayingRunsEveryFlowAtNinetyPercentOfLineRate() throws IOException {
        JsonNode r = run("uet-fat-tree-permutation.yaml");
        assertAllDelivered(r);
        for (JsonNode f : r.get("flows")) {
            assertTrue(wireRateBps(f) >= 0.9 * LINE_RATE_BPS, "flow " + f.get("id") + " at " + wireRateBps(f));
        }
    }

    @Test
    void uetRuns_areDeterministicAcrossShardCounts() throws IOException {
        for (String scenario : new String[] {"uet-incast-7to1-nscc-rccc.yaml", "uet-incast-7to1-nscc-rod.yaml",
                "uet-fat-tree-permutation.yaml"}) {
            String one = run(scenario).get("digest").asText();
            Path out = tmp.resolve("sharded" + System.nanoTime());
            Cli.Outcome o = Cli.run("run", Cli.scenario(scenario), "--quiet", "--out=" + out, "--shards", "3");
            assertEquals(0, o.exitCode(), o.err());
            assertEquals(one, Cli.results(out).get("digest").asText(), scenario + " on 3 shards");
        }
    }

    /**
     * A flapping spine link under per-flow ECMP black-holes data and ACK_CCs alike: packets a sender gives up by
     * timeout may have arrived, counted in a later ACK_CC's rcvd_bytes before their own timer fires. NSCC's
     * inflight must stay exact through that, or the resent copy (a duplicate rcvd_bytes never counts) stays in
     * flight for good and a context at its minimum window stops sending: this run used to end with 774 of its
     * 960 flows finished and no event left.
     */
    @Test
    void allReduceThroughAFlappingLink_perFlowEcmp_everyFlowFinishes() throws IOException {
        JsonNode r = run("faults-all-reduce-flap.yaml", "transport.loadBalancing=ecmp", "workload.bytes=2MiB");
        assertAllDelivered(r);
        assertTrue(r.get("summary").get("faultDropPackets").asLong() > 0, "the flaps lost packets");
    }
}

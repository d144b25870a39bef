package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fabric-emu against the Ultra Ethernet Consortium's reference simulator (htsim in the public repository
 * ultraethernet/uet-htsim, {@code htsim_uec} with {@code -hop_latency 0.5 -switch_latency 0.5 -sender_cc_only
 * -sender_cc_algo nscc -load_balancing_algo reps}) on the same traffic matrix and configuration. First
 * {@code uet-incast-1023to1-reference.yaml}: 1023 senders of 100,000 B into one host of the k = 16 fat tree under
 * NSCC. The reference finishes the last flow at 10.9 ms and resends about 2.1 GB of payload (514,442 packets in
 * a run at commit 40ccb05); line rate would finish at 8.31 ms.
 */
class FidelityTest {
    private static final long REFERENCE_LAST_FLOW_PS = 10_900_000_000L;
    private static final long REFERENCE_RESENT_BYTES = 2_100_000_000L;
    private static final long LINE_RATE_LAST_FLOW_PS = 8_310_000_000L;
    /** The reference on uet-permutation-1024-reference.yaml's matrix: last flow and median flow. */
    private static final long PERMUTATION_LAST_FLOW_PS = 217_233_000L;
    private static final long PERMUTATION_MEDIAN_FLOW_PS = 201_225_000L;
    /**
     * The reference with {@code -strat ecmp_ar} (switch adaptive routing by queue size, per packet, one entropy value
     * per flow) on the same matrix: last flow and median flow (99th percentile 194.7 us), nothing resent.
     */
    private static final long AR_PERMUTATION_LAST_FLOW_PS = 196_600_000L;
    private static final long AR_PERMUTATION_MEDIAN_FLOW_PS = 189_400_000L;
    /** The reference on uet-fat-tree-15to1-reference.yaml: last and median flow, and 1,055 packets resent. */
    private static final long FAT_TREE_15_LAST_FLOW_PS = 2_580_670_000L;
    private static final long FAT_TREE_15_MEDIAN_FLOW_PS = 2_219_960_000L;
    private static final long FAT_TREE_15_RESENT_BYTES = 1_055L * 4_086;

    @TempDir
    Path tmp;

    @Test
    void nsccIncast1023to1_lastFlowWithinTenPercentOfTheReference_resentAtMostHalfAgainAsMuch() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "uet-incast-1023to1-reference.yaml");
        JsonNode s = r.get("summary");
        assertEquals(1023, s.get("flowsFinished").asLong(), "every flow finishes");
        long lastPs = 0;
        for (JsonNode f : r.get("flows")) {
            lastPs = Math.max(lastPs, f.get("finishPs").asLong());
        }
        assertTrue(lastPs >= LINE_RATE_LAST_FLOW_PS, "last flow at " + lastPs + " ps, faster than line rate");
        assertTrue(Math.abs(lastPs - REFERENCE_LAST_FLOW_PS) <= REFERENCE_LAST_FLOW_PS / 10,
                "last flow at " + lastPs + " ps, the reference's at " + REFERENCE_LAST_FLOW_PS + " ps");
        long resent = s.get("retransmittedBytes").asLong();
        assertTrue(resent <= REFERENCE_RESENT_BYTES * 3 / 2,
                resent + " B resent, the reference about " + REFERENCE_RESENT_BYTES + " B");
    }

    /**
     * The 1024-host permutation of 2,000,000 B flows in the reference's default configuration, whose src->dst
     * pairs the reference was run on: fabric-emu's last and median flows within 10% of its (now 204.1 us, -6.0%,
     * and 195.8 us, -2.7%). Every flow starts at 0 and needs 490 packets, 163 us at line rate.
     */
    @Test
    void nsccPermutation1024_lastAndMedianFlowWithinTenPercentOfTheReference() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "uet-permutation-1024-reference.yaml");
        assertLastAndMedianWithinTenPercent(r, 1024, PERMUTATION_LAST_FLOW_PS, PERMUTATION_MEDIAN_FLOW_PS);
    }

    /**
     * The same permutation under switch adaptive routing, as the reference's {@code -strat ecmp_ar} runs it: each flow
     * on one entropy value, every switch choosing per packet among the least loaded shortest-path ports. Last and
     * median flow within 10% of the reference's (now 205.9 us, +4.7%, and 198.8 us, +5.0%), and neither resends
     * anything.
     */
    @Test
    void adaptiveRoutingPermutation1024_lastAndMedianFlowWithinTenPercentOfTheReference() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "uet-permutation-1024-reference.yaml", "--set",
                "transport.loadBalancing=ecmp", "--set", "switch.adaptiveRouting.method=queue", "--set",
                "sampling.interval=off");
        assertLastAndMedianWithinTenPercent(r, 1024, AR_PERMUTATION_LAST_FLOW_PS, AR_PERMUTATION_MEDIAN_FLOW_PS);
        assertEquals(0, r.get("summary").get("retransmittedBytes").asLong(), "the reference resends nothing either");
    }

    /**
     * A 15:1 incast on the k = 4 fat tree in the reference's configuration: a fan-in where NSCC's target queue (one
     * network RTT of delay) is as deep as the one-BDP queues, so both simulators trim through the whole run, not only
     * in the first round trip. fabric-emu now: last flow 2.591 ms (+0.4%), median 2.290 ms (+3.2%), 3.70 MB resent
     * (0.86x the reference's 4.31 MB).
     */
    @Test
    void nsccFatTree15to1_lastAndMedianFlowWithinTenPercent_resentAtMostHalfAgainAsMuch() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "uet-fat-tree-15to1-reference.yaml");
        assertLastAndMedianWithinTenPercent(r, 15, FAT_TREE_15_LAST_FLOW_PS, FAT_TREE_15_MEDIAN_FLOW_PS);
        long resent = r.get("summary").get("retransmittedBytes").asLong();
        assertTrue(resent <= FAT_TREE_15_RESENT_BYTES * 3 / 2,
                resent + " B resent, the reference " + FAT_TREE_15_RESENT_BYTES + " B");
    }

    /**
     * The reference on faults-permutation-1024-degraded.yaml's matrix with {@code -failed 8} (the same eight core to
     * agg links at 25 Gb/s, htsim seed 1): median, 99th percentile (the 1,014th of 1,024) and last flow, per load
     * balancer. Oblivious spraying is fabric-emu's {@code spray}.
     */
    private static final long[][] FAILED_8_REFERENCE_PS = {
        {204_360_000L, 265_566_000L, 313_400_000L},
        {195_681_000L, 213_187_000L, 224_213_000L},
        {201_381_000L, 241_380_000L, 280_400_000L}};
    private static final String[] FAILED_8_LOAD_BALANCERS = {"spray", "bitmap", "reps"};

    /**
     * The 1024-host permutation with htsim's {@code -failed 8} links at a quarter of their rate, under oblivious
     * spraying, the penalty bitmap and REPS. Medians within 10% of the reference's; the 99th percentile and the last
     * flow within 25%, and longer: htsim also cuts the slow ports' queues (to 41,500 B) and ECN thresholds to a
     * quarter, so its senders see trims and marks from those ports sooner, where fabric-emu's keep the whole
     * 166,000 B (53 us at 25 Gb/s). The order of the three by their tail is the reference's: the bitmap rides
     * through best, spraying worst.
     */
    @Test
    void failed8Permutation_mediansWithinTenPercent_tailsWithinAQuarter_loadBalancersInTheReferencesOrder()
            throws IOException {
        long[] p99 = new long[FAILED_8_LOAD_BALANCERS.length];
        for (int i = 0; i < FAILED_8_LOAD_BALANCERS.length; i++) {
            String lb = FAILED_8_LOAD_BALANCERS[i];
            JsonNode r = Cli.runScenario(tmp, "faults-permutation-1024-degraded.yaml",
                    Cli.sets("transport.loadBalancing=" + lb, "sampling.interval=off"));
            assertEquals(1024, r.get("summary").get("flowsFinished").asLong(), lb + ": every flow finishes");
            long[] fct = new long[1024];
            int k = 0;
            for (JsonNode f : r.get("flows")) {
                fct[k++] = f.get("fctPs").asLong();
            }
            Arrays.sort(fct);
            long[] reference = FAILED_8_REFERENCE_PS[i];
            long median = fct[512];
            p99[i] = fct[1013];
            long last = fct[1023];
            assertTrue(Math.abs(median - reference[0]) <= reference[0] / 10,
                    lb + ": median " + median + " ps, the reference's " + reference[0]);
            assertTrue(p99[i] >= reference[1] * 9 / 10 && p99[i] <= reference[1] * 5 / 4,
                    lb + ": p99 " + p99[i] + " ps, the reference's " + reference[1]);
            assertTrue(last >= reference[2] * 9 / 10 && last <= reference[2] * 5 / 4,
                    lb + ": last " + last + " ps, the reference's " + reference[2]);
        }
        assertTrue(p99[1] < p99[2] && p99[2] < p99[0], "bitmap, then REPS, then spraying: " + Arrays.toString(p99));
    }

    /**
     * The reference with {@code -planes 2} (less its one check that the planes have the same tiers, see
     * docs/fidelity.md) on the src->dst pairs of uet-permutation-1024-reference.yaml at k = 8: 128 hosts, each NIC
     * with a 100 Gb/s port into each of two copies of the fat tree. Median, 99th percentile (the 127th of 128) and
     * last flow; nothing resent.
     */
    private static final long[] PLANES_2_REFERENCE_PS = {140_503_000L, 145_004_000L, 145_586_000L};
    /** fabric-emu's median, 99th percentile and last flow on that run when it was checked against the reference. */
    private static final long[] PLANES_2_PS = {101_145_440L, 104_367_520L, 105_107_360L};
    private static final String[] FIGURES = {"median", "p99", "last"};

    /**
     * The permutation on two planes, each NIC spraying over its two ports as the reference's {@code UecNIC} does.
     * Here the figures are not within 10% of the reference's but 28% shorter, for one measured reason: the reference
     * sizes each flow's NSCC window for one NIC port ({@code UecSrc::initNscc} takes {@code UecNIC::linkspeed()},
     * a port's rate: MaxWnd 244,176 B, 1.5 BDPs of 100 Gb/s), fabric-emu for the whole NIC's 200 Gb/s. With its
     * window sized for one port fabric-emu gave 142.9, 144.7 and 145.2 us (+1.7%, -0.2%, -0.3%); on one plane the
     * same pairs are within 6% of the reference's. So this holds fabric-emu's figures within 5% of what they were,
     * and between 65% and 80% of the reference's; neither resends anything.
     */
    @Test
    void nsccPermutationOnTwoPlanes_shorterThanTheReferenceByItsWindowForOnePort() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "uet-permutation-1024-reference.yaml",
                Cli.sets("topology.k=8", "topology.planes=2", "sampling.interval=off"));
        assertEquals(128, r.get("summary").get("flowsFinished").asLong(), "every flow finishes");
        assertEquals(0, r.get("summary").get("retransmittedBytes").asLong(), "the reference resends nothing either");
        long[] figures = medianP99Last(r, 128);
        for (int i = 0; i < figures.length; i++) {
            String what = FIGURES[i] + " " + figures[i] + " ps";
            assertTrue(Math.abs(figures[i] - PLANES_2_PS[i]) <= PLANES_2_PS[i] / 20,
                    what + ", " + PLANES_2_PS[i] + " ps when checked against the reference");
            assertTrue(figures[i] >= PLANES_2_REFERENCE_PS[i] * 65 / 100
                            && figures[i] <= PLANES_2_REFERENCE_PS[i] * 80 / 100,
                    what + ", the reference's (its window sized for one port) " + PLANES_2_REFERENCE_PS[i] + " ps");
        }
    }

    /** The same two planes with NSCC's window sized for one port, as the reference sizes it: within 10% of it. */
    @Test
    void nsccPermutationOnTwoPlanes_windowForOnePort_withinTenPercentOfTheReference() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "uet-permutation-1024-reference.yaml",
                Cli.sets("topology.k=8", "topology.planes=2", "sampling.interval=off", "transport.windowRate=port"));
        assertEquals(0, r.get("summary").get("retransmittedBytes").asLong(), "the reference resends nothing either");
        long[] figures = medianP99Last(r, 128);
        assertEquals(128, r.get("summary").get("flowsFinished").asLong(), "every flow finishes");
        for (int i = 0; i < figures.length; i++) {
            assertTrue(Math.abs(figures[i] - PLANES_2_REFERENCE_PS[i]) <= PLANES_2_REFERENCE_PS[i] / 10,
                    FIGURES[i] + " " + figures[i] + " ps, the reference's " + PLANES_2_REFERENCE_PS[i] + " ps");
        }
    }

    /** The median, 99th-percentile and last finish times of the {@code flows} flows of run {@code r}, in ps. */
    private static long[] medianP99Last(JsonNode r, int flows) {
        long[] finish = new long[flows];
        int k = 0;
        for (JsonNode f : r.get("flows")) {
            finish[k++] = f.get("finishPs").asLong();
        }
        Arrays.sort(finish);
        return new long[] {finish[flows / 2], finish[flows * 99 / 100], finish[flows - 1]};
    }

    /** Every one of {@code flows} flows finished, the last and the median within 10% of the reference's. */
    private static void assertLastAndMedianWithinTenPercent(JsonNode r, int flows, long referenceLastPs,
                                                            long referenceMedianPs) {
        assertEquals(flows, r.get("summary").get("flowsFinished").asLong(), "every flow finishes");
        long[] finish = new long[flows];
        int k = 0;
        for (JsonNode f : r.get("flows")) {
            finish[k++] = f.get("finishPs").asLong();
        }
        Arrays.sort(finish);
        long lastPs = finish[finish.length - 1];
        long medianPs = finish[finish.length / 2];
        assertTrue(Math.abs(lastPs - referenceLastPs) <= referenceLastPs / 10,
                "last flow at " + lastPs + " ps, the reference's at " + referenceLastPs + " ps");
        assertTrue(Math.abs(medianPs - referenceMedianPs) <= referenceMedianPs / 10,
                "median flow at " + medianPs + " ps, the reference's at " + referenceMedianPs + " ps");
    }
}

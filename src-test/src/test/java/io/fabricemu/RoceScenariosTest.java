package io.fabricemu;

import static io.fabricemu.Cli.port;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RoCEv2 scenarios of {@code topologies/scenarios/roce-*.yaml}, run through the command line, each
 * asserting the outcome it exists to show: DCQCN without PFC, congestion spreading under PFC, DCQCN's fair
 * share under PFC, and the 8:1 incast under DCQCN + PFC beside Ultra Ethernet NSCC.
 */
class RoceScenariosTest {
    private static final String SCENARIO = "roce-incast-8to1-dcqcn.yaml";

    @TempDir
    Path tmp;

    /** The DCQCN incast without PFC, with 512 KiB flows (a few milliseconds of virtual time). */
    private JsonNode run(String... extra) throws IOException {
        String[] fixed = {"--set", "workload.bytes=512KiB"};
        String[] args = new String[fixed.length + extra.length];
        System.arraycopy(fixed, 0, args, 0, fixed.length);
        System.arraycopy(extra, 0, args, fixed.length, extra.length);
        return runScenario(SCENARIO, args);
    }

    private JsonNode runScenario(String scenario, String... extra) throws IOException {
        return Cli.runScenario(tmp, scenario, extra);
    }

    private static long sum(JsonNode results, String field) {
        long total = 0;
        for (JsonNode p : results.get("ports")) {
            total += p.get(field).asLong();
        }
        return total;
    }

    @Test
    void dcqcnIncast_deliversEverythingWithoutDropsAndMarksEcn_sameDigestOnOneAndThreeShards() throws IOException {
        JsonNode one = run("--shards", "1");
        JsonNode s = one.get("summary");
        assertEquals(8, s.get("flowsFinished").asLong(), "every flow finishes");
        assertEquals(false, one.get("reachedStop").asBoolean());
        assertEquals(0, sum(one, "drops"), "queues are deep enough that nothing drops");
        assertTrue(sum(one, "ecnMarks") > 0, "the bottleneck marks, so DCQCN has something to react to");
        for (JsonNode f : one.get("flows")) {
            assertEquals(false, f.get("failed").asBoolean());
            assertEquals(0, f.get("retransmittedBytes").asLong());
        }
        JsonNode three = run("--shards", "3");
        assertEquals(one.get("digest").asText(), three.get("digest").asText(), "three shards");
    }

    @Test
    void dcqcnFlows_plotTheirRate_notTheQpsOutstandingBound() throws IOException {
        Path out = Cli.runInto(tmp, 0, Cli.scenario(SCENARIO), "--set", "workload.bytes=512KiB");
        List<String> rows = Files.readAllLines(out.resolve("series-flows.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        int window = header.indexOf("window_bytes");
        int rate = header.indexOf("rate_bps");
        long rated = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",", -1);
            assertTrue(cells[window].isEmpty() || cells[window].equals("-1"), "a DCQCN QP has no window: " + row);
            rated += cells[rate].isEmpty() || cells[rate].equals("-1") ? 0 : 1;
        }
        assertTrue(rated > 0, "and a rate");
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("packets per ms of virtual time"), "signals per ms, as in compare reports");
    }

    @Test
    void roceWithoutCongestionControl_windowBoundsTheQueue_finishesAtTheBottleneckRate() throws IOException {
        // No DCQCN: eight QPs at line rate, each at most 256 KiB outstanding, so the bottleneck queue holds at
        // most 8 x 256 KiB and never drops. 4 MiB of payload through 100 Gb/s (4,086 of every 4,150 B) takes
        // 4 x 2^20 x 8 / 1e11 x 4150 / 4086 = 0.3408 ms; the last flow finishes within 10% of that.
        JsonNode r = run("--set", "transport.cc=roce", "--set", "transport.window=256KiB");
        assertEquals(8, r.get("summary").get("flowsFinished").asLong());
        assertEquals(0, sum(r, "drops"));
        long lastFinishPs = 0;
        for (JsonNode f : r.get("flows")) {
            lastFinishPs = Math.max(lastFinishPs, f.get("finishPs").asLong());
        }
        assertTrue(lastFinishPs < 340_800_000L * 11 / 10, "last finish " + lastFinishPs + " ps");
    }


    private static long pfc(JsonNode results, String portId, String counter) {
        return port(results, portId).get("pfc").get(counter).asLong();
    }

    @Test
    void congestionSpreading_pfcPausesTheVictimAlongTheIncastsPath() throws IOException {
        // Flows 0..6: hosts 8..14 -> host 0; flow 7, the victim: host 15 -> host 1, sharing leaf 1's uplink and
        // the spine's link to leaf 0 with the incast, but not leaf 0's port to host 0.
        JsonNode pfc = runScenario("roce-congestion-spreading.yaml");
        assertEquals(8, pfc.get("summary").get("flowsFinished").asLong());
        assertEquals(0, sum(pfc, "drops"), "lossless");
        // The control: the same run with thresholds no ingress ever reaches, so nothing pauses (and with a
        // lossless class nothing drops either).
        JsonNode control = runScenario("roce-congestion-spreading.yaml", "--set", "switch.pfc.xoff=1GB",
                "--set", "switch.pfc.xon=1GB");
        assertEquals(0, control.get("summary").get("pfcPausesSent").asLong());
        long victimPfcPs = pfc.get("flows").get(7).get("fctPs").asLong();
        long victimControlPs = control.get("flows").get(7).get("fctPs").asLong();
        // Alone at line rate 2 MiB takes 2^21 x 8 / 1e11 x 4150 / 4086 = 170.4 us plus a round trip; without
        // pauses the victim stays close to that, under PFC it waits behind the incast's pauses.
        assertTrue(victimControlPs < 220_000_000L, "victim without pauses: " + victimControlPs + " ps");
        assertTrue(victimPfcPs > 4 * victimControlPs, "victim under PFC " + victimPfcPs + " ps against "
                + victimControlPs + " ps without pauses");
        // The pause path, hop by hop back from the congested port: leaf 0's ingress from the spine pauses the
        // spine's egress to leaf 0; the spine's ingress from leaf 1 pauses leaf 1's uplink; leaf 1's ingress
        // from the victim's host pauses the victim's own NIC.
        assertTrue(pfc(pfc, "leaf0:p8", "pausesSent") > 0, "leaf 0 pauses the spine");
        assertTrue(pfc(pfc, "spine0:p0", "pausedPs") > 0, "the spine's egress to leaf 0 is paused");
        assertTrue(pfc(pfc, "spine0:p1", "pausesSent") > 0, "the spine pauses leaf 1");
        assertTrue(pfc(pfc, "leaf1:p8", "pausedPs") > 0, "leaf 1's uplink is paused");
        assertTrue(pfc(pfc, "leaf1:p7", "pausesSent") > 0, "leaf 1 pauses the victim's host");
        assertTrue(pfc(pfc, "h15:nic", "pausedPs") > victimPfcPs / 2,
                "the victim's NIC is paused most of the time: " + pfc(pfc, "h15:nic", "pausedPs") + " ps");
        assertEquals(0, pfc(pfc, "h1:nic", "pausedPs"), "the victim's receiver is never paused");
    }

    @Test
    void dcqcnIncastUnderPfc_convergesToAFairShareWithoutDrops() throws IOException {
        // Eight QPs into one 100 Gb/s port; the first finishes after 5 ms. Per-flow throughput over the second
        // half of the first 5 ms is the bytes delivered between two runs stopped at 2.5 and 5 ms (a run
        // stopped earlier is exactly a prefix of one stopped later).
        String file = "roce-incast-8to1-dcqcn-pfc.yaml";
        JsonNode half = runScenario(file, "--set", "stop=2500us");
        JsonNode full = runScenario(file, "--set", "stop=5ms");
        double sum = 0;
        double squares = 0;
        StringBuilder rates = new StringBuilder();
        for (int f = 0; f < 8; f++) {
            double bytes = full.get("flows").get(f).get("deliveredBytes").asLong()
                    - half.get("flows").get(f).get("deliveredBytes").asLong();
            assertEquals(-1, full.get("flows").get(f).get("finishPs").asLong(), "flow " + f + " still running");
            sum += bytes;
            squares += bytes * bytes;
            rates.append(String.format(java.util.Locale.ROOT, " %.2f", bytes * 8 / 2.5e-3 / 1e9));
        }
        double jain = sum * sum / (8 * squares);
        assertTrue(jain >= 0.95, "Jain index " + jain + " over 2.5..5 ms; Gb/s per flow:" + rates);
        assertTrue(sum * 8 / 2.5e-3 > 80e9, "the port stays busy: Gb/s per flow" + rates);
        assertEquals(0, sum(full, "drops"), "no drops under PFC");
        assertTrue(sum(full, "ecnMarks") > 0, "DCQCN sees marks");
        assertTrue(full.get("summary").get("pfcPausesSent").asLong() > 0, "and PFC pauses the senders");
    }

    @Test
    void incast8to1_dcqcnWithPfcBesideNsccInOneTable() throws IOException {
        Path out = tmp.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", Cli.scenario("roce-incast-8to1-dcqcn-pfc.yaml"),
                Cli.scenario("uet-incast-8to1-nscc.yaml"), "--set", "workload.bytes=2MiB", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().lines().anyMatch(l -> l.contains("roce-incast-8to1-dcqcn-pfc")
                && l.contains("uet-incast-8to1-nscc")), o.out());
        JsonNode dcqcn = Cli.results(out.resolve("roce-incast-8to1-dcqcn-pfc"));
        JsonNode nscc = Cli.results(out.resolve("uet-incast-8to1-nscc"));
        for (JsonNode r : new JsonNode[] {dcqcn, nscc}) {
            assertEquals(8, r.get("summary").get("flowsFinished").asLong(), r.get("scenario").asText());
            assertEquals(0, r.get("summary").get("drops").asLong(), r.get("scenario").asText());
        }
        assertTrue(dcqcn.get("summary").get("pfcPausesSent").asLong() > 0, "DCQCN leans on PFC");
        assertEquals(0, nscc.get("summary").get("pfcPausesSent").asLong(), "NSCC runs without PFC");
        assertTrue(nscc.get("summary").get("hottestPortBytes").asLong()
                < dcqcn.get("summary").get("hottestPortBytes").asLong(), "NSCC keeps the queue shallower:\n" + o.out());
    }
}

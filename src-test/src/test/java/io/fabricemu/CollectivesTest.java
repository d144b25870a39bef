package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Collectives on every transport, through the command line: two jobs at once on a 2-leaf fabric, a chunked ring
 * all-reduce over two iterations on one leaf's hosts and the other's, and a pairwise all-to-all across the spines;
 * every flow finishes and results.json and collectives.csv give each collective's iterations. The same digest on
 * 1, 2 and 3 shards and on 2 JVMs.
 */
class CollectivesTest {
    static String scenario(String cc, int chunks) {
        return scenario(cc, chunks, "  queue: 1MiB");
    }

    /** {@code switchLines}: the switch's queue and any stage (PFC, WREB) on top of latency and ECN. */
    static String scenario(String cc, int chunks, String switchLines) {
        return String.join("\n",
                "name: two-jobs",
                "seed: 3",
                "topology:",
                "  kind: leaf-spine",
                "  leaves: 2",
                "  hostsPerLeaf: 4",
                "  spines: 2",
                "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 500ns}",
                "switch:",
                "  latency: 500ns",
                switchLines,
                "  ecn:",
                "    - {kmin: 100KB, kmax: 400KB, pmax: 20%}",
                "transport:",
                "  mtu: 4150B",
                "  header: 64B",
                "  cc: " + cc,
                "workload:",
                "  kind: mix",
                "  parts:",
                "    - {kind: all-reduce, name: training, ranks: [0, 4, 1, 5], bytes: 512KiB, chunks: " + chunks + ","
                        + " iterations: 2, computeGap: 2us}",
                "    - {kind: all-to-all, name: moe, algorithm: pairwise, ranks: [2, 3, 6, 7], bytes: 256KiB}",
                "stop: 50ms",
                "");
    }

    @TempDir
    Path dir;

    private JsonNode run(String cc, int chunks, String... extra) throws IOException {
        Path file = dir.resolve("two-jobs-" + cc.replace('+', '-') + ".yaml");
        Files.writeString(file, scenario(cc, chunks));
        Path out = Cli.runInto(dir, 0, file.toString(), extra);
        JsonNode r = Cli.results(out);
        List<String> csv = Files.readAllLines(out.resolve("collectives.csv"));
        assertEquals("name,kind,algorithm,ranks,bytes,iteration,startPs,finishPs,jctPs,algBwBps,busBwBps", csv.get(0));
        assertEquals(1 + 3, csv.size(), "two iterations of the all-reduce, one of the all-to-all");
        assertTrue(csv.get(1).startsWith("training,all-reduce,ring,0;4;1;5,524288,0,0,"), csv.get(1));
        return r;
    }

    /*
     * Chunked, under every transport: under RCCC a chunk that joins its destination's open context after the
     * earlier chunk sent everything asks for credit at once (with 4 chunks it waited forever before).
     */
    @ParameterizedTest(name = "{0}, {1} chunks")
    @CsvSource({"none, 2", "nscc, 2", "rccc, 4", "nscc+rccc, 4", "roce, 2", "dcqcn, 2"})
    void everyTransport_runsBothJobsToTheEnd(String cc, int chunks) throws IOException {
        JsonNode r = run(cc, chunks);
        assertEquals(r.get("summary").get("flows"), r.get("summary").get("flowsFinished"), "every flow finishes");
        JsonNode c = r.get("collectives");
        assertEquals(3, c.size());
        for (JsonNode it : c) {
            assertTrue(it.get("jctPs").asLong() > 0 && it.get("busBwBps").asLong() > 0, it.toString());
            assertEquals(it.get("finishPs").asLong() - it.get("startPs").asLong(), it.get("jctPs").asLong());
        }
        assertEquals("moe", c.get(2).get("name").asText());
        assertEquals(1, c.get(1).get("iteration").asInt());
        assertTrue(c.get(1).get("startPs").asLong() >= c.get(0).get("finishPs").asLong() - 1_000_000_000L
                && c.get(1).get("startPs").asLong() > c.get(0).get("startPs").asLong(), "iteration 1 follows 0");
    }

    /** With PFC pausing a small queue under DCQCN, and with WREB notices under NSCC, both jobs still finish. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "dcqcn | 0 | PFC | '  queue: 178450B\n  pfc:\n    classes: [0]\n    xoff: 64KiB\n    xon: 32KiB'",
        "nscc | 1 | WREB | '  queue: 1MiB\n  wreb:\n    enabled: true\n    profile: linear\n    kmin: 50KB\n"
                + "    kmax: 250KB\n    pmax: 0.1'"})
    void switchStages_asConfigured_leaveTheCollectivesToFinish(String cc, int which, String stage, String lines)
            throws IOException {
        Path file = dir.resolve("stage.yaml");
        Files.writeString(file, scenario(cc, 2, lines.replace("\\n", "\n")));
        Path out = dir.resolve("stage");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        JsonNode s = Cli.results(out).get("summary");
        assertEquals(s.get("flows"), s.get("flowsFinished"), stage);
        long signals = which == 0 ? s.get("pfcPausesSent").asLong() : s.get("btsSent").asLong();
        assertTrue(signals > 0, stage + " acted: " + s);
        assertEquals(3, Cli.results(out).get("collectives").size());
    }

    @Test
    void summaryAndCompare_showJctAndBusbwPerCollective() throws IOException {
        Path file = dir.resolve("two-jobs.yaml");
        Files.writeString(file, scenario("none", 2));
        Cli.Outcome run = Cli.run("run", file.toString(), "--out", dir.resolve("run").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().matches("(?s).*collective training +all-reduce ring, 4 ranks, 2 / 2 iterations, JCT mean"
                + " [0-9.]+ us \\(max [0-9.]+ us\\), busbw [0-9.]+ Gb/s.*"), run.out());
        assertTrue(run.out().contains("collective moe"), run.out());
        String report = Files.readString(dir.resolve("run").resolve("report.html"));
        for (String plot : List.of("Job completion time per iteration", "Step timeline of training (all-reduce, ring)",
                "Step timeline of moe (all-to-all, pairwise)", "began the last step last")) {
            assertTrue(report.contains(plot), plot);
        }
        Cli.Outcome compare = Cli.run("compare", file.toString(), "--cc", "none,dcqcn", "--out",
                dir.resolve("compare").toString());
        assertEquals(0, compare.exitCode(), compare.err());
        assertTrue(Files.readString(dir.resolve("compare").resolve("report.html"))
                .contains("Job completion time per iteration"), "compare's report plots JCT per iteration");
        for (String row : List.of("training JCT", "training busbw", "moe JCT", "moe busbw")) {
            assertTrue(compare.out().lines().anyMatch(l -> l.strip().startsWith(row) && l.contains("Gb/s")
                    == row.endsWith("busbw")), row + " in\n" + compare.out());
        }
    }

    @Test
    void oneTwoAndThreeShards_andTwoJvms_giveTheSameDigest() throws IOException {
        JsonNode one = run("nscc", 2, "--shards", "1");
        for (String[] how : List.of(new String[] {"--shards", "2"}, new String[] {"--shards", "3"},
                new String[] {"--jvms", "2"})) {
            JsonNode other = run("nscc", 2, how);
            assertEquals(one.get("digest"), other.get("digest"), String.join(" ", how));
            assertEquals(one.get("collectives"), other.get("collectives"), String.join(" ", how));
            assertEquals(one.get("events"), other.get("events"), String.join(" ", how));
        }
    }
}

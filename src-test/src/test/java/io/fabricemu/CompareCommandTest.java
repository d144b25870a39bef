package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabric-emu compare}: runs side by side, one table, one atomically written folder. */
class CompareCommandTest {
    private static final String BASELINE = Cli.scenario("incast-7to1.yaml");
    private static final String NSCC = Cli.scenario("uet-incast-7to1-nscc.yaml");

    @TempDir
    Path tmp;

    @Test
    void compare_printsOneColumnPerRunAndWritesEachRunsResults() throws IOException {
        Path out = tmp.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", BASELINE, NSCC, "--set", "workload.bytes=256KiB", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        String header = o.out().lines().filter(l -> l.contains("incast-7to1") && l.contains("uet-incast-7to1-nscc")
                && !l.contains("fabric-emu")).findFirst().orElse("");
        assertFalse(header.isEmpty(), "a header line names both runs:\n" + o.out());
        for (String row : List.of("flows finished", "FCT max", "goodput", "drops", "trims", "retransmitted")) {
            assertTrue(o.out().contains(row), "the table shows " + row + ":\n" + o.out());
        }
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        assertEquals("metric,incast-7to1,uet-incast-7to1-nscc", csv.get(0));
        assertTrue(csv.contains("flows_finished,7,7"), String.join("\n", csv));
        assertTrue(Files.readString(out.resolve("comparison.md")).startsWith("|  | incast-7to1 | uet-incast-7to1-nscc |"));
        JsonNode nscc = Cli.results(out.resolve("uet-incast-7to1-nscc"));
        assertEquals(262144, nscc.get("flows").get(0).get("bytes").asLong());
        String maxFct = csv.stream().filter(l -> l.startsWith("FCT_max,")).findFirst().orElseThrow();
        assertEquals(Cli.results(out.resolve("incast-7to1")).get("summary").get("fctMaxPs").asText(),
                maxFct.split(",")[1]);
    }

    @Test
    void compare_withARunTheModelHalted_exits3AsRunDoes_afterWritingAndPrintingTheWholeComparison()
            throws IOException {
        // the deadlocking ring halts at 104.8 us; the same ring without PFC runs to the 200 us stop
        Path out = tmp.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", Cli.scenario("pfc-deadlock-ring.yaml"), Cli.scenario("ring-4-clockwise.yaml"),
                "--set", "stop=200us", "--out", out.toString());
        assertEquals(3, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("halted: pfc-deadlock-ring: PFC deadlock at 104.829 us"), o.err());
        assertFalse(o.err().contains("ring-4-clockwise"), "only the halted run is named:\n" + o.err());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("\\s*halted\\s+yes\\s+no")), o.out());
        assertTrue(Files.readString(out.resolve("comparison.md")).contains("pfc-deadlock-ring"));
        assertTrue(Cli.results(out.resolve("pfc-deadlock-ring")).get("haltReason").asText().startsWith("PFC deadlock"));
    }

    @Test
    void sweep_runsTheScenarioAtEachValueAndPlotsEachFigureAgainstIt() throws IOException {
        // The 7:1 baseline incast at three last-hop queue sizes: a run per value, labelled FIELD=VALUE; the
        // smaller the queue, the more it drops, and the report plots that against the size.
        Path out = tmp.resolve("sweep");
        Cli.Outcome o = Cli.run("compare", BASELINE, "--sweep", "switch.queue=64KiB,128KiB,256KiB", "--quiet",
                "--set", "workload.bytes=256KiB", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        assertEquals("metric,switch.queue=64KiB,switch.queue=128KiB,switch.queue=256KiB", csv.get(0));
        long[] drops = new long[3];
        String[] values = {"64KiB", "128KiB", "256KiB"};
        for (int i = 0; i < 3; i++) {
            drops[i] = Cli.results(out.resolve("switch.queue=" + values[i])).get("summary").get("drops").asLong();
        }
        assertTrue(drops[0] > drops[1] && drops[1] >= drops[2], "drops fall as the queue grows: "
                + java.util.Arrays.toString(drops));
        String html = Files.readString(out.resolve("report.html"));
        for (String plot : List.of("sweep-fct", "sweep-goodput", "sweep-queue", "sweep-losses")) {
            assertTrue(html.contains("data-plot=\"" + plot + "\""), plot);
        }
        assertTrue(html.contains("Sweep of switch.queue"));
    }

    @Test
    void grid_ccBySweep_runsEveryPairAndPlotsALinePerCc() throws IOException {
        Path out = tmp.resolve("grid");
        Cli.Outcome o = Cli.run("compare", NSCC, "--cc", "nscc,rccc", "--sweep", "switch.queue=64KiB,256KiB",
                "--quiet", "--set", "workload.bytes=256KiB", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        assertEquals("metric,switch.queue=64KiB_transport.cc=nscc,switch.queue=256KiB_transport.cc=nscc,"
                + "switch.queue=64KiB_transport.cc=rccc,switch.queue=256KiB_transport.cc=rccc", csv.get(0));
        JsonNode rccc = Cli.results(out.resolve("switch.queue=64KiB_transport.cc=rccc"));
        assertTrue(rccc.get("overrides").toString().contains("transport.cc=rccc")
                && rccc.get("overrides").toString().contains("switch.queue=64KiB"), rccc.get("overrides").toString());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("Sweep of switch.queue by transport.cc"));
        String p99 = html.substring(html.indexOf("data-plot=\"grid-fct-p99\""));
        p99 = p99.substring(0, p99.indexOf("</svg>"));
        for (String cc : List.of("nscc", "rccc")) {
            assertTrue(p99.contains("<path class=\"data\" data-series=\"transport.cc=" + cc + "\""), cc);
            assertEquals(2, p99.split("<circle class=\"point\" data-series=\"transport.cc=" + cc + "\"", -1).length - 1,
                    "a dot per queue size for " + cc);
        }
    }

    @Test
    void grid_twoSweeps_runsEveryPair() throws IOException {
        Path out = tmp.resolve("grid2");
        Cli.Outcome o = Cli.run("compare", BASELINE, "--sweep", "switch.queue=64KiB,128KiB", "--sweep",
                "workload.bytes=64KiB,128KiB", "--quiet", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertEquals(128 * 1024L, Cli.results(out.resolve("switch.queue=64KiB_workload.bytes=128KiB")).get("flows")
                .get(0).get("bytes").asLong());
        assertTrue(Files.readString(out.resolve("report.html")).contains("Sweep of switch.queue by workload.bytes"));
    }

    @Test
    void sweep_badArgumentsRunNothing() throws IOException {
        for (String[] args : List.of(new String[] {"--sweep", "switch.queue"}, new String[] {"--sweep", "seed=1"},
                new String[] {"--sweep", "seed=1,2", "--sweep", "seed=3,4"},
                new String[] {"--sweep", "transport.cc=nscc,rccc", "--cc", "nscc,rccc"},
                new String[] {"--sweep", "seed=1,2", "--sweep", "switch.queue=64KiB,128KiB", "--cc", "nscc,rccc"},
                new String[] {"--sweep", "seed=1,2", "--cc", "nscc,banana"},
                new String[] {"--sweep", "switch.queue=64KiB,banana"})) {
            Path out = tmp.resolve("bad-sweep");
            String[] all = new String[args.length + 4];
            all[0] = "compare";
            all[1] = BASELINE;
            System.arraycopy(args, 0, all, 2, args.length);
            all[args.length + 2] = "--out";
            all[args.length + 3] = out.toString();
            Cli.Outcome o = Cli.run(all);
            assertEquals(2, o.exitCode(), String.join(" ", args) + ": " + o.err());
            assertTrue(o.err().contains("error"), o.err());
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", args));
        }
    }

    @Test
    void compare_sameScenarioTwiceGetsDistinctLabels() throws IOException {
        Path out = tmp.resolve("twice");
        Cli.Outcome o = Cli.run("compare", BASELINE, BASELINE, "--quiet", "--set", "workload.bytes=64KiB",
                "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(Files.isDirectory(out.resolve("incast-7to1")));
        assertTrue(Files.isDirectory(out.resolve("incast-7to1#2")));
    }

    @Test
    void compare_badSecondScenarioRunsNothingAndWritesNothing() throws IOException {
        Path bad = tmp.resolve("bad.yaml");
        Files.writeString(bad, Files.readString(Path.of(BASELINE)).replace("cut-through", "teleport"));
        Path out = tmp.resolve("never");
        Cli.Outcome o = Cli.run("compare", BASELINE, bad.toString(), "--out", out.toString());
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("bad.yaml") && o.err().contains("forwarding") && o.err().contains("cut-through"),
                o.err());
        assertFalse(o.out().contains("(1 of 2)"), "nothing ran:\n" + o.out());
        assertFalse(Files.exists(out));
    }
}

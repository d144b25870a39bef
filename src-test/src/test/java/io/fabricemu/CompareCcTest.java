package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabric-emu compare SCENARIO --cc a,b,...}: one scenario under several congestion controls. */
class CompareCcTest {
    private static final String INCAST = Cli.scenario("uet-incast-7to1-nscc.yaml");

    @TempDir
    Path tmp;

    @Test
    void compareCc_runsOncePerValueLabelledByIt() throws IOException {
        Path out = tmp.resolve("cc");
        Cli.Outcome o = Cli.run("compare", INCAST, "--cc", "nscc,rccc", "--quiet", "--set", "workload.bytes=128KiB",
                "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        assertEquals("metric,nscc,rccc", csv.get(0));
        assertTrue(csv.contains("flows_finished,7,7"), String.join("\n", csv));
        assertTrue(Cli.results(out.resolve("rccc")).get("overrides").toString().contains("transport.cc=rccc"));
        String report = Files.readString(out.resolve("report.html"));
        for (String plot : List.of("fct-cdf", "goodput", "queue", "losses", "signals")) {
            assertTrue(report.contains("data-plot=\"" + plot + "\""), plot);
        }
        assertTrue(report.contains("data-series=\"nscc\"") && report.contains("data-series=\"rccc\""));
        assertTrue(Files.exists(out.resolve("nscc").resolve("report.html")));
    }

    @Test
    void compareCc_unknownValueRunsNothingAndListsTheAllowed() {
        Path out = tmp.resolve("never");
        Cli.Outcome o = Cli.run("compare", INCAST, "--cc", "nscc,bbr", "--out", out.toString());
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("'bbr' is not a congestion control")
                && o.err().contains("none, nscc, rccc, nscc+rccc, roce, dcqcn"), o.err());
        assertFalse(o.out().contains("(1 of 2)"), o.out());
        assertFalse(Files.exists(out));
    }

    @Test
    void compareCc_withTwoScenariosIsRefused() {
        Cli.Outcome o = Cli.run("compare", INCAST, INCAST, "--cc", "nscc", "--out", tmp.resolve("x").toString());
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("exactly one scenario file"), o.err());
    }

    @Test
    void compare_oneScenarioWithoutCcIsRefused() {
        Cli.Outcome o = Cli.run("compare", INCAST, "--out", tmp.resolve("x").toString());
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("two or more scenario files, or one with --cc"), o.err());
    }

    /**
     * The printed table leaves out the rows that are 0 in every run (drops excepted) and ends with each run's
     * digest; comparison.csv keeps every row.
     */
    @Test
    void theTable_leavesOutRowsZeroInEveryRun_andGivesEachRunsDigest() throws IOException {
        Path out = tmp.resolve("table");
        Cli.Outcome o = Cli.run("compare", INCAST, "--cc", "nscc,rccc", "--set", "workload.bytes=128KiB", "--out",
                out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertFalse(o.out().contains("PFC pauses"), "no PFC in a UET incast:\n" + o.out());
        assertTrue(o.out().lines().anyMatch(l -> l.strip().startsWith("drops ")), o.out());
        String nscc = Cli.results(out.resolve("nscc")).get("digest").asText().substring(0, 12);
        String rccc = Cli.results(out.resolve("rccc")).get("digest").asText().substring(0, 12);
        assertTrue(o.out().lines().anyMatch(l -> l.strip().startsWith("digest ") && l.contains(nscc)
                && l.contains(rccc)), o.out());
        assertTrue(java.nio.file.Files.readString(out.resolve("comparison.csv")).contains("PFC_pauses"));
    }
}

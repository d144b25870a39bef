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

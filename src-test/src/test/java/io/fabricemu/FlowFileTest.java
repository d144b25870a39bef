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

/**
 * {@code workload: {kind: flow-file}}: an ns-3/HPCC flow.txt on the fabric of an ns-3 topology.txt runs the same
 * flows, and gives the same digest, as those flows written out in the scenario; a wrong line is refused with its
 * number.
 */
class FlowFileTest {
    private static final Path SCENARIOS = Path.of("..", "topologies", "scenarios");

    @TempDir
    Path dir;

    @Test
    void theExample_runsTheFlowsOfItsFile_asTheSameFlowsWrittenOut() throws IOException {
        Files.copy(SCENARIOS.resolve("two-pods-mixed-rates.txt"), dir.resolve("two-pods-mixed-rates.txt"));
        String yaml = Files.readString(SCENARIOS.resolve("flow-file-two-pods.yaml"));
        StringBuilder flows = new StringBuilder("workload:\n  kind: flows\n  flows:\n");
        List<String> lines = Files.readAllLines(SCENARIOS.resolve("two-pods-flow.txt"));
        for (String line : lines.subList(1, lines.size())) {
            String[] w = line.trim().split("\\s+");
            long startPs = new java.math.BigDecimal(w[5]).movePointRight(12).longValueExact();
            flows.append("    - {src: ").append(w[0]).append(", dst: ").append(w[1]).append(", bytes: ")
                    .append(w[4]).append("B, start: ").append(startPs).append("ps}\n");
        }
        String written = yaml.replace("workload:\n  kind: flow-file\n  file: two-pods-flow.txt\n", flows.toString());
        assertTrue(!written.equals(yaml), "the workload section was replaced");
        Path writtenFile = dir.resolve("flow-file-two-pods.yaml");
        Files.writeString(writtenFile, written);
        JsonNode fromFile = Cli.runScenario(dir, "flow-file-two-pods.yaml", "--set", "stop=60us");
        JsonNode writtenOut = Cli.results(Cli.runInto(dir, 0, writtenFile.toString(), "--set", "stop=60us"));
        assertEquals(lines.size() - 1, fromFile.get("flows").size());
        assertEquals(writtenOut.get("digest").asText(), fromFile.get("digest").asText());
        assertEquals(10_000_000L, fromFile.get("flows").get(2).get("startPs").asLong(), "0.00001 s");
    }

    @Test
    void aWrongLine_isRefusedWithItsNumber() throws IOException {
        Files.copy(SCENARIOS.resolve("two-pods-mixed-rates.txt"), dir.resolve("two-pods-mixed-rates.txt"));
        Files.copy(SCENARIOS.resolve("flow-file-two-pods.yaml"), dir.resolve("s.yaml"));
        Files.writeString(dir.resolve("two-pods-flow.txt"), "2\n16 0 3 100 2000000 0\n16 40 3 100 2000000 0\n");
        Cli.Outcome o = Cli.run("validate", dir.resolve("s.yaml").toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("two-pods-flow.txt:3: dst 40 is a switch; flows go between hosts"), o.err());
    }
}

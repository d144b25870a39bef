package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection matrix's failure line (uet-cm-failed-link.yaml: 'failure switch_type AGG switch_id 5 link_id 1', the
 * uplink htsim's {@code FatTreeTopology::add_failed_link} removes) runs as the same matrix without it and the
 * scenario's faults section listing {@code {at: 0us, link: "agg2.1 <-> core3", state: down}}, and matters: without
 * either the run is another.
 */
class ConnectionMatrixFailureTest {
    private static final String NAME = "uet-cm-failed-link";
    private static final String FAILURE = "failure switch_type AGG switch_id 5 link_id 1\n";

    @TempDir
    Path tmp;

    /** The example scenario in {@code tmp}, reading {@code matrix} (as matrix.cm) and ending with {@code tail}. */
    private Path scenario(String matrix, String tail) throws IOException {
        Files.writeString(tmp.resolve("matrix.cm"), matrix);
        String text = Files.readString(Cli.SCENARIOS.resolve(NAME + ".yaml"))
                .replace("file: " + NAME + ".cm", "file: matrix.cm");
        Path scenario = tmp.resolve(NAME + ".yaml");
        Files.writeString(scenario, text + tail);
        return scenario;
    }

    private static String exampleMatrix() throws IOException {
        return Files.readString(Cli.SCENARIOS.resolve(NAME + ".cm"));
    }

    @Test
    void aFailureLine_runsAsTheFaultWrittenByHand_andMatters() throws Exception {
        String matrix = exampleMatrix();
        assertTrue(matrix.contains("Failures 1\n") && matrix.endsWith(FAILURE), matrix);
        String healthy = matrix.replace("Failures 1\n", "").replace(FAILURE, "");
        JsonNode fromLine = Cli.results(Cli.runInto(tmp, 0, Cli.SCENARIOS.resolve(NAME + ".yaml").toString()));
        JsonNode byHand = Cli.results(Cli.runInto(tmp, 0, scenario(healthy,
                "faults:\n  - {at: 0us, link: \"agg2.1 <-> core3\", state: down}\n").toString()));
        JsonNode none = Cli.results(Cli.runInto(tmp, 0, scenario(healthy, "").toString()));

        assertEquals(byHand.get("faults"), fromLine.get("faults"));
        assertEquals(byHand.get("flows"), fromLine.get("flows"));
        assertEquals(byHand.get("digest").asText(), fromLine.get("digest").asText());
        assertEquals(8, fromLine.get("summary").get("flowsFinished").asInt());
        assertTrue(fromLine.get("faults").toString().contains("agg2.1 <-> core3 down at 0ns"),
                fromLine.get("faults").toString());
        assertNotEquals(none.get("digest").asText(), fromLine.get("digest").asText(), "the failed link matters");
    }

    @Test
    void badFailureLines_areRefusedAtTheirLine_withWhatIsAllowed() throws Exception {
        String matrix = exampleMatrix();
        int line = (int) matrix.lines().count();
        String[][] cases = {
            {"failure switch_type AGG switch_id 0 link_id 1\n", "matrix.cm:" + line + ": link_id: the reference"
                + " fails the link from aggregation switch 0 to core 1"},
            {"failure switch_type CORE switch_id 0 link_id 0\n", "matrix.cm:" + line + ": switch_type: CORE is read"
                + " by the reference, but its add_failed_link fails only the uplinks of aggregation switches"},
            {"failure switch_type AGG switch_id 8 link_id 0\n", "matrix.cm:" + line + ": switch_id: '8' is not from"
                + " 0 to 7"},
            {FAILURE + FAILURE, "matrix.cm:" + (line + 1) + ": Failures: Failures says 1, but this is failure line"
                + " 2"},
        };
        for (String[] c : cases) {
            Path scenario = scenario(matrix.replace(FAILURE, c[0]), "");
            Cli.Outcome o = Cli.run("validate", scenario.toString());
            assertEquals(2, o.exitCode(), c[0]);
            assertTrue(o.err().contains(c[1]), "expected '" + c[1] + "' in:\n" + o.err());
        }
        Path leafSpine = scenario(matrix, "");
        Files.writeString(leafSpine, Files.readString(leafSpine).replace("kind: fat-tree\n  k: 4\n",
                "kind: leaf-spine\n  leaves: 4\n  spines: 2\n  hostsPerLeaf: 4\n").replace("aggLink:  {rate:"
                + " 100Gbps, delay: 1us}\n  coreLink:", "fabricLink:"));
        Cli.Outcome o = Cli.run("validate", leafSpine.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("matrix.cm:" + line + ": failure: a failure line names a switch of the"
                + " three-tier fat tree the reference builds for Nodes 16"), o.err());
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad scenario files through the real command line: exit code 2, a message naming the file, the line,
 * the field and what is allowed, and no output folder left behind.
 */
class BadInputTest {
    private static final String GOOD = String.join("\n",
            "name: bad-input",
            "topology:",
            "  kind: leaf-spine",
            "  leaves: 2",
            "  hostsPerLeaf: 2",
            "  spines: 1",
            "  hostLink: {rate: 100Gbps, delay: 500ns}",
            "  fabricLink: {rate: 100Gbps, delay: 500ns}",
            "workload:",
            "  kind: incast",
            "  receiver: 0",
            "  senders: [1, 2]",
            "  bytes: 64KiB",
            "");

    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("malformed YAML", GOOD.replace("  leaves: 2", "  leaves: [2"), ":5", "malformed YAML",
                        "starts on line 4"),
                Arguments.of("unknown field", GOOD.replace("  spines: 1", "  spines: 1\n  spine: 3"), ":7",
                        "topology.spine", "allowed fields"),
                Arguments.of("wrong unit", GOOD.replace("bytes: 64KiB", "bytes: 64KB/s"), ":13", "workload.bytes",
                        "KiB"),
                Arguments.of("missing unit", GOOD.replace("delay: 500ns}\n  fabric", "delay: 500}\n  fabric"), ":7",
                        "topology.hostLink.delay", "ns"),
                Arguments.of("out of range", GOOD.replace("  leaves: 2", "  leaves: 0"), ":4", "topology.leaves",
                        "1"),
                Arguments.of("unknown host", GOOD.replace("senders: [1, 2]", "senders: [1, 9]"), ":12",
                        "workload.senders", "0..3"),
                Arguments.of("unknown kind", GOOD.replace("kind: incast", "kind: broadcast"), ":10",
                        "workload.kind", "permutation"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void run_badScenario_exitsTwoWithAPreciseMessageAndWritesNothing(String what, String yaml, String line,
                                                                      String field, String allowed) throws IOException {
        Path file = tmp.resolve("scenario.yaml");
        Files.writeString(file, yaml);
        Path out = tmp.resolve("out");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains(file.toString() + line), "names the file and line: " + o.err());
        assertTrue(o.err().contains(field), "names the field: " + o.err());
        assertTrue(o.err().contains(allowed), "says what is allowed: " + o.err());
        assertFalse(Files.exists(out));
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(1, left.count(), "only the scenario file remains");
        }
        Cli.Outcome v = Cli.run("validate", file.toString());
        assertEquals(2, v.exitCode());
        assertEquals(o.err(), v.err(), "validate and run reject alike");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void run_theGoodVersionOfEachCaseRuns(String what) throws IOException {
        Path file = tmp.resolve("good.yaml");
        Files.writeString(file, GOOD);
        assertEquals(0, Cli.run("validate", file.toString()).exitCode());
    }
}

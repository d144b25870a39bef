package io.fabricemu.cluster.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.results.ResultsWriter;
import io.fabricemu.results.RunResult;
import io.fabricemu.results.Summary;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run's result, sent back by the member that ran it, is read back whole: every file the driver writes from it
 * (results.json, the CSVs, report.html) is the one written from the result in the JVM that ran it, byte for byte,
 * for a run with samples, one with a collective, one with faults, one with an open-loop load (its slowdown), one
 * whose topology file has a lossy link (its link losses) and one of a Chakra trace (its ranks' timelines).
 */
class RunResultCodecTest {
    private static final Path SCENARIOS = Path.of("..", "topologies", "scenarios");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"incast-7to1.yaml", "collective-two-jobs-spines.yaml", "faults-roce-incast-spine-down.yaml",
        "websearch-load-leaf-spine.yaml", "file-lossy-host-link.yaml", "chakra-all-reduce-8.yaml"})
    void aResultSentInParts_writesTheSameFiles(String scenario) throws Exception {
        Path file = SCENARIOS.resolve(scenario);
        List<String> overrides = scenario.startsWith("faults") ? List.of("workload.bytes=256KiB")
                : scenario.startsWith("websearch") ? List.of("workload.duration=1ms") : List.of();
        PreparedRun run = PreparedRun.of(ScenarioLoader.parse(Files.readString(file), file.toString(), overrides));
        RunResult here = run.run(2, new Progress());
        List<byte[]> parts = RunResultCodec.encode(here);
        for (byte[] part : parts) {
            assertTrue(part.length <= RunResultCodec.PART_BYTES, "a part fits a frame: " + part.length);
        }
        RunResult there = RunResultCodec.decode(parts);

        assertEquals(here.digest(), there.digest());
        Path a = Files.createDirectories(dir.resolve("here"));
        Path b = Files.createDirectories(dir.resolve("there"));
        ResultsWriter.writeInto(here, Summary.of(here), file.toString(), overrides, a);
        ResultsWriter.writeInto(there, Summary.of(there), file.toString(), overrides, b);
        List<Path> written = files(a);
        assertFalse(written.isEmpty());
        assertEquals(written, files(b));
        for (Path f : written) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f.toString());
        }
    }

    private static List<Path> files(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(Files::isRegularFile).sorted().forEach(p -> out.add(root.relativize(p)));
        }
        return out;
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.Scenario;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every example scenario shipped in topologies/scenarios loads and has traffic. */
class ScenarioFilesTest {
    /** Surefire runs with the module directory as working directory. */
    private static final Path SCENARIOS = Path.of("..", "topologies", "scenarios");

    static List<Path> scenarioFiles() throws IOException {
        try (Stream<Path> files = Files.list(SCENARIOS)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarioFiles")
    void load_exampleScenario_hasFlowsOnItsHosts(Path file) throws ScenarioException {
        Scenario scenario = ScenarioLoader.load(file, List.of());
        int hosts = scenario.topology().hostCount();
        List<FlowSpec> flows = scenario.workload().flows(hosts, scenario.seed());
        assertFalse(flows.isEmpty(), file + " has no flow");
        assertTrue(flows.stream().allMatch(f -> f.src() < hosts && f.dst() < hosts), file + " names a missing host");
    }

    @Test
    void scenarioFiles_nameMatchesFileName() throws IOException, ScenarioException {
        List<Path> files = scenarioFiles();
        assertTrue(files.size() >= 6, "expected the six example scenarios in " + SCENARIOS.toAbsolutePath());
        for (Path file : files) {
            String stem = file.getFileName().toString().replaceFirst("\\.yaml$", "");
            assertEquals(stem, ScenarioLoader.load(file, List.of()).name(), file.toString());
        }
    }
}

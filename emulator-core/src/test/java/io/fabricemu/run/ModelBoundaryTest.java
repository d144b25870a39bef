package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two rules that keep the model portable, checked on every package the source tree holds (derived from the
 * tree, so a new package is checked the day it appears):
 * <ul>
 *   <li>Only the Akka hosts ({@code actor}, {@code cli}, {@code metrics}; the cluster module is not scanned) import
 *   Akka or Kamon, so a move to Pekko touches the actor package only and a run without metrics loads none of
 *   Kamon.</li>
 *   <li>A model package (every package but the edge ones: {@code scenario}, {@code run}, {@code results},
 *   {@code report}, {@code cli}, {@code actor}, {@code metrics} and their sub-packages) imports none of the edge
 *   packages: the model is fed model-level types and knows nothing of YAML, results files or the command line.</li>
 * </ul>
 * A package named in either list that does not exist fails the check, so the lists cannot go stale silently.
 */
class ModelBoundaryTest {
    private static final List<Path> TREES = List.of(
            Path.of("src", "main", "java", "io", "fabricemu"),
            Path.of("..", "topologies", "src", "main", "java", "io", "fabricemu"));

    @Test
    void packagesOutsideTheHosts_importNoAkkaNorKamon() throws IOException {
        SourceTree tree = SourceTree.read(TREES);
        assertTrue(tree.packageCount() > 20, "the source packages were found: " + tree.packages());
        assertEquals(List.of(), tree.namedButMissing(ImportRules.HOSTS), "host packages named in the rule");
        assertEquals(List.of(), tree.offenders(ImportRules.akkaOrKamon()));
    }

    @Test
    void modelPackages_importNoScenarioResultsReportNorCli() throws IOException {
        SourceTree tree = SourceTree.read(TREES);
        assertEquals(List.of(), tree.namedButMissing(ImportRules.EDGES), "edge packages named in the rule");
        assertTrue(tree.packages().contains("net") && tree.packages().contains("topology"),
                "the model packages were found: " + tree.packages());
        assertEquals(List.of(), tree.offenders(ImportRules.layers()));
    }

    @Test
    void aPlantedAkkaImportInNet_isFound(@TempDir Path dir) throws IOException {
        Path root = plantedTree(dir);
        write(root.resolve("net/Sneaky.java"), "package io.fabricemu.net;\n\nimport akka.actor.typed.ActorRef;\n"
                + "final class Sneaky {\n}\n");
        SourceTree tree = SourceTree.read(List.of(root));
        assertEquals(List.of("net/Sneaky.java:3: import akka.actor.typed.ActorRef;"),
                tree.offenders(ImportRules.akkaOrKamon()));
    }

    @Test
    void aPlantedScenarioImportInSwitching_isFound(@TempDir Path dir) throws IOException {
        Path root = plantedTree(dir);
        write(root.resolve("switching/Sneaky.java"), "package io.fabricemu.switching;\n\n"
                + "import io.fabricemu.scenario.bind.SwitchConfig;\n/** {@link io.fabricemu.scenario.Scenario} */\n"
                + "final class Sneaky {\n    String s = \"io.fabricemu.cli.Cli\";\n"
                + "    Object o = io.fabricemu.results.RunResult.class;\n}\n");
        SourceTree tree = SourceTree.read(List.of(root));
        assertEquals(List.of("switching/Sneaky.java:3: import io.fabricemu.scenario.bind.SwitchConfig;",
                        "switching/Sneaky.java:7: Object o = io.fabricemu.results.RunResult.class;"),
                tree.offenders(ImportRules.layers()));
    }

    @Test
    void aRuleNamingAPackageThatIsGone_isFound(@TempDir Path dir) throws IOException {
        SourceTree tree = SourceTree.read(List.of(plantedTree(dir)));
        assertEquals(List.of("transport"), tree.namedButMissing(List.of("net", "transport")));
    }

    /** A tree with the host and edge packages, each holding one file, and two model packages. */
    private static Path plantedTree(Path dir) throws IOException {
        Path root = dir.resolve("io/fabricemu");
        for (String pkg : List.of("net", "switching", "actor", "cli", "metrics", "scenario", "run", "results",
                "report")) {
            write(root.resolve(pkg).resolve("Plain.java"), "package io.fabricemu." + pkg + ";\nfinal class Plain {\n}\n");
        }
        return root;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}

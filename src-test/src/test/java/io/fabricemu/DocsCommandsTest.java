package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cli.Main;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The docs cannot rot: every {@code bin/fabric-emu} command shown in code in README.md, BENCHMARKS.md,
 * CONTRIBUTING.md and docs/**.md parses (parsed only, never run), and every scenario file they name exists
 * and validates; other repository paths they name exist. See {@link DocCommands} for what counts as a command
 * and which synopses (with placeholders such as SCENARIO) are left out, {@link DocPaths} for what counts as a
 * named file.
 */
class DocsCommandsTest {
    /** Surefire runs with src-test as the working directory. */
    static final Path ROOT = Path.of("..");
    /** Fewer than this many commands checked means the extractor lost them, not that the docs have none. */
    private static final int AT_LEAST_COMMANDS = 10;
    /** Likewise for the scenario files they name. */
    private static final int AT_LEAST_SCENARIOS = 10;

    @Test
    void everyCommandInTheDocs_parses() throws IOException {
        List<String> errors = new ArrayList<>();
        int checked = 0;
        for (Path doc : docs()) {
            DocCommands.Found found = DocCommands.find(Files.readString(doc), subcommands());
            errors.addAll(parseErrors(ROOT.relativize(doc).toString(), found.commands()));
            checked += found.commands().size();
        }
        assertTrue(errors.isEmpty(), "commands in the docs that fabric-emu does not accept:\n" + String.join("\n", errors));
        assertTrue(checked >= AT_LEAST_COMMANDS, "only " + checked + " bin/fabric-emu commands found in " + docs()
                + "; expected at least " + AT_LEAST_COMMANDS);
    }

    @Test
    void everyScenarioTheDocsName_existsAndValidates() throws IOException {
        Set<String> files = new LinkedHashSet<>();
        List<String> missing = new ArrayList<>();
        for (Path doc : docs()) {
            for (DocPaths.Reference r : DocPaths.scenarios(Files.readString(doc))) {
                List<Path> matched = resolve(r.path());
                if (matched.isEmpty()) {
                    missing.add(ROOT.relativize(doc) + ":" + r.line() + ": " + r.path());
                }
                matched.forEach(p -> files.add(p.toString()));
            }
        }
        assertTrue(missing.isEmpty(), "scenario files named in the docs that do not exist:\n" + String.join("\n", missing));
        assertTrue(files.size() >= AT_LEAST_SCENARIOS, "only " + files.size() + " scenario files named in the docs;"
                + " expected at least " + AT_LEAST_SCENARIOS);
        List<String> args = new ArrayList<>(List.of("validate"));
        args.addAll(files);
        Cli.Outcome o = Cli.run(args.toArray(String[]::new));
        assertEquals(0, o.exitCode(), "scenario files named in the docs that do not validate:\n" + o.err() + o.out());
    }

    @Test
    void everyRepositoryPathTheDocsName_exists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path doc : docs()) {
            for (DocPaths.Reference r : DocPaths.repoPaths(Files.readString(doc))) {
                if (resolve(r.path()).isEmpty()) {
                    missing.add(ROOT.relativize(doc) + ":" + r.line() + ": " + r.path());
                }
            }
        }
        assertTrue(missing.isEmpty(), "repository paths named in the docs that do not exist:\n" + String.join("\n", missing));
    }

    @Test
    void extractor_joinsContinuationsAndCatchesABadFlag() {
        String markdown = String.join("\n",
                "```sh",
                "# a comment line",
                "FABRIC_EMU_JAVA_OPTS=-Xmx2g bin/fabric-emu run topologies/scenarios/incast-7to1.yaml \\",
                "  --set seed=7 --quiet   # trailing comment",
                "bin/fabric-emu compare a.yaml b.yaml --out 'my dir' 2>&1 | tee log && echo done",
                "bin/fabric-emu run x.yaml --frobnicate &",
                "bin/fabric-emu run SCENARIO [--set FIELD=VALUE]...",
                "```",
                "```console",
                "$ bin/fabric-emu validate topologies/scenarios/{incast-7to1,ring-4-clockwise}.yaml",
                "  ok: not a command, output",
                "```",
                "```yaml",
                "bin/fabric-emu run --not-shell x.yaml",
                "```",
                "```",
                "bin/fabric-emu   the launcher",
                "```",
                "Inline, `bin/fabric-emu` is the launcher; `bin/fabric-emu bench --runs 1",
                "--warmup 0` runs, and `bin/fabric-emu run SCENARIO [--shards N]` is a synopsis.",
                "| `bin/fabric-emu validate a.yaml \\| b` | in a table |");
        DocCommands.Found found = DocCommands.find(markdown, subcommands());
        List<DocCommands.Command> commands = found.commands();
        assertEquals(6, commands.size(), commands.toString());
        assertEquals(3, commands.get(0).line());
        assertEquals(List.of("run", "topologies/scenarios/incast-7to1.yaml", "--set", "seed=7", "--quiet"),
                commands.get(0).args());
        assertEquals(List.of("compare", "a.yaml", "b.yaml", "--out", "my dir"), commands.get(1).args());
        assertEquals(List.of("validate", "topologies/scenarios/incast-7to1.yaml",
                "topologies/scenarios/ring-4-clockwise.yaml"), commands.get(3).args());
        assertEquals(new DocCommands.Command(19, List.of("bench", "--runs", "1", "--warmup", "0"),
                "bin/fabric-emu bench --runs 1 --warmup 0"), commands.get(4));
        assertEquals(List.of("validate", "a.yaml"), commands.get(5).args());
        assertEquals(2, found.synopses().size(), found.synopses().toString());
        List<String> errors = parseErrors("synthetic.md", commands);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("synthetic.md:6: bin/fabric-emu run x.yaml --frobnicate"), errors.get(0));
        assertTrue(errors.get(0).contains("--frobnicate"), errors.get(0));
    }

    @Test
    void paths_scenariosInCodeAndBracesAreFound() {
        String markdown = String.join("\n",
                "Run `uet-incast-7to1-nscc.yaml` or see [this](../topologies/scenarios/ring-4-clockwise.yaml).",
                "```sh",
                "bin/fabric-emu compare topologies/scenarios/x-{a,b}.yaml",
                "```",
                "Grafana reads `dashboards/grafana`; plain prose prometheus.yaml is not code.");
        List<DocPaths.Reference> scenarios = DocPaths.scenarios(markdown);
        assertEquals(List.of(
                new DocPaths.Reference(1, "topologies/scenarios/ring-4-clockwise.yaml"),
                new DocPaths.Reference(1, "topologies/scenarios/uet-incast-7to1-nscc.yaml"),
                new DocPaths.Reference(3, "topologies/scenarios/x-a.yaml"),
                new DocPaths.Reference(3, "topologies/scenarios/x-b.yaml")), scenarios);
        assertEquals(List.of(new DocPaths.Reference(3, "bin/fabric-emu"), new DocPaths.Reference(5, "dashboards/grafana")),
                DocPaths.repoPaths(markdown));
    }

    /** One line per command that picocli refuses: file, line, the command as written and picocli's reason. */
    private static List<String> parseErrors(String file, List<DocCommands.Command> commands) {
        List<String> errors = new ArrayList<>();
        for (DocCommands.Command c : commands) {
            try {
                Main.commandLine().parseArgs(c.args().toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                errors.add(file + ":" + c.line() + ": " + c.text() + "\n    " + e.getMessage());
            }
        }
        return errors;
    }

    private static Set<String> subcommands() {
        return Main.commandLine().getSubcommands().keySet();
    }

    /** README.md, BENCHMARKS.md, CONTRIBUTING.md and every Markdown file under docs/. */
    static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>();
        for (String name : List.of("README.md", "BENCHMARKS.md", "CONTRIBUTING.md")) {
            docs.add(ROOT.resolve(name));
        }
        Path dir = ROOT.resolve("docs");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
            }
        }
        return docs;
    }

    /** The files a path from the root names: itself if it exists, or what a {@code *} in its last part matches. */
    private static List<Path> resolve(String path) throws IOException {
        Path p = ROOT.resolve(path);
        if (!path.contains("*")) {
            return Files.exists(p) ? List.of(p) : List.of();
        }
        Path parent = p.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return List.of();
        }
        PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + p.getFileName());
        try (Stream<Path> files = Files.list(parent)) {
            return files.filter(f -> glob.matches(f.getFileName())).sorted().toList();
        }
    }
}

package io.fabricemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabricemu.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Runs the fabric-emu command line in this JVM, as a user would from a shell, and reads what it wrote. */
final class Cli {
    static final Path SCENARIOS = Path.of("..", "topologies", "scenarios");

    record Outcome(int exitCode, String out, String err) {
    }

    private Cli() {
    }

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    static JsonNode results(Path outDir) throws IOException {
        return new ObjectMapper().readTree(outDir.resolve("results.json").toFile());
    }

    static String scenario(String name) {
        return SCENARIOS.resolve(name).toString();
    }

    /**
     * {@code run} of the scenario file {@code name} with {@code extraArgs}, quiet, into a fresh folder under
     * {@code dir}; fails unless it exits with {@code expectedExit}. Returns what it wrote to results.json.
     */
    static JsonNode runScenario(Path dir, int expectedExit, String name, String... extraArgs) throws IOException {
        return results(runInto(dir, expectedExit, scenario(name), extraArgs));
    }

    /**
     * {@code run} of the scenario file at {@code file} with {@code extraArgs}, quiet, into a fresh folder under
     * {@code dir}; fails unless it exits with {@code expectedExit}. Returns that folder.
     */
    static Path runInto(Path dir, int expectedExit, String file, String... extraArgs) {
        Path out = dir.resolve("r" + System.nanoTime());
        String[] args = new String[4 + extraArgs.length];
        args[0] = "run";
        args[1] = file;
        args[2] = "--quiet";
        args[3] = "--out=" + out;
        System.arraycopy(extraArgs, 0, args, 4, extraArgs.length);
        Outcome o = run(args);
        if (o.exitCode() != expectedExit) {
            throw new AssertionError("exit " + o.exitCode() + " instead of " + expectedExit + ": " + o.err());
        }
        return out;
    }

    /** As above, expecting success. */
    static JsonNode runScenario(Path dir, String name, String... extraArgs) throws IOException {
        return runScenario(dir, 0, name, extraArgs);
    }

    /** {@code --set} before each override: arguments for {@link #runScenario}. */
    static String[] sets(String... overrides) {
        String[] args = new String[2 * overrides.length];
        for (int i = 0; i < overrides.length; i++) {
            args[2 * i] = "--set";
            args[2 * i + 1] = overrides[i];
        }
        return args;
    }

    /** The entry of port {@code id} in a run's results. */
    static JsonNode port(JsonNode results, String id) {
        for (JsonNode p : results.get("ports")) {
            if (p.get("id").asText().equals(id)) {
                return p;
            }
        }
        throw new AssertionError("no port " + id);
    }
}

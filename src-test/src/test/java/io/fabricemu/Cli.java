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
}

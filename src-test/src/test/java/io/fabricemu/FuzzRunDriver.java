package io.fabricemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabricemu.cli.Main;
import io.fabricemu.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@link ScenarioFuzzTest}'s mutants in a JVM of its own, whose working directory is a folder the test
 * watches: {@code fabric-emu run} of each, through {@link Main#commandLine()}, one after the other. A run's
 * relative paths (the default output folder {@code results/<name>}) resolve against that folder, which the
 * test's own JVM cannot give an in-process run.
 *
 * <p>Arguments: a file of runs, one a line ({@code id TAB argument TAB argument...}), and the folder to
 * snapshot around each run. For each run it prints {@code start TAB id} before it and one result line after:
 * {@code result TAB id TAB exit code TAB scenario name TAB paths changed (';') TAB problems (';')}, where a
 * problem is Java showing through the output, or, after exit 0, a results.json missing or inconsistent. Once a
 * run has deleted or replaced the working directory (a scenario named {@code ..} did), the later ones are
 * reported as not run, exit code {@code -}, since their relative paths no longer lead anywhere.
 */
final class FuzzRunDriver {
    /** What must never reach a user: a stack trace, an exception's or error's class name, a Java package. */
    static final Pattern JAVA_TERMS = Pattern.compile("\\b\\w*(Exception|Error)\\b|^\\s+at [\\w.$]+\\(|"
            + "\\b(java|javax|sun|akka|scala|com\\.fasterxml|org\\.yaml|picocli)\\.[a-z]", Pattern.MULTILINE);

    private FuzzRunDriver() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream report = System.out;
        Path watched = Path.of(args[1]);
        Object workingDirectory = workingDirectory();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            List<String> fields = Arrays.asList(line.split("\t"));
            String id = fields.get(0);
            String[] runArgs = fields.subList(1, fields.size()).toArray(String[]::new);
            if (!workingDirectory.equals(workingDirectory())) {
                report.println(String.join("\t", "result", id, "-", "", "", "not run: an earlier run deleted the"
                        + " working directory"));
                continue;
            }
            report.println("start\t" + id);
            report.flush();
            String name = scenarioName(runArgs);
            FileTree before = FileTree.of(watched);
            Outcome outcome = run(runArgs);
            List<String> changed = before.changedIn(FileTree.of(watched));
            List<String> problems = new ArrayList<>();
            Matcher java = JAVA_TERMS.matcher(outcome.output());
            if (java.find()) {
                problems.add("Java in the output: " + lineAround(outcome.output(), java.start()));
            }
            if (outcome.exitCode() == 0) {
                problems.addAll(checkResults(Path.of("results", name)));
            }
            report.println(String.join("\t", "result", id, Integer.toString(outcome.exitCode()), name,
                    String.join(";", changed), String.join("; ", problems)));
            report.flush();
        }
    }

    private record Outcome(int exitCode, String output) {
    }

    /**
     * The identity (device and inode) of the folder at the working directory's path, or "gone". A run that
     * replaced the working directory leaves the process in the deleted one, where relative paths lead nowhere,
     * even if a folder of that name is back.
     */
    private static Object workingDirectory() {
        try {
            Object key = Files.readAttributes(Path.of("").toAbsolutePath(), BasicFileAttributes.class).fileKey();
            return key == null ? "no identity" : key;
        } catch (IOException e) {
            return "gone";
        }
    }

    /** The command's exit code and everything it wrote, to its writers and to the process's streams. */
    private static Outcome run(String[] args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        StringWriter text = new StringWriter();
        int code;
        System.setOut(capture);
        System.setErr(capture);
        try {
            code = Main.commandLine().setOut(new PrintWriter(text)).setErr(new PrintWriter(text)).execute(args);
        } catch (Throwable t) {
            code = -1;
            text.append("threw ").append(t.toString());
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new Outcome(code, text + captured.toString(StandardCharsets.UTF_8));
    }

    /** The scenario's name after the run's overrides, which the default output folder is named by; "?" if none. */
    private static String scenarioName(String[] args) {
        List<String> overrides = new ArrayList<>();
        for (int i = 2; i + 1 < args.length; i++) {
            if (args[i].equals("--set")) {
                overrides.add(args[i + 1]);
            }
        }
        try {
            return ScenarioLoader.load(Path.of(args[1]), overrides).name();
        } catch (Exception | Error e) {
            return "?";
        }
    }

    /**
     * What is wrong with a successful run's results.json: missing, or a flow that neither finished nor was cut
     * short by the stop time, or that delivered more than it had to send.
     */
    private static List<String> checkResults(Path folder) {
        List<String> problems = new ArrayList<>();
        Path json = folder.resolve("results.json");
        try {
            JsonNode r = new ObjectMapper().readTree(json.toFile());
            boolean reachedStop = r.get("reachedStop").asBoolean();
            int unfinished = 0;
            for (JsonNode flow : r.get("flows")) {
                if (flow.get("finishPs").asLong() < 0) {
                    unfinished++;
                }
                if (flow.get("deliveredBytes").asLong() > flow.get("bytes").asLong()) {
                    problems.add("a flow delivered more than its bytes: " + flow);
                }
            }
            if (unfinished > 0 && !reachedStop) {
                problems.add(unfinished + " of " + r.get("flows").size() + " flows unfinished although the run"
                        + " ended at " + r.get("virtualEndPs").asLong() + " ps, before its stop time");
            }
        } catch (Exception e) {
            problems.add("exit 0 but " + json + " is not readable: " + e);
        }
        return problems;
    }

    private static String lineAround(String text, int at) {
        int start = text.lastIndexOf('\n', at) + 1;
        int end = text.indexOf('\n', at);
        String line = text.substring(start, end < 0 ? text.length() : end);
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}

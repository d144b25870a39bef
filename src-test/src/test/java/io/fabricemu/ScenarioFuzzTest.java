package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fabricemu.scenario.yaml.ScenarioException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import io.fabricemu.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example scenario changed a few ways each, a few hundred mutants in all ({@link ScenarioMutator}, seeded,
 * so the same mutants every time), and fabric-emu must take each as a user would want: {@code validate} exits 0 or
 * 2, a seeded selection of those that validate also {@code run} and exit 0 or 2 (3 for the PFC deadlock, which
 * halts by design), never with Java showing through (a stack trace, an exception's name), and a run touches no
 * file outside its own output folder. On failure the failing mutants are listed with their change, and the whole
 * list is printed, so each can be made again by hand.
 *
 * <p>Validation runs in this JVM. The runs go to one child JVM ({@link FuzzRunDriver}) whose working directory
 * is a folder of this test's, snapshotted before and after, since the default output folder {@code results/<name>}
 * is relative to the working directory, which an in-process run would share with the build. A few known mutants
 * are always included: {@code name: ..} and {@code name: .} (the output folder rule), a huge {@code transport.rto}
 * and {@code workload.bytes} (time and size bounds), and a 2 x 23,170-host all-to-all (memory).
 */
class ScenarioFuzzTest {
    private static final long SEED = 20_251_125L;
    private static final int MUTANTS_PER_SCENARIO = 8;
    /** Runs of mutants picked at random; each takes about half a second. */
    private static final int RANDOM_RUNS = 20;
    /** Scenarios small enough to run: at most this many actors. */
    private static final int MAX_RUN_ACTORS = 100;
    /** The virtual time a run is bounded to, unless the mutant changed {@code stop} itself. */
    private static final String RUN_STOP = "stop=500us";
    private static final String HALTS_BY_DESIGN = "pfc-deadlock-ring.yaml";
    private static final Pattern ACTORS = Pattern.compile("([\\d,]+) actors");
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9._-]+");
    private static final int DRIVER_SECONDS = 40;
    /** How many {@link #known} mutants there are; they come last. */
    private static final int KNOWN = 5;

    @TempDir
    Path tmp;

    @Test
    void mutantsOfEveryExample_validateAndRunWithoutJavaShowingOrTouchingOtherFiles() throws Exception {
        long started = System.nanoTime();
        Path tree = Files.createDirectory(tmp.resolve("tree"));
        Path work = Files.createDirectories(tree.resolve("work"));
        Path mutantsDir = Files.createDirectory(work.resolve("mutants"));
        Files.writeString(work.resolve("keep.txt"), "a file beside the output folder\n");
        Files.writeString(Files.createDirectory(tree.resolve("neighbour")).resolve("notes.txt"), "next door\n");

        Map<String, Integer> actors = new TreeMap<>();
        List<Mutant> mutants = mutants(actors);
        List<String> failures = new ArrayList<>();
        List<Mutant> valid = new ArrayList<>();
        for (Mutant m : mutants) {
            Path file = Files.write(mutantsDir.resolve(m.fileName()), m.content());
            String problem = validate(file);
            if (problem == null) {
                valid.add(m);
            } else if (!problem.isEmpty()) {
                failures.add(m + "\n    validate " + problem);
            }
        }
        long validatedNanos = System.nanoTime() - started;

        List<Mutant> runs = runs(valid, actors, mutants.size() - KNOWN + 1);
        FileTree before = FileTree.of(tree);
        Map<String, String> results = drive(runs, tree, work, failures);
        List<String> touched = before.changedIn(FileTree.of(tree));
        for (Mutant m : runs) {
            String line = results.get(Integer.toString(m.id()));
            if (line != null) {
                String problem = runProblem(m, line.split("\t", -1));
                if (problem != null) {
                    failures.add(m + "\n    run " + problem);
                }
            }
        }
        List<String> outside = new ArrayList<>();
        for (String path : touched) {
            if (!path.equals("work/results") && !path.startsWith("work/results/")) {
                outside.add(path);
            }
        }
        if (!outside.isEmpty()) {
            failures.add("the runs together changed paths outside work/results/ of " + tree + ": " + outside);
        }
        System.out.printf("ScenarioFuzzTest: %d mutants validated in %.1f s (%d valid), %d run, %.1f s in all%n",
                mutants.size(), validatedNanos / 1e9, valid.size(), runs.size(),
                (System.nanoTime() - started) / 1e9);
        if (!failures.isEmpty()) {
            System.out.println("All mutants (seed " + SEED + "), each an example scenario with one change:");
            mutants.forEach(m -> System.out.println("  " + m));
            fail(failures.size() + " problems in " + mutants.size() + " mutants (seed " + SEED + "; each mutant is"
                    + " the example with the one change described; the full list is on standard output):\n"
                    + String.join("\n", failures));
        }
    }

    /**
     * The mutants: {@link #MUTANTS_PER_SCENARIO} of every example, then the known ones. Fills {@code actors}
     * with each example's actor count, from validating the example itself.
     */
    private List<Mutant> mutants(Map<String, Integer> actors) throws IOException {
        List<Path> examples;
        try (Stream<Path> files = Files.list(Cli.SCENARIOS)) {
            examples = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(examples.size() >= 40, "found the examples: " + examples);
        List<Mutant> mutants = new ArrayList<>();
        for (Path example : examples) {
            String name = example.getFileName().toString();
            Cli.Outcome o = Cli.run("validate", example.toString());
            Matcher m = ACTORS.matcher(o.out());
            assertTrue(o.exitCode() == 0 && m.find(), "the example " + name + " validates: " + o.err());
            actors.put(name, Integer.parseInt(m.group(1).replace(",", "")));
            SplittableRandom random = new SplittableRandom(SEED ^ name.hashCode());
            mutants.addAll(ScenarioMutator.mutate(name, Files.readString(example), random, MUTANTS_PER_SCENARIO,
                    mutants.size() + 1));
        }
        List<Mutant> known = known(mutants.size() + 1);
        assertTrue(known.size() == KNOWN);
        mutants.addAll(known);
        return mutants;
    }

    /** Mutants that found defects before, kept so that they stay fixed. */
    private static List<Mutant> known(int firstId) throws IOException {
        String incast = Files.readString(Cli.SCENARIOS.resolve("incast-7to1.yaml"));
        String allToAll = Files.readString(Cli.SCENARIOS.resolve("all-to-all-leaf-spine.yaml"));
        return List.of(
                Mutant.of(firstId, "incast-7to1.yaml", "name to '..': \"name: incast-7to1\" -> \"name: ..\"",
                        replace(incast, "name: incast-7to1", "name: .."), false),
                Mutant.of(firstId + 1, "incast-7to1.yaml", "name to '.': \"name: incast-7to1\" -> \"name: .\"",
                        replace(incast, "name: incast-7to1", "name: ."), false),
                Mutant.of(firstId + 2, "incast-7to1.yaml", "huge rto: \"  rto: 9223372036854775807ps\" added after"
                        + " \"  header: 64B\"", replace(incast, "  header: 64B", "  header: 64B\n  rto: "
                        + Long.MAX_VALUE + "ps"), false),
                Mutant.of(firstId + 3, "incast-7to1.yaml", "huge flows: \"  bytes: 2MiB\" -> \"  bytes:"
                        + " 9223372036854775807B\"", replace(incast, "  bytes: 2MiB", "  bytes: " + Long.MAX_VALUE
                        + "B"), false),
                Mutant.of(firstId + 4, "all-to-all-leaf-spine.yaml", "2 x 23,170 hosts all-to-all: \"leaves: 4\" ->"
                        + " \"leaves: 2\", \"hostsPerLeaf: 4\" -> \"hostsPerLeaf: 23170\"",
                        replace(replace(allToAll, "leaves: 4", "leaves: 2"), "hostsPerLeaf: 4", "hostsPerLeaf: 23170"),
                        false));
    }

    private static String replace(String text, String old, String now) {
        assertTrue(text.contains(old), "the example still holds " + old);
        return text.replace(old, now);
    }

    /**
     * Null if {@code validate} accepts the file, "" if it refuses it as it should (exit 2, one clear error), else
     * what is wrong.
     */
    private static String validate(Path file) {
        Cli.Outcome o;
        try {
            o = Cli.run("validate", file.toString());
        } catch (Throwable t) {
            return "threw " + t;
        }
        String output = o.out() + o.err();
        Matcher java = FuzzRunDriver.JAVA_TERMS.matcher(output);
        if (java.find()) {
            return "exit " + o.exitCode() + " with Java in its output: " + firstLines(output);
        }
        if (o.exitCode() == 0) {
            return null;
        }
        if (o.exitCode() != 2 || !o.err().startsWith("error: ")) {
            return "exit " + o.exitCode() + " (0 or 2 expected): " + firstLines(output);
        }
        return "";
    }

    /**
     * The mutants to run: a seeded choice among the valid ones of small examples, and the valid known ones (ids
     * from {@code firstKnown}).
     */
    private static List<Mutant> runs(List<Mutant> valid, Map<String, Integer> actors, int firstKnown) {
        List<Mutant> candidates = new ArrayList<>();
        List<Mutant> known = new ArrayList<>();
        for (Mutant m : valid) {
            if (m.id() >= firstKnown) {
                known.add(m);
            } else if (actors.get(m.scenario()) <= MAX_RUN_ACTORS) {
                candidates.add(m);
            }
        }
        Collections.shuffle(candidates, new Random(SEED));
        List<Mutant> runs = new ArrayList<>(candidates.subList(0, Math.min(RANDOM_RUNS, candidates.size())));
        runs.addAll(known);
        // in id order, but those named '.' (which replace results/) and then '..' (which replace the working
        // directory) last, so that they hide no other run's outcome
        runs.sort(Comparator.comparing((Mutant m) -> danger(m)).thenComparing(Mutant::id));
        return runs;
    }

    /** 0 for most mutants, 1 for a scenario named '.', 2 for one named '..' (as a run would name it). */
    private static int danger(Mutant m) {
        try {
            String name = ScenarioLoader.parse(new String(m.content(), StandardCharsets.UTF_8), m.scenario(),
                    List.of(RUN_STOP)).name();
            return name.equals("..") ? 2 : name.equals(".") ? 1 : 0;
        } catch (ScenarioException e) {
            return 0;
        }
    }

    /**
     * Runs the mutants in one child JVM in {@code work}; returns its result lines by mutant id. A mutant that
     * did not finish in time is a failure, and the JVM is ended.
     */
    private Map<String, String> drive(List<Mutant> runs, Path tree, Path work, List<String> failures)
            throws IOException, InterruptedException {
        Path log = Files.createDirectory(tmp.resolve("log"));
        List<String> lines = new ArrayList<>();
        for (Mutant m : runs) {
            List<String> args = new ArrayList<>(List.of(Integer.toString(m.id()), "run", "mutants/" + m.fileName(),
                    "--quiet"));
            if (!m.touchesStop()) {
                args.addAll(List.of("--set", RUN_STOP));
            }
            lines.add(String.join("\t", args));
        }
        Path runList = Files.write(log.resolve("runs.txt"), lines);
        Process driver = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                FuzzRunDriver.class.getName(), runList.toString(), tree.toString())
                .directory(work.toFile())
                .redirectOutput(log.resolve("driver.out").toFile())
                .redirectError(log.resolve("driver.err").toFile())
                .start();
        boolean ended = driver.waitFor(DRIVER_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            driver.destroyForcibly().waitFor();
        }
        Map<String, String> results = new TreeMap<>();
        String running = null;
        for (String line : Files.readAllLines(log.resolve("driver.out"), StandardCharsets.UTF_8)) {
            String[] fields = line.split("\t", -1);
            if (fields[0].equals("start")) {
                running = fields[1];
            } else if (fields[0].equals("result")) {
                results.put(fields[1], line);
                running = null;
            }
        }
        if (!ended || driver.exitValue() != 0) {
            String which = running == null ? "" : " while running mutant #" + running;
            failures.add("the run driver " + (ended ? "exited with " + driver.exitValue() : "did not finish within "
                    + DRIVER_SECONDS + " s") + which + "; its errors: "
                    + firstLines(Files.readString(log.resolve("driver.err"))));
        }
        return results;
    }

    /** What is wrong with a run, from the driver's result line; null if nothing. */
    private static String runProblem(Mutant m, String[] result) {
        if (result[2].equals("-")) {
            return result[5];
        }
        int exit = Integer.parseInt(result[2]);
        String name = result[3];
        List<String> changed = result[4].isEmpty() ? List.of() : List.of(result[4].split(";"));
        List<String> problems = new ArrayList<>();
        boolean wrote = exit == 0 || (exit == 3 && m.scenario().equals(HALTS_BY_DESIGN));
        if (!wrote && exit != 2) {
            problems.add("exit " + exit + " (0 or 2 expected" + (m.scenario().equals(HALTS_BY_DESIGN) ? ", or 3" : "")
                    + ")");
        }
        if (!result[5].isEmpty()) {
            problems.add(result[5]);
        }
        String folder = "work/results/" + name;
        boolean ownFolder = wrote && SAFE_NAME.matcher(name).matches() && !name.equals(".") && !name.equals("..");
        List<String> foreign = new ArrayList<>();
        for (String path : changed) {
            if (!(ownFolder && (path.equals("work/results") || path.equals(folder) || path.startsWith(folder + "/")))) {
                foreign.add(path);
            }
        }
        if (!foreign.isEmpty()) {
            problems.add("changed " + (ownFolder ? "outside its output folder " + folder : "files although it wrote"
                    + " no output folder of its own (name '" + name + "', exit " + exit + ")") + ": "
                    + abbreviate(foreign));
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    private static String abbreviate(List<String> paths) {
        return paths.size() <= 6 ? paths.toString()
                : paths.subList(0, 6) + " and " + (paths.size() - 6) + " more";
    }

    private static String firstLines(String text) {
        String[] lines = text.strip().split("\n");
        String head = String.join(" | ", List.of(lines).subList(0, Math.min(3, lines.length)));
        return head.length() > 400 ? head.substring(0, 400) + "..." : head;
    }
}

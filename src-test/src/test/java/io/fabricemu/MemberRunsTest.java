package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs handed to the members of a cluster ({@code compare} and {@code run --seeds} with {@code --jvms}): the
 * results are those of this JVM, file for file; {@code placement.csv} and the output say which member ran what; a
 * worker killed while it has a run in flight costs only that run, which runs again on the other worker, and the
 * command still ends well with the same results.
 */
class MemberRunsTest {
    private static final String SCENARIO = "uet-incast-7to1-nscc.yaml";
    private static final String SMALL = "workload.bytes=256KiB";
    private static final Pattern PLACEMENT_ROW = Pattern.compile("^([^,]+),(127\\.0\\.0\\.1:\\d+),(\\d+),(.*)$",
            Pattern.MULTILINE);

    @TempDir
    Path tmp;

    @Test
    void compareOnTwoJvms_writesTheRunsOfOneJvm_andSaysWhereEachRan() throws IOException {
        Path here = tmp.resolve("here");
        Path there = tmp.resolve("there");
        Cli.Outcome local = Cli.run("compare", Cli.scenario(SCENARIO), "--cc", "nscc,rccc,nscc+rccc", "--set", SMALL,
                "--out", here.toString());
        assertEquals(0, local.exitCode(), local.err());
        Cli.Outcome farmed = Cli.run("compare", Cli.scenario(SCENARIO), "--cc", "nscc,rccc,nscc+rccc", "--set",
                SMALL, "--jvms", "2", "--out", there.toString());
        assertEquals(0, farmed.exitCode(), farmed.err());
        assertTrue(farmed.out().contains("3 runs on 2 at once") && farmed.out().contains("runs per member: "),
                farmed.out());
        for (String run : List.of("nscc", "rccc", "nscc+rccc")) {
            assertSameFiles(here.resolve(run), there.resolve(run));
        }
        assertEquals(Files.readString(here.resolve("comparison.csv")), Files.readString(there.resolve("comparison.csv")));
        List<String[]> rows = placement(there);
        assertEquals(List.of("nscc", "rccc", "nscc+rccc"), rows.stream().map(r -> r[0]).toList());
        assertEquals(2, rows.stream().map(r -> r[1]).distinct().count(), "both workers ran some: " + rows);
        assertTrue(Files.readString(there.resolve("report.html")).contains("Where the runs ran"));
        assertFalse(Files.exists(here.resolve("placement.csv")), "a comparison in this JVM has no placement");
    }

    /** Linux only: the test finds the forked workers through the driver's child processes. */
    @Test
    void aWorkerKilledWithARunInFlight_costsOnlyThatRun_whichRunsAgainOnTheOther() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc", "self")), "this system has no /proc");
        String scenario = Cli.scenario("uet-fat-tree-15to1-nscc.yaml");
        Path out = tmp.resolve("farmed");
        Jvms.Driver driver = new Jvms.Driver("run", scenario, "--seeds", "6", "--jvms", "2", "--out", out.toString());
        List<ProcessHandle> workers = List.of();
        try {
            // each worker takes one run at a time: once one has ended, both have one in flight
            Await.until("a run to end on a worker", 180, () -> driver.out().contains(" done on "),
                    () -> driver.out() + driver.err());
            workers = driver.workers();
            assertEquals(2, workers.size(), driver.out());
            workers.get(0).destroyForcibly();
            assertEquals(0, driver.join(300), driver.out() + driver.err());
        } finally {
            driver.kill();
            workers.forEach(ProcessHandle::destroyForcibly);
        }
        assertTrue(driver.out().contains("runs again on another member: 127.0.0.1:"), driver.out());
        List<String[]> rows = placement(out);
        assertEquals(6, rows.size());
        List<String[]> again = rows.stream().filter(r -> !r[3].isEmpty()).toList();
        assertFalse(again.isEmpty(), "a run was in flight on the killed worker: " + Files.readString(
                out.resolve("placement.csv")));
        for (String[] r : again) {
            assertEquals("2", r[2]);
            assertNotEquals(r[1], r[3], "it ran again on the other worker");
        }
        assertTrue(driver.out().contains("ran again after a member was lost (placement.csv)"), driver.out());

        Path here = tmp.resolve("here");
        Cli.Outcome local = Cli.run("run", scenario, "--seeds", "6", "--quiet", "--out", here.toString());
        assertEquals(0, local.exitCode(), local.err());
        for (int seed = 1; seed <= 6; seed++) {
            assertSameFiles(here.resolve("seed-" + seed), out.resolve("seed-" + seed));
        }
        assertEquals(Files.readString(here.resolve("ensemble.json")), Files.readString(out.resolve("ensemble.json")));
    }

    private static List<String[]> placement(Path out) throws IOException {
        String csv = Files.readString(out.resolve("placement.csv"));
        assertTrue(csv.startsWith("run,member,attempts,lost_on\n"), csv);
        List<String[]> rows = new ArrayList<>();
        Matcher m = PLACEMENT_ROW.matcher(csv);
        while (m.find()) {
            rows.add(new String[] {m.group(1), m.group(2), m.group(3), m.group(4)});
        }
        assertEquals(csv.lines().count() - 1, rows.size(), csv);
        return rows;
    }

    /**
     * The same files with the same bytes, but for how the run went in results.json: its wall time, its time
     * coordinating and its shard count, which depend on where it ran, not on what it computed.
     */
    private static void assertSameFiles(Path a, Path b) throws IOException {
        List<Path> files = files(a);
        assertFalse(files.isEmpty(), a.toString());
        assertEquals(files, files(b));
        for (Path f : files) {
            if (f.toString().equals("results.json")) {
                assertEquals(computed(a.resolve(f)), computed(b.resolve(f)), b.resolve(f).toString());
            } else {
                assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), b.resolve(f)
                        .toString());
            }
        }
    }

    private static List<String> computed(Path resultsJson) throws IOException {
        List<String> lines = Files.readAllLines(resultsJson);
        List<String> kept = lines.stream().filter(l -> !l.startsWith("  \"wallMillis\" : ")
                && !l.startsWith("  \"coordinationMillis\" : ") && !l.startsWith("  \"shards\" : ")).toList();
        assertEquals(lines.size() - 3, kept.size(), "results.json has each of the three once: " + resultsJson);
        return kept;
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().map(root::relativize).toList();
        }
    }
}

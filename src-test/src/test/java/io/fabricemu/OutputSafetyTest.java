package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where fabric-emu writes its output and where it refuses to, end to end: it writes only a folder it creates or
 * one holding its own results, refuses anything else with exit 2 before the run, and leaves nothing behind when
 * it is stopped. Every case that could harm the folder a user works in runs the command in a JVM of its own
 * whose working directory is a temporary folder.
 */
class OutputSafetyTest {
    private static final String SCENARIO = "incast-7to1.yaml";
    private static final String SMALL = "workload.bytes=64KiB";
    /** What {@code run} prints when the emulation starts: a refusal must come before it. */
    private static final String STARTED = "fabric-emu: incast-7to1:";
    private static final String MARKER = ".fabric-emu-output";
    /**
     * How long a signal may take to end the JVM: well under a second on an idle machine (0.1 to 0.5 s measured
     * on two cores shared with a dozen other busy processes); the bound leaves room for a collection under way.
     */
    private static final double STOPPED_SECONDS = 3;

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "--out ''{0}''")
    @ValueSource(strings = {"", ".", "..", "../work", "sub/..", "<the working directory>", "/"})
    void out_theWorkingDirectoryAFolderAboveItOrTheRoot_isRefusedBeforeTheRun(String given) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path work = Files.createDirectories(root.resolve("work"));
        Files.createDirectories(work.resolve("sub"));
        Files.writeString(work.resolve("notes.txt"), "mine");
        Map<String, String> before = snapshot(root);
        String out = given.startsWith("<") ? work.toString() : given;
        CliProcess p = CliProcess.start(work, tmp.resolve("logs"), "run", scenarioFile(), "--set", SMALL, "--out", out);
        assertEquals(2, p.waitFor(120), p.err());
        assertRefusedBeforeTheRun(p.out(), p.err(), "error: output folder '" + out + "'",
                given.equals("/") ? "is the root of the file system" : "working directory");
        assertEquals(before, snapshot(root), "nothing changed");
    }

    @ParameterizedTest(name = "name: ''{0}'', with --set: {1}")
    @CsvSource({"..,true", "..,false", ".,false", "-rf,false", "300 characters,false"})
    void scenarioName_thatIsNotAPlainFolderName_isBadInputWhenLoaded(String name, boolean viaSet) throws Exception {
        String value = name.equals("300 characters") ? "n".repeat(300) : name;
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path earlier = Files.createDirectories(work.resolve("results").resolve("earlier"));
        Files.writeString(earlier.resolve("results.json"), "{}");
        List<String> lines = new ArrayList<>(Files.readAllLines(Path.of(scenarioFile())));
        int line = lines.indexOf("name: incast-7to1") + 1;
        if (!viaSet) {
            lines.set(line - 1, "name: '" + value + "'");
        }
        Files.write(work.resolve("scenario.yaml"), lines);
        Map<String, String> before = snapshot(work);
        List<String> args = new ArrayList<>(List.of("run", "scenario.yaml", "--set", SMALL));
        if (viaSet) {
            args.addAll(List.of("--set", "name=" + value));
        }
        CliProcess p = CliProcess.start(work, tmp.resolve("logs"), args.toArray(String[]::new));
        assertEquals(2, p.waitFor(120), p.err());
        String where = viaSet ? "scenario.yaml: --set name=" + value + ": name: "
                : "scenario.yaml:" + line + ": name: ";
        // a quoted value over 80 characters is shown shortened, its length said
        String shown = value.length() > 80 ? "'" + value.substring(0, 60) : "'" + value + "' is not allowed";
        assertTrue(p.err().startsWith("error: " + where + shown), p.err());
        assertTrue(p.err().contains("is not allowed"), p.err());
        assertTrue(p.err().contains("start with a letter or digit") && p.err().contains("at most 100 characters"),
                p.err());
        assertEquals(before, snapshot(work), "nothing changed");
    }

    @Test
    void out_aFile_isRefusedBeforeTheRunAndKept() throws IOException {
        Path file = Files.writeString(tmp.resolve("results.txt"), "my notes");
        assertRefusedBeforeTheRunAndNothingChanged(file, "is a file, not a folder");
    }

    @Test
    void out_aFolderOfOtherContent_isRefusedBeforeTheRunAndKept() throws IOException {
        Path folder = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(folder.resolve("results.json"), "{}");
        Files.writeString(folder.resolve("thesis.tex"), "chapter 1");
        Files.createDirectories(folder.resolve("data"));
        assertRefusedBeforeTheRunAndNothingChanged(folder, "is a folder fabric-emu did not write",
                "it holds data/, thesis.tex that fabric-emu did not write");
    }

    @Test
    void out_aSymbolicLink_isRefusedBeforeTheRun_evenToItsOwnResults() throws IOException {
        Path results = tmp.resolve("results");
        withAnEarlierRun(results, tmp);
        Path link = Files.createSymbolicLink(tmp.resolve("latest"), results);
        assertRefusedBeforeTheRunAndNothingChanged(link, "is a symbolic link");
    }

    @Test
    void out_throughASymbolicLinkLoopOrALinkToNothing_isRefusedSayingSo() throws IOException {
        Path a = tmp.resolve("a");
        Files.createSymbolicLink(a, tmp.resolve("b"));
        Files.createSymbolicLink(tmp.resolve("b"), a);
        Path nowhere = Files.createSymbolicLink(tmp.resolve("nowhere"), tmp.resolve("missing"));
        assertRefusedBeforeTheRunAndNothingChanged(a.resolve("sub/run"), "cannot be created: " + a
                + " is a symbolic-link loop");
        assertRefusedBeforeTheRunAndNothingChanged(nowhere.resolve("run"), "cannot be created: " + nowhere
                + " is a symbolic link to nothing");
    }

    @Test
    void out_belowAFile_isRefusedBeforeTheRun() throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertRefusedBeforeTheRunAndNothingChanged(file.resolve("sub").resolve("run"),
                "cannot be created: " + file + " is a file, not a folder");
    }

    @Test
    void out_aNameTooLongForTheFileSystem_isRefusedBeforeTheRun_andTheLongestNameWorks() throws IOException {
        Path parent = tmp.resolve("new");
        // the file system's own limit decides (255 bytes a name on Linux), found by making the folder
        assertRefusedBeforeTheRunAndNothingChanged(parent.resolve("a".repeat(256)), "cannot be created in " + parent
                + " with that name");
        Path longest = parent.resolve("a".repeat(255));
        Cli.Outcome o = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--set", SMALL, "--out", longest.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(Files.isRegularFile(longest.resolve("results.json")));
    }

    @Test
    void out_inOrAtAFolderTheUserMayNotWrite_isRefusedBeforeTheRun() throws Exception {
        // root may write anywhere: then the command runs as nobody (65534) through util-linux's setpriv, from a
        // copy of the class path that nobody can read (the Maven repository under /root is closed to others)
        boolean root = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
        assumeTrue(!root || Files.isExecutable(Path.of("/usr/bin/setpriv")),
                "running as root and util-linux's setpriv is missing: no way to run the command as another user");
        List<String> runAs = root ? List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups") : List.of();
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        String classPath = readableCopyOfTheClassPath(Files.createDirectories(tmp.resolve("cp")));
        Path scenario = Files.copy(Path.of(scenarioFile()), tmp.resolve(SCENARIO));
        Files.setPosixFilePermissions(scenario, PosixFilePermissions.fromString("rw-r--r--"));
        Path locked = Files.createDirectories(tmp.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Map<String, String> before = snapshot(locked);
            CliProcess p = CliProcess.start(tmp, tmp.resolve("logs"), runAs, classPath, "run", scenario.toString(),
                    "--set", SMALL, "--out", locked.resolve("run").toString());
            assertEquals(2, p.waitFor(120), p.err());
            assertRefusedBeforeTheRun(p.out(), p.err(), "error: output folder '" + locked.resolve("run") + "'",
                    "cannot be created in " + locked + ": permission denied");
            assertEquals(before, snapshot(locked));
            // the folder itself, empty, in a folder the user may write: it would be moved aside, which it may not
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxrwxrwx"));
            p = CliProcess.start(tmp, tmp.resolve("logs"), runAs, classPath, "run", scenario.toString(), "--set",
                    SMALL, "--out", locked.toString());
            assertEquals(2, p.waitFor(120), p.err());
            assertRefusedBeforeTheRun(p.out(), p.err(), "error: output folder '" + locked + "' is not writable: it is"
                    + " an empty folder you may not change, so fabric-emu cannot replace it");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void out_aFolderOfItsOwnResults_isReplacedWhole_asItsMarkerSays() throws IOException {
        Path out = tmp.resolve("run");
        withAnEarlierRun(out, tmp);
        assertTrue(Files.readString(out.resolve(MARKER)).contains("fabric-emu replaces the whole folder"));
        Files.writeString(out.resolve("added-later.txt"), "goes with the folder");
        Cli.Outcome o = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--set", SMALL, "--set", "seed=9", "--out",
                out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertEquals(9, Cli.results(out).get("seed").asInt());
        assertFalse(Files.exists(out.resolve("added-later.txt")));
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(out), left.toList(), "no staging folder is left");
        }
    }

    @Test
    void out_foldersOfAnEarlierVersionAndEmptyFolders_areUsed() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        for (String file : List.of("results.json", "flows.csv", "ports.csv", "report.html")) {
            Files.writeString(run.resolve(file), "old");
        }
        Path compare = Files.createDirectories(tmp.resolve("compare"));
        for (String file : List.of("comparison.md", "comparison.csv", "report.html", "nscc/results.json",
                "nscc/series-flows.csv", "rccc/results.json")) {
            Files.createDirectories(compare.resolve(file).getParent());
            Files.writeString(compare.resolve(file), "old");
        }
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        for (Path out : List.of(run, empty)) {
            Cli.Outcome o = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--set", SMALL, "--out", out.toString());
            assertEquals(0, o.exitCode(), o.err());
            assertEquals("incast-7to1", Cli.results(out).get("scenario").asText());
        }
        Cli.Outcome o = Cli.run("compare", Cli.scenario(SCENARIO), "--cc", "none,nscc", "--quiet", "--set", SMALL,
                "--out", compare.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(Files.isRegularFile(compare.resolve(MARKER)));
        assertFalse(Files.exists(compare.resolve("rccc")), "the old folder was replaced whole");
    }

    @Test
    void compare_aRunNamedLikeAFileOfTheComparison_isRefusedBeforeTheFirstRun() {
        Path out = tmp.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", Cli.scenario(SCENARIO), Cli.scenario(SCENARIO), "--set", SMALL,
                "--set", "name=comparison.md", "--out", out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("cannot hold the results of the run 'comparison.md'")
                && o.err().contains("fabric-emu writes a file of that name there; rename it"), o.err());
        assertFalse(o.out().contains("(1 of 2)"), "nothing ran:\n" + o.out());
        assertFalse(Files.exists(out));
        assertEquals(List.of(), list(tmp));
    }

    @Test
    void sigint_duringTheRun_removesTheStagingFolderAndTheFoldersItMade() throws Exception {
        assumeTrue(!sigintIgnored(), "this JVM ignores SIGINT (started in the background by a shell without job"
                + " control), and so would the fabric-emu it starts: no test can deliver the signal here");
        Path root = Files.createDirectories(tmp.resolve("root"));
        Map<String, String> before = withAnEarlierRun(root.resolve("results/earlier"), root);
        // a run of tens of seconds (7 GiB into one 100 Gb/s link), so the signal lands while it runs whatever
        // the machine's speed; it ends the moment the signal is handled
        CliProcess p = CliProcess.start(root, tmp.resolve("logs"), "run", scenarioFile(), "--set",
                "workload.bytes=1GiB", "--set", "stop=1s", "--out", "results/new/deeper/run");
        awaitHidden(p, root, "a staging folder", path -> true);
        assertEquals(130, signalAndWait(p, "INT"), "the JVM ends as SIGINT ends it: " + p.err());
        assertEquals(before, snapshot(root), "nothing is left, not even the folders made for the output");
    }

    /**
     * Whether this process ignores SIGINT (the SigIgn mask of /proc/self/status, bit 1): a process a shell starts in
     * the background without job control does, and the processes it starts inherit that; false where there is no
     * /proc.
     */
    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16) & (1L << 1)) != 0;
            }
        }
        return false;
    }

    @Test
    void sigterm_whileTheOutputIsWritten_keepsThePreviousResultsAndLeavesNothingHidden() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Map<String, String> before = withAnEarlierRun(root.resolve("results/incast-7to1"), root);
        // dense sampling: seconds of writing time series, so the signal lands while the files are written
        CliProcess p = CliProcess.start(root, tmp.resolve("logs"), "run", scenarioFile(), "--quiet", "--set",
                "sampling.interval=1ns", "--set", "sampling.maxPoints=20000");
        awaitHidden(p, root, "results.json in a staging folder",
                path -> path.getFileName().toString().equals("results.json"));
        assertEquals(143, signalAndWait(p, "TERM"), "the JVM ends as SIGTERM ends it: " + p.err());
        assertEquals(before, snapshot(root), "the previous results are whole and nothing is left");
    }

    @Test
    void sigkill_leavesAStagingFolder_thatTheNextRunIntoTheSameFolderRemoves_andNothingElse() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path out = root.resolve("run");
        withAnEarlierRun(out, root);
        CliProcess p = CliProcess.start(root, tmp.resolve("logs"), "run", scenarioFile(), "--quiet", "--set",
                "workload.bytes=64MiB", "--out", out.toString());
        // new/run is made after the marker
        awaitHidden(p, root, "a staging folder", path -> path.endsWith(Path.of("new", "run")));
        p.signal("KILL");
        assertEquals(137, p.waitFor(60), "SIGKILL ends it at once, no shutdown hook runs");
        Path left = hidden(root).get(0);
        String marker = Files.readString(left.resolve(".fabric-emu-staging"));
        assertTrue(marker.contains("\npid: " + p.pid() + "\n") && marker.contains("\ntarget: run\n"), marker);
        // look-alikes that must stay: a folder of a process that runs (this one), one of another output folder,
        // one without a marker, and a link to a left folder
        String self = Files.readString(Path.of("/proc/self/stat"));
        String running = marker.replace("\npid: " + p.pid() + "\n", "\npid: " + ProcessHandle.current().pid() + "\n")
                .replaceAll("\nstart: \\d+\n", "\nstart: " + self.substring(self.lastIndexOf(')') + 2).split(" ")[19]
                        + "\n");
        Files.writeString(Files.createDirectory(root.resolve(".fabric-emu-tmp-" + UUID.randomUUID()))
                .resolve(".fabric-emu-staging"), running);
        Files.writeString(Files.createDirectory(root.resolve(".fabric-emu-tmp-" + UUID.randomUUID()))
                .resolve(".fabric-emu-staging"), marker.replace("\ntarget: run\n", "\ntarget: other\n"));
        Files.createDirectory(root.resolve(".fabric-emu-tmp-" + UUID.randomUUID()));
        Files.createSymbolicLink(root.resolve(".fabric-emu-tmp-" + UUID.randomUUID()), left.getFileName());
        Map<String, String> lookalikes = snapshot(root);
        lookalikes.keySet().removeIf(path -> !isHidden(Path.of(path)) || path.startsWith(left.getFileName().toString()));

        Cli.Outcome o = Cli.run("run", scenarioFile(), "--quiet", "--set", SMALL, "--set", "seed=5", "--out",
                out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertFalse(Files.exists(left), "the killed run's staging folder is gone");
        Map<String, String> after = snapshot(root);
        after.keySet().removeIf(path -> !isHidden(Path.of(path)));
        assertEquals(lookalikes, after, "every other hidden entry is as it was");
        assertEquals(5, Cli.results(out).get("seed").asInt());
    }

    /**
     * Sends the signal and waits for the JVM to end: its exit code. It must end within {@link #STOPPED_SECONDS},
     * shutdown hooks and all.
     */
    private static int signalAndWait(CliProcess p, String signal) throws Exception {
        long sentNanos = System.nanoTime();
        p.signal(signal);
        int exit = p.waitFor(120);
        double seconds = (System.nanoTime() - sentNanos) / 1e9;
        assertTrue(seconds < STOPPED_SECONDS, "SIG" + signal + " took " + seconds + " s to end the JVM");
        return exit;
    }

    /** The hidden entries directly under {@code root}. */
    private static List<Path> hidden(Path root) throws IOException {
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(path -> path.getFileName().toString().startsWith(".")).toList();
        }
    }

    /** Runs a small scenario quietly into {@code out}, which must work; the snapshot of {@code root} after it. */
    private static Map<String, String> withAnEarlierRun(Path out, Path root) {
        Cli.Outcome o = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--set", SMALL, "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        return snapshot(root);
    }

    private Cli.Outcome runInto(Path out) {
        return Cli.run("run", Cli.scenario(SCENARIO), "--set", SMALL, "--out", out.toString());
    }

    /** A run into {@code out} is refused with exit 2 before it starts, saying {@code says}; nothing changes. */
    private void assertRefusedBeforeTheRunAndNothingChanged(Path out, String... says) throws IOException {
        Map<String, String> before = snapshot(tmp);
        Cli.Outcome o = runInto(out);
        assertEquals(2, o.exitCode(), o.err());
        List<String> all = new ArrayList<>(List.of("error: output folder '"));
        all.addAll(List.of(says));
        assertRefusedBeforeTheRun(o.out(), o.err(), all.toArray(String[]::new));
        assertEquals(before, snapshot(tmp), "nothing changed");
    }

    private static void assertRefusedBeforeTheRun(String out, String err, String... says) {
        assertTrue(err.startsWith(says[0]), err);
        for (String s : says) {
            assertTrue(err.contains(s), "says " + s + ":\n" + err);
        }
        assertTrue(err.strip().endsWith("choose another folder with --out"), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), "no Java internals:\n" + err);
        assertFalse(out.contains(STARTED), "refused before the run started:\n" + out);
    }

    /** Waits until the command, still running, has a hidden entry under {@code root} that {@code matches}. */
    private static void awaitHidden(CliProcess p, Path root, String what, Predicate<Path> matches)
            throws Exception {
        Await.until(what + " (out: " + p.out() + ", err: " + p.err() + ")", 120, () -> {
            assertTrue(p.isAlive(), "fabric-emu ended before " + what + " appeared: " + p.err());
            return snapshot(root).keySet().stream().map(Path::of)
                    .anyMatch(path -> isHidden(path) && matches.test(path));
        });
    }

    private static boolean isHidden(Path relative) {
        for (Path name : relative) {
            if (name.toString().startsWith(".") && !name.toString().equals(MARKER)) {
                return true;
            }
        }
        return false;
    }

    private static String scenarioFile() {
        return Cli.SCENARIOS.resolve(SCENARIO).toAbsolutePath().normalize().toString();
    }

    /**
     * Everything under {@code root}, relative path to what it is: a folder, a link and its target, or a file's
     * SHA-256; so two snapshots are equal only if nothing was added, removed or changed.
     */
    private static Map<String, String> snapshot(Path root) {
        for (int attempt = 1; ; attempt++) {
            try {
                return snapshotOnce(root);
            } catch (IOException | java.io.UncheckedIOException e) {
                // a staging folder went away while it was read: look again
                if (attempt == 5) {
                    throw new AssertionError("cannot read " + root, e);
                }
            }
        }
    }

    private static Map<String, String> snapshotOnce(Path root) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        if (!Files.exists(root)) {
            return entries;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.toList()) {
                String what;
                if (Files.isSymbolicLink(p)) {
                    what = "link to " + Files.readSymbolicLink(p);
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    what = "folder";
                } else {
                    what = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
                }
                entries.put(root.relativize(p).toString(), what);
            }
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return entries;
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** This JVM's class path copied under {@code dir}, readable by every user; the copy's class path. */
    private static String readableCopyOfTheClassPath(Path dir) throws IOException {
        List<String> copied = new ArrayList<>();
        String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        for (int i = 0; i < entries.length; i++) {
            Path from = Path.of(entries[i]);
            if (!Files.exists(from)) {
                continue; // a folder Maven lists but this module has nothing in
            }
            Path to = dir.resolve(i + "-" + from.getFileName());
            try (Stream<Path> walk = Files.walk(from)) {
                for (Path p : walk.toList()) {
                    Path target = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                    } else {
                        Files.copy(p, target);
                        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                    }
                }
            }
            copied.add(to.toString());
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return String.join(File.pathSeparator, copied);
    }
}

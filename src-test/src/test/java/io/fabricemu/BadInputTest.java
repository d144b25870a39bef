package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad scenario files through the real command line: exit code 2, a message naming the file, the line,
 * the field and what is allowed, and no output folder left behind.
 */
class BadInputTest {
    private static final String GOOD = String.join("\n",
            "name: bad-input",
            "topology:",
            "  kind: leaf-spine",
            "  leaves: 2",
            "  hostsPerLeaf: 2",
            "  spines: 1",
            "  hostLink: {rate: 100Gbps, delay: 500ns}",
            "  fabricLink: {rate: 100Gbps, delay: 500ns}",
            "workload:",
            "  kind: incast",
            "  receiver: 0",
            "  senders: [1, 2]",
            "  bytes: 64KiB",
            "");

    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("malformed YAML", GOOD.replace("  leaves: 2", "  leaves: [2"), ":5", "malformed YAML",
                        "starts on line 4"),
                Arguments.of("unknown field", GOOD.replace("  spines: 1", "  spines: 1\n  spine: 3"), ":7",
                        "topology.spine", "allowed fields"),
                Arguments.of("wrong unit", GOOD.replace("bytes: 64KiB", "bytes: 64KB/s"), ":13", "workload.bytes",
                        "KiB"),
                Arguments.of("missing unit", GOOD.replace("delay: 500ns}\n  fabric", "delay: 500}\n  fabric"), ":7",
                        "topology.hostLink.delay", "ns"),
                Arguments.of("out of range", GOOD.replace("  leaves: 2", "  leaves: 0"), ":4", "topology.leaves",
                        "1"),
                Arguments.of("unknown host", GOOD.replace("senders: [1, 2]", "senders: [1, 9]"), ":12",
                        "workload.senders", "0..3"),
                Arguments.of("unknown kind", GOOD.replace("kind: incast", "kind: broadcast"), ":10",
                        "workload.kind", "permutation"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void run_badScenario_exitsTwoWithAPreciseMessageAndWritesNothing(String what, String yaml, String line,
                                                                      String field, String allowed) throws IOException {
        Path file = tmp.resolve("scenario.yaml");
        Files.writeString(file, yaml);
        Path out = tmp.resolve("out");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains(file.toString() + line), "names the file and line: " + o.err());
        assertTrue(o.err().contains(field), "names the field: " + o.err());
        assertTrue(o.err().contains(allowed), "says what is allowed: " + o.err());
        assertFalse(Files.exists(out));
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(1, left.count(), "only the scenario file remains");
        }
        Cli.Outcome v = Cli.run("validate", file.toString());
        assertEquals(2, v.exitCode());
        assertEquals(o.err(), v.err(), "validate and run reject alike");
    }

    /** A CSV schedule with a cycle: exit 2, the CSV file's line and column, nothing written. */
    @Test
    void run_scheduleWithACycle_exitsTwoNamingTheCsvLine() throws IOException {
        Path file = tmp.resolve("scenario.yaml");
        Files.writeString(file, GOOD.replace("  kind: incast\n  receiver: 0\n  senders: [1, 2]\n  bytes: 64KiB",
                "  kind: flows\n  schedule: steps.csv"));
        Path csv = Files.writeString(tmp.resolve("steps.csv"), "id,src,dst,bytes,after,gap\n"
                + "s0,0,1,64KiB,,\ns1,1,2,64KiB,s0;s2,\ns2,2,3,64KiB,s1,\n");
        Path out = tmp.resolve("out");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + csv + ":3: after: 's1' waits for 's2', which waits for 's1': a"
                + " cycle"), o.err());
        assertFalse(Files.exists(out));
    }

    /** A collective with a bad field: exit 2, its line, the values allowed. */
    @Test
    void run_collectiveWithABadAlgorithm_exitsTwoListingTheAllowedOnes() throws IOException {
        Path file = tmp.resolve("scenario.yaml");
        Files.writeString(file, GOOD.replace("  kind: incast\n  receiver: 0\n  senders: [1, 2]\n  bytes: 64KiB",
                "  kind: all-gather\n  algorithm: tree\n  ranks: 0..3\n  bytes: 64KiB"));
        Path out = tmp.resolve("out");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + file + ":11: workload.algorithm: 'tree'"), o.err());
        assertTrue(o.err().contains("ring"), o.err());
        assertFalse(Files.exists(out));
    }

    /** What a message about a file must not hold: Java exception names, library wording, a stack trace. */
    private static final Pattern JARGON = Pattern.compile(
            "Exception|StreamReadConstraints|code points|Input length|\\tat |java\\.");

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            out.writeBytes(p instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : (byte[]) p);
        }
        return out.toByteArray();
    }

    static Stream<Arguments> unreadableFiles() {
        String afterName = GOOD.substring(GOOD.indexOf('\n'));
        return Stream.of(
                Arguments.of("latin-1 byte", bytes("name: caf", new byte[] {(byte) 0xE9}, afterName),
                        ":1: byte 0xE9 at column 10 (offset 9 in the file) is not UTF-8; scenario files must be UTF-8"
                                + " text: save the file as UTF-8"),
                Arguments.of("latin-1 byte further down", bytes(GOOD.substring(0, GOOD.indexOf("KiB")),
                        new byte[] {(byte) 0xB5}, "KiB\n"),
                        ":13: byte 0xB5 at column 12 (offset 241 in the file) is not UTF-8"),
                Arguments.of("binary", bytes(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0xD0}),
                        ":1: column 8 holds a NUL byte (offset 7 in the file), as a binary file or UTF-16 text does"),
                Arguments.of("UTF-16", GOOD.getBytes(StandardCharsets.UTF_16),
                        ":1: the file is UTF-16 text (it starts with a UTF-16 byte order mark); scenario files must be"
                                + " UTF-8 text"),
                Arguments.of("control character", bytes(GOOD.replace("spines: 1", "spines: 1\u001b")),
                        ":6: column 12 holds the control character U+001B, which a YAML file may not contain"),
                Arguments.of("empty", new byte[0],
                        ":1: the file is empty; a scenario needs at least name, topology and workload"),
                Arguments.of("deep nesting", bytes(GOOD.replace("senders: [1, 2]",
                        "senders: " + "[".repeat(2000) + "]".repeat(2000))),
                        ":12: workload.senders" + "[0]".repeat(14) + "[0... (202 characters): maps and lists are nested"
                                + " deeper than 64 levels here"),
                Arguments.of("huge number", bytes(GOOD.replace("leaves: 2", "leaves: " + "9".repeat(5000))),
                        ":4: topology.leaves: '" + "9".repeat(60) + "...' (5,000 characters) is out of range"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unreadableFiles")
    void run_fileThatIsNotReadableYaml_isNamedAtItsLineInPlainWords(String what, byte[] content, String expected)
            throws IOException {
        Path file = Files.write(tmp.resolve("scenario.yaml"), content);
        Path out = tmp.resolve("out");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + file + expected), "says: " + expected + "\nsaid: " + o.err());
        assertFalse(JARGON.matcher(o.err()).find(), o.err());
        assertTrue(o.err().length() < 400, o.err());
        assertFalse(Files.exists(out));
        assertEquals(o.err(), Cli.run("validate", file.toString()).err(), "validate and run reject alike");
    }

    @Test
    void run_folderMissingFileOrEmptyName_saysWhichItIs() throws IOException {
        Path folder = Files.createDirectory(tmp.resolve("scenarios"));
        Path out = tmp.resolve("out");
        assertRefused("error: " + folder + ": is a folder, not a scenario file\n", folder.toString(), out);
        Path missing = tmp.resolve("missing.yaml");
        assertRefused("error: " + missing + ": no such file\n", missing.toString(), out);
        assertRefused("error: '': the file name is empty; name a scenario file\n", "", out);
        assertFalse(Files.exists(out));
    }

    private static void assertRefused(String expected, String file, Path out) {
        Cli.Outcome run = Cli.run("run", file, "--quiet", "--out", out.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertEquals(expected, run.err());
        Cli.Outcome validate = Cli.run("validate", file);
        assertEquals(2, validate.exitCode(), validate.err());
        assertEquals(expected, validate.err());
    }

    @Test
    void validate_twoErrorsInDifferentSections_reportsBothWithTheirLines() throws IOException {
        Path file = Files.writeString(tmp.resolve("two.yaml"),
                GOOD.replace("bytes: 64KiB", "bytes: 64XB") + "transport:\n  rto: 0us\n");
        Cli.Outcome v = Cli.run("validate", file.toString());
        assertEquals(2, v.exitCode(), v.err());
        List<String> lines = v.err().lines().toList();
        assertEquals(2, lines.size(), v.err());
        assertTrue(lines.get(0).startsWith("error: " + file + ":13: workload.bytes: '64XB' is not a size"), v.err());
        assertTrue(lines.get(1).startsWith("error: " + file + ":15: transport.rto: "), v.err());
        Cli.Outcome run = Cli.run("run", file.toString(), "--quiet", "--out", tmp.resolve("out").toString());
        assertEquals(2, run.exitCode());
        assertEquals(v.err(), run.err(), "run lists the same errors");
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void validate_fiveBadFilesAndAGoodOne_reportsEveryFileThenExits2() throws IOException {
        List<String> bad = List.of(GOOD.replace("  leaves: 2", "  leaves: 0"),
                GOOD.replace("  spines: 1", "  spines: 1\n  spine: 3"), GOOD.replace("bytes: 64KiB", "bytes: 64KB/s"),
                GOOD.replace("senders: [1, 2]", "senders: [1, 9]"), GOOD.replace("name: bad-input", "name: ../x"));
        List<String> args = new ArrayList<>(List.of("validate"));
        for (int i = 0; i < bad.size(); i++) {
            args.add(Files.writeString(tmp.resolve("bad" + i + ".yaml"), bad.get(i)).toString());
        }
        Path good = Files.writeString(tmp.resolve("good.yaml"), GOOD);
        args.add(2, good.toString());
        Cli.Outcome v = Cli.run(args.toArray(String[]::new));
        assertEquals(2, v.exitCode(), v.err());
        List<String> lines = v.err().lines().toList();
        assertEquals(6, lines.size(), v.err());
        for (int i = 0; i < bad.size(); i++) {
            assertTrue(lines.get(i).matches("error: " + Pattern.quote(tmp.resolve("bad" + i + ".yaml").toString())
                    + ":\\d+: [a-zA-Z.\\[\\]0-9]+: .*"), lines.get(i));
        }
        assertEquals("5 of 6 scenario files are bad", lines.get(5));
        assertTrue(v.out().startsWith("ok: " + good + ": "), v.out());
    }

    @Test
    void run_fileWithAUtf8ByteOrderMark_isRead() throws IOException {
        Path file = Files.write(tmp.resolve("bom.yaml"), bytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                GOOD.replace("leaves: 2", "leaves: 0")));
        Cli.Outcome o = Cli.run("validate", file.toString());
        assertTrue(o.err().startsWith("error: " + file + ":4: topology.leaves: '0' is out of range"), o.err());
        Files.write(file, bytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, GOOD));
        assertEquals(0, Cli.run("validate", file.toString()).exitCode());
    }

    /**
     * A file this user may not read. The tests may run as root, whom file permissions do not stop, so then the
     * command runs in a JVM of its own as the user nobody (setpriv, util-linux), with a copy of the class path it
     * can read.
     */
    @Test
    void run_fileTheUserMayNotRead_saysPermissionDenied() throws Exception {
        Path file = Files.writeString(tmp.resolve("secret.yaml"), GOOD);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        String expected = "error: " + file + ": permission denied: this user may not read the file\n";
        if (!isRoot()) {
            Cli.Outcome o = Cli.run("validate", file.toString());
            assertEquals(2, o.exitCode(), o.err());
            assertEquals(expected, o.err());
            return;
        }
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> command = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", readableClassPath(),
                "io.fabricemu.cli.Main", "validate", file.toString()));
        Path err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(false).redirectError(err.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "validate as nobody ends");
        assertEquals(expected, Files.readString(err));
        assertEquals(2, p.exitValue());
    }

    private static boolean isRoot() {
        return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    /** This JVM's class path copied where any user can read it (a root's Maven repository is private). */
    private String readableClassPath() throws IOException {
        Path root = Files.createDirectory(tmp.resolve("cp"));
        List<String> entries = new ArrayList<>();
        String[] classPath = System.getProperty("java.class.path").split(java.io.File.pathSeparator);
        for (int i = 0; i < classPath.length; i++) {
            Path from = Path.of(classPath[i]);
            if (!Files.exists(from)) {
                continue;
            }
            Path to = root.resolve(i + "-" + from.getFileName());
            try (Stream<Path> tree = Files.walk(from)) {
                for (Path p : (Iterable<Path>) tree::iterator) {
                    Path target = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target);
                    }
                }
            }
            entries.add(to.toString());
        }
        try (Stream<Path> copied = Files.walk(root)) {
            for (Path p : (Iterable<Path>) copied::iterator) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(
                        Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void run_theGoodVersionOfEachCaseRuns(String what) throws IOException {
        Path file = tmp.resolve("good.yaml");
        Files.writeString(file, GOOD);
        assertEquals(0, Cli.run("validate", file.toString()).exitCode());
    }
}

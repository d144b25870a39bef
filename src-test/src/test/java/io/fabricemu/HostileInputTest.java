package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scenarios written to do harm, or that cannot mean what they say, through the real command line: each is refused
 * with exit code 2 and a message naming the file, the line and the field, within seconds, and without Java showing
 * through. Above all, a scenario cannot make fabric-emu print another file: a schedule naming
 * {@code /proc/self/environ} or {@code /etc/passwd}, by absolute path, by {@code ..}, by a symbolic link or by
 * {@code --set}, is refused, and nothing printed holds a line of either file.
 */
class HostileInputTest {
    private static final String FABRIC = String.join("\n",
            "name: hostile",
            "topology:",
            "  kind: leaf-spine",
            "  leaves: 2",
            "  hostsPerLeaf: 2",
            "  spines: 1",
            "  hostLink: {rate: 100Gbps, delay: 500ns}",
            "  fabricLink: {rate: 100Gbps, delay: 500ns}",
            "stop: 1ms",
            "");
    private static final String INCAST = FABRIC + String.join("\n",
            "workload:",
            "  kind: incast",
            "  receiver: 0",
            "  senders: [1, 2]",
            "  bytes: 64KiB",
            "");
    /** What a message must not hold: Java exception names, library wording, a stack trace. */
    private static final Pattern JARGON = Pattern.compile(
            "Exception|Error:|snakeyaml|VALUE_EMBEDDED|\\tat |java\\.");
    private static final Path ENVIRON = Path.of("/proc/self/environ");
    private static final Path PASSWD = Path.of("/etc/passwd");

    @TempDir
    Path tmp;

    private Path scenario(String text) throws IOException {
        return Files.writeString(tmp.resolve("scenario.yaml"), text);
    }

    private Path schedule(String name) throws IOException {
        return scenario(FABRIC + "workload:\n  kind: flows\n  schedule: " + name + "\n");
    }

    /** {@code validate} of {@code file}: exit 2, the message starting with {@code start}, no jargon. */
    private static Cli.Outcome refused(Path file, String start, String... more) {
        Cli.Outcome o = Cli.run(concat(new String[] {"validate", file.toString()}, more));
        assertEquals(2, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().startsWith("error: " + file + start), o.err());
        assertFalse(JARGON.matcher(o.err()).find(), o.err());
        return o;
    }

    // 1. and 3. Files a scenario names

    /** The lines (for /proc/self/environ: the NUL-separated entries) of {@code file} that no output may hold. */
    private static List<String> secrets(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("[\\n\\u0000]")) {
            if (line.strip().length() >= 4) {
                lines.add(line.strip());
            }
        }
        return lines;
    }

    private void assertShowsNoLineOf(Path secret, Cli.Outcome o) throws IOException {
        for (String line : secrets(secret)) {
            assertFalse(o.out().contains(line) || o.err().contains(line),
                    "the output shows a line of " + secret + ":\n" + o.err());
        }
    }

    /** Enough {@code ../} to climb from the scenario's folder to the root, and one more. */
    private String toRoot() throws IOException {
        return "../".repeat(tmp.toRealPath().getNameCount() + 1);
    }

    static Stream<Arguments> secretFiles() {
        return Stream.of(Arguments.of(ENVIRON), Arguments.of(PASSWD));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("secretFiles")
    void schedule_aFileElsewhere_isRefusedAndNeverShown(Path secret) throws IOException {
        assumeTrue(Files.isReadable(secret), secret + " is not readable here");
        Path file = schedule(secret.toString());
        assertShowsNoLineOf(secret, refused(file, ":12: workload.schedule: '" + secret + "' is an absolute path;"));
        String climb = toRoot() + secret.toString().substring(1);
        file = schedule(climb);
        assertShowsNoLineOf(secret, refused(file, ":12: workload.schedule: '" + climb + "' leads out of the"
                + " scenario's folder"));
        Path link = tmp.resolve("innocent.csv");
        Files.deleteIfExists(link);
        try {
            Files.createSymbolicLink(link, secret);
            file = schedule("innocent.csv");
            assertShowsNoLineOf(secret, refused(file, ":12: workload.schedule: 'innocent.csv' leads through a"
                    + " symbolic link out of the folders a scenario may read"));
        } catch (UnsupportedOperationException e) {
            // no symbolic links on this file system: the other two ways are checked
        }
        file = schedule("s.csv");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", tmp.resolve("out").toString(),
                "--set", "workload.schedule=" + climb);
        assertEquals(2, o.exitCode(), o.err());
        assertShowsNoLineOf(secret, o);
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void schedule_aDevice_isRefusedAtOnce() throws IOException {
        Path file = schedule("/dev/zero");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> refused(file, ":12: workload.schedule:"
                + " '/dev/zero' is an absolute path"));
        Path within = schedule("/dev/zero");
        Cli.Outcome o = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> refused(within, ":12: workload.schedule: cannot read /dev/zero: it is not a regular file",
                        "--allow-files", "/dev"));
        assertTrue(o.err().contains("name a CSV schedule"), o.err());
    }

    @Test
    void schedule_inAnAllowedFolder_orWithAByteOrderMark_isRead() throws IOException {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path csv = Files.write(elsewhere.resolve("s.csv"), ("\uFEFFid,src,dst,bytes,after,gap\r\n"
                + "a,0,1,64KiB,,\r\nb,1,2,64KiB,a,1us\r\n").getBytes(StandardCharsets.UTF_8));
        Path sub = Files.createDirectories(tmp.resolve("sub"));
        Path file = Files.writeString(sub.resolve("scenario.yaml"), FABRIC + "workload:\n  kind: flows\n"
                + "  schedule: ../elsewhere/s.csv\n");
        Cli.Outcome refusedOutside = Cli.run("validate", file.toString());
        assertEquals(2, refusedOutside.exitCode(), refusedOutside.err());
        assertTrue(refusedOutside.err().contains("--allow-files DIR"), refusedOutside.err());
        Cli.Outcome ok = Cli.run("validate", file.toString(), "--allow-files", elsewhere.toString());
        assertEquals(0, ok.exitCode(), ok.err());
        assertTrue(ok.out().contains("2 flows"), ok.out());
        Cli.Outcome absolute = Cli.run("validate", schedule(csv.toString()).toString(), "--allow-files",
                elsewhere.toString());
        assertEquals(0, absolute.exitCode(), absolute.err());
        Cli.Outcome noFolder = Cli.run("validate", file.toString(), "--allow-files", tmp.resolve("none").toString());
        assertEquals(2, noFolder.exitCode());
        assertEquals("error: --allow-files " + tmp.resolve("none") + ": no such folder\n", noFolder.err());
    }

    @Test
    void schedule_thatIsNoSchedule_isDescribedNotQuoted() throws IOException {
        Path notes = Files.writeString(tmp.resolve("notes.csv"), "SECRET_TOKEN=hunter2\nid,src\n");
        Cli.Outcome o = Cli.run("validate", schedule("notes.csv").toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + notes + ":1: the first line must be the header"
                + " id,src,dst,bytes,after,gap (or id,src,dst,bytes,after,gap,start, or"
                + " id,src,dst,bytes,after,gap,start,recvPosted), and this line is not one"),
                o.err());
        assertFalse(o.err().contains("SECRET") || o.err().contains("hunter2"), o.err());
    }

    // 2. Counts whose product overflows an int

    static Stream<Arguments> hugeFabrics() {
        String links = "  hostLink: {rate: 100Gbps, delay: 500ns}\n  fabricLink: {rate: 100Gbps, delay: 500ns}\n";
        return Stream.of(
                Arguments.of("leaf-spine", "  kind: leaf-spine\n  leaves: 1000000\n  hostsPerLeaf: 1000000\n"
                        + "  spines: 1\n" + links, ":4: topology.leaves: leaves x hostsPerLeaf = 1,000,000,000,000"
                        + " hosts, with 1,000,001 switches; a fabric has at most 2,147,483,647 hosts and switches"),
                Arguments.of("fat tree", "  kind: fat-tree\n  pods: 1000000\n  torsPerPod: 1000000\n"
                        + "  hostsPerTor: 1\n  aggsPerPod: 1\n  cores: 1\n  hostLink: {rate: 100Gbps, delay: 500ns}\n"
                        + "  aggLink: {rate: 100Gbps, delay: 500ns}\n  coreLink: {rate: 100Gbps, delay: 500ns}\n",
                        ":4: topology.pods: pods x torsPerPod x hostsPerTor = 1,000,000,000,000 hosts"),
                Arguments.of("ring", "  kind: ring\n  switches: 1000000\n  hostsPerSwitch: 1000000\n"
                        + "  hostLink: {rate: 100Gbps, delay: 500ns}\n  ringLink: {rate: 100Gbps, delay: 500ns}\n",
                        ":4: topology.switches: switches x hostsPerSwitch = 1,000,000,000,000 hosts"),
                Arguments.of("rail-optimised", "  kind: rail-optimised\n  segmentsPerPod: 1000000\n"
                        + "  nodesPerSegment: 1000000\n  gpusPerNode: 8\n  spinesPerPod: 1\n" + links,
                        ":3: topology.pods: pods x segmentsPerPod x nodesPerSegment x gpusPerNode ="
                                + " 8,000,000,000,000 hosts"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hugeFabrics")
    void topology_whoseHostsOverflowAnInt_isRefusedNamingTheLimit(String kind, String topology, String message)
            throws IOException {
        refused(scenario("name: huge\ntopology:\n" + topology + "workload: {kind: all-to-all, bytes: 1MiB}\n"),
                message);
    }

    // 4. YAML the loader gives no meaning to

    static Stream<Arguments> unsupportedYaml() {
        return Stream.of(
                Arguments.of("binary", "  bytes: 64KiB", "  bytes: !!binary aGVsbG8=",
                        ":14: workload.bytes: YAML tags (!!binary) are not supported; write the value as plain text"),
                Arguments.of("own tag", "stop: 1ms", "stop: !mytag 10ms",
                        ":9: stop: YAML tags (!mytag) are not supported"),
                Arguments.of("str tag", "  receiver: 0", "  receiver: !!str 0",
                        ":12: workload.receiver: YAML tags (!!str) are not supported"),
                Arguments.of("complex key", "  bytes: 64KiB", "  bytes: 64KiB\n  ? [a, b]\n  : c",
                        ":15: workload: a key here is a list (a YAML complex key, '? ...')"),
                Arguments.of("merge key", "  bytes: 64KiB", "  bytes: 64KiB\n  <<: {start: 1us}",
                        ":15: workload.<<: YAML merge keys (<<) are not supported"),
                Arguments.of("anchor and alias", "  bytes: 64KiB", "  bytes: &b 64KiB",
                        ":14: workload.bytes: YAML anchors (&b) are not supported"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unsupportedYaml")
    void yaml_withoutMeaningHere_isRefusedAtItsLineAndField(String what, String line, String replacement,
                                                             String message) throws IOException {
        assertTrue(INCAST.contains(line + "\n"), line);
        refused(scenario(INCAST.replace(line + "\n", replacement + "\n")), message);
    }

    // 5. Long lines read in time linear in the file's size

    @Test
    void longCommentsAndScalars_areReadInSeconds() throws IOException {
        int length = 16 << 20;
        String body = INCAST.replace("name: hostile\n", "");
        Path comment = Files.writeString(tmp.resolve("comment.yaml"), "name: hostile\n" + body + "# "
                + "x".repeat(length - INCAST.length() - 3) + "\n");
        Path scalar = Files.writeString(tmp.resolve("scalar.yaml"), "name: " + "x".repeat(length - INCAST.length())
                + "\n" + body);
        Cli.Outcome ok = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Cli.run("validate",
                comment.toString()));
        assertEquals(0, ok.exitCode(), ok.err());
        Cli.Outcome bad = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Cli.run("validate",
                scalar.toString()));
        assertEquals(2, bad.exitCode(), bad.err());
        assertTrue(bad.err().startsWith("error: " + scalar + ":1: name: 'xxxx"), bad.err());
    }

    // 6. Values that cannot mean what is written

    @Test
    void aStartAtOrAfterStop_isRefusedNamingTheStop() throws IOException {
        refused(scenario(INCAST + "  start: 2ms\n"), ":15: workload.start: '2ms' is at or after stop (1 ms): the"
                + " run ends before this starts, so it would never send");
        refused(scenario(FABRIC + "workload:\n  kind: flows\n  flows:\n    - {src: 0, dst: 1, bytes: 1MiB}\n"
                + "    - {src: 1, dst: 2, bytes: 1MiB, start: 1ms}\n"), ":14: workload.flows[1].start: '1ms' is at"
                + " or after stop (1 ms)");
        refused(scenario(FABRIC + "workload: {kind: all-reduce, bytes: 1MiB, start: 5ms}\n"),
                ":10: workload.start: '5ms' is at or after stop");
    }

    @Test
    void aSpaceBetweenANumberAndItsUnit_isRefusedSayingHowToWriteIt() throws IOException {
        refused(scenario(INCAST.replace("rate: 100Gbps, delay: 500ns}\n  fabricLink",
                "rate: 100 Gbps, delay: 500ns}\n  fabricLink")), ":7: topology.hostLink.rate: '100 Gbps' has a"
                + " space between the number and its unit (write 100Gbps)");
    }

    private static String[] concat(String[] a, String[] b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(new String[0]);
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Values and fabrics that validated and then failed the run, through the real command line: a timeout of
 * Long.MAX_VALUE picoseconds (exit 1 and stack traces), a flow of nearly Long.MAX_VALUE bytes (exit 0, nothing
 * sent), fabrics that ran out of memory while they were built. Now {@code validate} and {@code run} refuse them
 * alike, with exit 2, the file, the line, the field and the bound or the estimate, and write nothing.
 */
class LimitsTest {
    private static final String SMALL = String.join("\n",
            "name: limits",
            "topology: {kind: leaf-spine, leaves: 2, hostsPerLeaf: 2, spines: 1,"
                    + " hostLink: {rate: 100Gbps, delay: 500ns}, fabricLink: {rate: 100Gbps, delay: 500ns}}",
            "transport:",
            "  rto: 100us",
            "workload: {kind: incast, receiver: 0, senders: 2, bytes: 64KiB}",
            "");

    @TempDir
    Path tmp;

    @BeforeAll
    static void warmUp() {
        // the first command of a JVM loads the command line's classes; the refusals below are timed without it
        Cli.run("validate", Cli.scenario("incast-7to1.yaml"));
    }

    static Stream<Arguments> pastTheBound() {
        return Stream.of(
                Arguments.of("a timeout of Long.MAX_VALUE ps",
                        SMALL.replace("rto: 100us", "rto: 9223372036854775807ps"), ":4: transport.rto: ",
                        "it must be from 1ps to 3600s"),
                Arguments.of("a flow above Long.MAX_VALUE - 4085 bytes",
                        SMALL.replace("bytes: 64KiB", "bytes: 9223372036854771723B"), ":5: workload.bytes: ",
                        "it must be from 1B to 1024GiB"),
                Arguments.of("a flow just past 1 TiB", SMALL.replace("bytes: 64KiB", "bytes: 1099511627777B"),
                        ":5: workload.bytes: ", "it must be from 1B to 1024GiB"),
                Arguments.of("a stop past an hour", SMALL + "stop: 3601s\n", ":6: stop: ",
                        "it must be from 1ps to 3600s"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pastTheBound")
    void runAndValidate_aValuePastItsBound_exitTwoNamingFileLineFieldAndBound(String what, String yaml, String where,
                                                                            String bound) throws IOException {
        Path file = tmp.resolve("limits.yaml");
        Files.writeString(file, yaml);
        Path out = tmp.resolve("out");
        Cli.Outcome run = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("error: " + file + where), run.err());
        assertTrue(run.err().contains(bound), run.err());
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), "no Java internals: " + run.err());
        assertFalse(Files.exists(out), "nothing written");
        Cli.Outcome validate = Cli.run("validate", file.toString());
        assertEquals(2, validate.exitCode());
        assertEquals(run.err(), validate.err(), "validate and run refuse alike");
    }

    /** The fabrics from the report, each of which ran out of memory (or overflowed an int) while being built. */
    static Stream<Arguments> tooLarge() {
        String leafSpine = String.join("\n", "name: big", "topology:", "  kind: leaf-spine", "  leaves: 2",
                "  hostsPerLeaf: 23170", "  spines: 2", "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 400Gbps, delay: 500ns}", "workload:", "  kind: all-to-all", "  bytes: 1MiB", "");
        String fatTree = String.join("\n", "name: big", "topology:", "  kind: fat-tree", "  k: 200",
                "  hostLink: {rate: 100Gbps, delay: 500ns}", "  aggLink: {rate: 100Gbps, delay: 500ns}",
                "  coreLink: {rate: 100Gbps, delay: 500ns}", "workload: {kind: permutation, bytes: 1MiB}", "");
        String ring = String.join("\n", "name: big", "topology:", "  kind: ring", "  switches: 1000000",
                "  hostsPerSwitch: 1", "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  ringLink: {rate: 100Gbps, delay: 500ns}", "workload: {kind: permutation, bytes: 1MiB}", "");
        return Stream.of(
                Arguments.of("all-to-all among 2 x 23,170 hosts", leafSpine, List.of(), ":10: workload: "),
                Arguments.of("all-to-all among 2 x 23,171 hosts", leafSpine,
                        List.of("--set", "topology.hostsPerLeaf=23171"), ":10: workload: "),
                Arguments.of("fat tree k = 200", fatTree, List.of(), ":3: topology: "),
                Arguments.of("100,000 leaves", leafSpine, List.of("--set", "topology.leaves=100000", "--set",
                        "topology.hostsPerLeaf=1", "--set", "workload.kind=permutation"), ":3: topology: "),
                Arguments.of("a ring of 1,000,000 switches", ring, List.of(), ":3: topology: "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tooLarge")
    void validate_aFabricThatCannotBeBuilt_isRefusedAtOnceWithTheEstimate(String what, String yaml,
                                                                         List<String> sets, String where)
            throws IOException {
        // Each needs 42 GiB or more (one is over the flow limit): refused on any JVM of less heap, such as the
        // default quarter of a 24 GB machine. A larger JVM might build some of them, which would take minutes.
        assumeTrue(Runtime.getRuntime().maxMemory() < 40L << 30, "this JVM may hold them");
        Path file = tmp.resolve("big.yaml");
        Files.writeString(file, yaml);
        String[] args = Stream.concat(Stream.of("validate", file.toString()), sets.stream()).toArray(String[]::new);
        long start = System.nanoTime();
        Cli.Outcome o = Cli.run(args);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + file + where), o.err());
        Matcher estimate = Pattern.compile("about ([0-9.]+) GiB").matcher(o.err());
        assertTrue(estimate.find(), "the message gives the estimate: " + o.err());
        assertTrue(Double.parseDouble(estimate.group(1)) > 40, o.err());
        assertTrue(millis < 1000, "refused in " + millis + " ms");
    }

    @Test
    void run_aFabricTooLargeForTheHeap_isRefusedBeforeAnythingIsBuiltAndSaysHowToGiveItMore() throws IOException {
        assumeTrue(Runtime.getRuntime().maxMemory() < 40L << 30, "this JVM may hold it");
        Path file = tmp.resolve("ft.yaml");
        Files.writeString(file, String.join("\n", "name: ft", "topology: {kind: fat-tree, k: 200,"
                + " hostLink: {rate: 100Gbps, delay: 500ns}, aggLink: {rate: 100Gbps, delay: 500ns},"
                + " coreLink: {rate: 100Gbps, delay: 500ns}}", "workload: {kind: permutation, bytes: 1MiB}", ""));
        Path out = tmp.resolve("out");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("the run needs about 49.544 GiB of heap before the first packet moves, for the"
                + " fabric's 24,000,000 elements (2,000,000 hosts, 50,000 switches, 6,000,000 cables) alone; this JVM"
                + " may use "), o.err());
        assertTrue(o.err().contains("Give it at least -Xmx55g (FABRIC_EMU_JAVA_OPTS=-Xmx55g bin/fabric-emu ...)"),
                o.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void validate_transportSettingsTheRunCouldNotMake_exitTwoNamingTheField() throws IOException {
        Path file = tmp.resolve("nscc.yaml");
        Files.writeString(file, SMALL.replace("  rto: 100us", "  cc: nscc\n  baseRtt: 1ns"));
        Cli.Outcome o = Cli.run("validate", file.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + file + ": transport.baseRtt: NSCC's first window"), o.err());
        Files.writeString(file, SMALL.replace("  rto: 100us", "  cc: dcqcn").replace("hostLink: {rate: 100Gbps",
                "hostLink: {rate: 10Mbps"));
        o = Cli.run("validate", file.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + file + ": transport.dcqcn.minRate: 100 Mb/s is above the line"
                + " rate"), o.err());
    }

    @Test
    void validate_theLargeExamples_fitTheDefaultHeapAndShowTheirEstimate() {
        Cli.Outcome o = Cli.run("validate", Cli.scenario("permutation-8192.yaml"),
                Cli.scenario("uet-permutation-1024.yaml"));
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("98,304 actors; window 500.000 ns; heap at the start about 233.136 MiB of the"),
                o.out());
        assertTrue(o.out().contains(" may use; 4,210,688 data packets: at least 16,842,752 events, at least 8 s at"
                + " 2 M events/s; recording 49,152 ports and 64 flows on at most 201 ticks: at most 1.277 GiB; a trace of"
                + " every frame (run --trace) at least 706.75 MiB; 6,274 packets a lookahead at most, 8,192 hosts: one"
                + " shard per processor by default\n"), o.out());
        assertTrue(o.out().contains("12,288 actors; window 500.000 ns; heap at the start about 42.664 MiB of the"),
                o.out());
    }
}

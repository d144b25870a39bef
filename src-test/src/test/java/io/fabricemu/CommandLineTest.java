package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line end to end: what a user types, what comes back, what lands on disk. */
class CommandLineTest {
    private static final String SMALL = Cli.scenario("fat-tree-16-permutation.yaml");

    @TempDir
    Path tmp;

    @Test
    void run_writesTheOutputFolderWithEveryDocumentedField() throws IOException {
        Path out = tmp.resolve("run");
        Cli.Outcome o = Cli.run("run", SMALL, "--quiet", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        JsonNode r = Cli.results(out);
        for (String field : List.of("scenario", "seed", "digest", "virtualEndPs", "events", "wallMillis", "flows", "ports")) {
            assertTrue(r.has(field), "results.json has " + field);
        }
        assertEquals(16, r.get("flows").size());
        JsonNode flow = r.get("flows").get(0);
        for (String field : List.of("src", "dst", "bytes", "startPs", "finishPs", "fctPs", "retransmittedBytes",
                "deliveredBytes")) {
            assertTrue(flow.has(field), "a flow has " + field);
        }
        JsonNode port = r.get("ports").get(0);
        for (String field : List.of("id", "maxQueueBytes", "drops", "txBytes")) {
            assertTrue(port.has(field), "a port has " + field);
        }
        assertEquals(64, r.get("digest").asText().length());
        assertEquals(17, Files.readAllLines(out.resolve("flows.csv")).size(), "a header and one line per flow");
    }

    @Test
    void run_cutShortByTheStopTimeReportsHowFarEachFlowGot() throws IOException {
        Path out = tmp.resolve("cut");
        Cli.Outcome o = Cli.run("run", SMALL, "--quiet", "--set", "stop=20us", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        JsonNode r = Cli.results(out);
        assertTrue(r.get("reachedStop").asBoolean());
        for (JsonNode flow : r.get("flows")) {
            long delivered = flow.get("deliveredBytes").asLong();
            assertEquals(-1, flow.get("finishPs").asLong());
            assertTrue(delivered > 0 && delivered < flow.get("bytes").asLong(), flow.toString());
        }
    }

    @Test
    void run_printsTheSummaryTable() {
        Cli.Outcome o = Cli.run("run", SMALL, "--out", tmp.resolve("x").toString());
        assertEquals(0, o.exitCode(), o.err());
        for (String row : List.of("flows finished", "FCT min / median", "FCT p99 / max", "aggregate goodput",
                "hottest port", "drops", "digest")) {
            assertTrue(o.out().contains(row), "summary shows " + row + ":\n" + o.out());
        }
        assertFalse(o.out().contains("a long run"), "a short run says nothing of its length:\n" + o.out());
    }

    @Test
    void run_saysFirstWhenItsWorkloadTakesAMinuteOrMore() {
        // 16 flows of 16 GiB, each 4,204,570 packets of 4,086 B or less: at least 269,092,480 events, so at least
        // 134 s at the engine's fastest. The stop time ends the run long before.
        Cli.Outcome o = Cli.run("run", SMALL, "--set", "workload.bytes=16GiB", "--set", "stop=1us", "--out",
                tmp.resolve("long").toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains(" actors\n  a long run: 67,273,120 data packets: at least 269,092,480 events,"
                + " at least 2 min at 2 M events/s\n"), o.out());
    }

    @Test
    void run_setOverridesAnyField() throws IOException {
        Path out = tmp.resolve("set");
        Cli.Outcome o = Cli.run("run", SMALL, "--quiet", "--set", "seed=7", "--set", "workload.bytes=1MiB",
                "--set", "switch.forwarding=store-and-forward", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        JsonNode r = Cli.results(out);
        assertEquals(7, r.get("seed").asLong());
        assertEquals(1 << 20, r.get("flows").get(3).get("bytes").asLong());
        assertEquals(List.of("seed=7", "workload.bytes=1MiB", "switch.forwarding=store-and-forward"),
                List.of(r.get("overrides").get(0).asText(), r.get("overrides").get(1).asText(),
                        r.get("overrides").get(2).asText()));
    }

    @Test
    void run_replacesAnEarlierOutputFolderWholeAndLeavesNoStagingBehind() throws IOException {
        Path out = tmp.resolve("replace");
        assertEquals(0, Cli.run("run", SMALL, "--quiet", "--set", "workload.bytes=64KiB", "--out", out.toString())
                .exitCode());
        Files.writeString(out.resolve("stale.txt"), "put into the earlier run's folder");
        assertEquals(0, Cli.run("run", SMALL, "--quiet", "--out", out.toString()).exitCode());
        assertFalse(Files.exists(out.resolve("stale.txt")));
        assertTrue(Files.exists(out.resolve("results.json")));
        try (Stream<Path> siblings = Files.list(tmp)) {
            assertEquals(List.of(out), siblings.toList());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"run", "validate", "bench"})
    void help_everySubcommandDescribesItsOptions(String subcommand) {
        Cli.Outcome o = Cli.run(subcommand, "--help");
        assertEquals(0, o.exitCode());
        assertTrue(o.out().contains("Usage: fabric-emu " + subcommand), o.out());
        assertTrue(o.out().contains("--help"));
        if (!subcommand.equals("validate")) {
            assertTrue(o.out().contains("--shards"), o.out());
        }
        if (subcommand.equals("run")) {
            assertTrue(o.out().contains("--set") && o.out().contains("--out"), o.out());
        }
    }

    @Test
    void help_topLevelListsTheSubcommandsAndExitCodes() {
        Cli.Outcome o = Cli.run("--help");
        assertEquals(0, o.exitCode());
        for (String word : List.of("run", "validate", "bench", "Exit codes")) {
            assertTrue(o.out().contains(word), o.out());
        }
    }

    @Test
    void noCommand_namesEveryCommand() {
        Cli.Outcome o = Cli.run();
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: name a command: run, compare, validate, bench, node or help\n"), o.err());
    }

    @Test
    void validate_goodFilesExitZeroAndSayWhatTheyDescribe() {
        Cli.Outcome o = Cli.run("validate", SMALL, Cli.scenario("incast-7to1.yaml"));
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("ok: ") && o.out().contains("16 flows"), o.out());
    }

    static Stream<Arguments> badOptionValues() {
        String shards = "--shards: %s; use 1..1024";
        return Stream.of(
                bad("run --shards -1", "--shards: -1 is out of range; use 1..1024"),
                bad("run --shards 0", String.format(shards, "0 is out of range")),
                bad("run --shards lots", String.format(shards, "'lots' is not a whole number")),
                bad("run --shards=", String.format(shards, "'' is not a whole number")),
                bad("run --shards 99999999999", String.format(shards, "99999999999 is out of range")),
                bad("run --shards 1025", String.format(shards, "1025 is out of range")),
                bad("run --jvms lots", "--jvms: 'lots' is not a whole number; use 1..64"),
                bad("run --jvms 65", "--jvms: 65 is out of range; use 1..64"),
                bad("run --jvms 99999999999999999999", "--jvms: 99999999999999999999 is out of range; use 1..64"),
                bad("run --quiet=maybe", "--quiet: 'maybe' is neither true nor false"),
                bad("run SCENARIO", "unexpected argument '" + SMALL + "'"),
                bad("compare --cc nscc --shards 0", String.format(shards, "0 is out of range")),
                bad("compare --cc nscc --shards two", String.format(shards, "'two' is not a whole number")),
                bad("bench --runs 0", "--runs: 0 is out of range; use 1..1000"),
                bad("bench --runs many", "--runs: 'many' is not a whole number; use 1..1000"),
                bad("bench --runs 99999999999", "--runs: 99999999999 is out of range; use 1..1000"),
                bad("bench --warmup -1", "--warmup: -1 is out of range; use 0..1000"),
                bad("bench --shards 5000", String.format(shards, "5000 is out of range")),
                bad("bench --shards 0", String.format(shards, "0 is out of range")),
                bad("bench --jvms 0", "--jvms: 0 is out of range; use 1..64"),
                bad("validate --set", "Missing required parameter for option '--set'"),
                bad("node --port abc", "--port: 'abc' is not a port; use 0..65535"),
                bad("node --port -1", "--port: -1 is out of range; use 0..65535"),
                bad("node --port 70000", "--port: 70000 is out of range; use 0..65535"));
    }

    /** {@code command} with the scenario file inserted after the subcommand (for all but node); SCENARIO: twice. */
    private static Arguments bad(String command, String expected) {
        List<String> args = new java.util.ArrayList<>(List.of(command.split(" ")));
        if (args.remove("SCENARIO")) {
            args.add(1, SMALL);
        }
        if (!args.get(0).equals("node")) {
            args.add(1, SMALL);
        }
        return Arguments.of(String.join(" ", args), args.toArray(String[]::new), expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptionValues")
    void badOptionValue_namesTheOptionAndWhatItAllows(String command, String[] args, String expected) {
        Cli.Outcome o = Cli.run(args);
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + expected), "says: error: " + expected + "\nsaid:\n" + o.err());
        assertFalse(o.err().contains("Usage:"), "points to --help instead of repeating the usage:\n" + o.err());
        assertTrue(o.err().contains("--help' for what it takes"), o.err());
        assertFalse(o.err().matches("(?s).*(Exception|\\bint\\b|boolean|\\tat ).*"), "no Java terms:\n" + o.err());
        assertEquals("", o.out());
    }

    @Test
    void run_badOptionValueExitsTwo() {
        assertEquals(2, Cli.run("run", SMALL, "--shards", "0").exitCode());
        assertEquals(2, Cli.run("run", SMALL, "--shards", "lots").exitCode());
        assertEquals(2, Cli.run("run").exitCode(), "a missing scenario is a usage error");
        assertEquals(2, Cli.run("frobnicate").exitCode());
    }

    /** {@code run --timings}: one line on stderr naming every part of the command, each a time, in order. */
    @Test
    void runTimings_saysWhereTheWallTimeWent() {
        Cli.Outcome o = Cli.run("run", Cli.scenario("incast-7to1.yaml"), "--quiet", "--timings", "--set",
                "workload.bytes=64KiB", "--out", tmp.resolve("t").toString());
        assertEquals(0, o.exitCode(), o.err());
        String line = o.err().lines().filter(l -> l.startsWith("timings: ")).findFirst().orElse("");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("timings: JVM start to the command \\d+\\.\\d{3} s, "
                + "scenario \\d+\\.\\d{3} s, fabric \\d+\\.\\d{3} s, before the engine \\d+\\.\\d{3} s, actor system "
                + "\\d+\\.\\d{3} s, shards and elements \\d+\\.\\d{3} s, run \\d+\\.\\d{3} s, results \\d+\\.\\d{3} s; "
                + "\\d+\\.\\d{3} s in the command").matcher(line);
        assertTrue(m.matches(), "every part, in order: " + o.err());
        assertFalse(Cli.run("run", Cli.scenario("incast-7to1.yaml"), "--quiet", "--set", "workload.bytes=64KiB",
                "--out", tmp.resolve("u").toString()).err().contains("timings:"), "only when asked");
    }

    /** ports.csv names, for every port, the port at the other end of its cable, its rate and its utilisation. */
    @Test
    void portsCsv_namesEachPortsPeerRateAndUtilisation() throws IOException {
        Path out = tmp.resolve("peers");
        Cli.Outcome o = Cli.run("run", Cli.scenario("incast-7to1.yaml"), "--quiet", "--set", "workload.bytes=64KiB",
                "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        List<String> lines = Files.readAllLines(out.resolve("ports.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        assertTrue(lines.get(0).endsWith(",peer,rateBps,utilisation"), lines.get(0));
        int peer = header.indexOf("peer");
        int tx = header.indexOf("txBytes");
        long endPs = Cli.results(out).get("virtualEndPs").asLong();
        Map<String, String[]> rows = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            rows.put(f[0], f);
            assertTrue(!f[peer].isEmpty() && !f[peer + 1].isEmpty(), "every port has a peer and a rate: " + line);
        }
        assertEquals("leaf0:p0", rows.get("h0:nic")[peer]);
        assertEquals("leaf1:p8", rows.get("spine0:p1")[peer]);
        String[] receiver = rows.get("leaf0:p0");
        assertEquals("100000000000", receiver[peer + 1], "the incast's 100 Gb/s host links");
        double expected = Long.parseLong(receiver[tx]) * 8.0 * 1e12 / (100e9 * endPs);
        assertEquals(expected, Double.parseDouble(receiver[peer + 2]), 0.00005);
        assertTrue(expected > 0.1, "the receiver's port was busy: " + expected);
    }
}

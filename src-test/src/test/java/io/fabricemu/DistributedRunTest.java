package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One fabric across several JVMs, as {@code run --jvms N} forks them on 127.0.0.1: the results are those of one
 * JVM, bit for bit, and a member lost mid-run aborts the run at once, naming it and writing nothing.
 */
class DistributedRunTest {
    /** A 2 x 8 leaf-spine, 7 senders into one host: traffic crosses every cut, and every element samples. */
    private static final String SCENARIO = "incast-7to1.yaml";

    @TempDir
    Path dir;

    @Test
    void oneTwoAndThreeJvms_giveTheSameDigestSeriesAndPorts() throws IOException {
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        Path three = dir.resolve("three");
        Cli.Outcome o1 = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--out=" + one);
        Cli.Outcome o2 = Cli.run("run", Cli.scenario(SCENARIO), "--out=" + two, "--jvms", "2");
        Cli.Outcome o3 = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--out=" + three, "--jvms", "3",
                "--shards", "2");
        assertEquals(0, o1.exitCode(), o1.err());
        assertEquals(0, o2.exitCode(), o2.err());
        assertEquals(0, o3.exitCode(), o3.err());
        JsonNode r1 = Cli.results(one);
        assertEquals(r1.get("digest"), Cli.results(two).get("digest"));
        assertEquals(r1.get("digest"), Cli.results(three).get("digest"));
        assertEquals(6, Cli.results(three).get("shards").asInt(), "3 JVMs x 2 shards");
        for (String count : List.of("virtualEndPs", "events", "windows", "haltReason")) {
            assertEquals(r1.get(count), Cli.results(two).get(count), count + ", 2 JVMs");
            assertEquals(r1.get(count), Cli.results(three).get(count), count + ", 3 JVMs");
        }
        // shards across JVMs run ahead one cell a step, where a window spans two: they may wake elements more often
        assertTrue(Cli.results(two).get("activations").asLong() >= r1.get("activations").asLong(), "2 JVMs");
        for (String file : List.of("flows.csv", "ports.csv", "series-ports.csv", "series-flows.csv")) {
            assertEquals(Files.readString(one.resolve(file)), Files.readString(two.resolve(file)), file);
            assertEquals(Files.readString(one.resolve(file)), Files.readString(three.resolve(file)), file);
        }
        assertTrue(o2.out().contains("2 workers ready"), o2.out());
        assertTrue(o2.out().contains("fingerprint"), "the plan is printed before the run:\n" + o2.out());
    }

    /**
     * A spine that dies mid-run: the routing updates it sets off cross between JVMs as links' deliveries, and the
     * outcome, what the fault cost included, is the one a single JVM gives.
     */
    @Test
    void faults_twoJvmsGiveTheSameDigestAndFaultCounts() throws IOException {
        JsonNode r = sameOnOneJvmAndTwo("faults-roce-incast-spine-down.yaml");
        assertTrue(r.has("faults"), "the run reports its fault");
    }

    /**
     * A two-plane fat tree whose switches route adaptively (their siblings' levels cross JVMs as notices), and a
     * fabric read from a topology file (each member reads it beside the scenario): the outcome of one JVM.
     */
    @ParameterizedTest
    @CsvSource({"planes-2-fat-tree-permutation.yaml, switch.adaptiveRouting.method=queue",
            "file-two-pods-incast.yaml, seed=1"})
    void planesAdaptiveRoutingAndFileTopologies_twoJvmsGiveTheSameDigest(String name, String set)
            throws IOException {
        sameOnOneJvmAndTwo(name, "--set", set);
    }

    /**
     * Runs example {@code name} on one JVM and on two ({@code --jvms 2}), with {@code args} added to both; asserts
     * the same digest, events, fault counts and ports.csv; returns the one-JVM results.
     */
    private JsonNode sameOnOneJvmAndTwo(String name, String... args) throws IOException {
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        List<String> common = new java.util.ArrayList<>(List.of("run", Cli.scenario(name), "--quiet"));
        common.addAll(List.of(args));
        List<String> first = new java.util.ArrayList<>(common);
        first.add("--out=" + one);
        List<String> second = new java.util.ArrayList<>(common);
        second.addAll(List.of("--out=" + two, "--jvms", "2"));
        Cli.Outcome o1 = Cli.run(first.toArray(new String[0]));
        Cli.Outcome o2 = Cli.run(second.toArray(new String[0]));
        assertEquals(0, o1.exitCode(), o1.err());
        assertEquals(0, o2.exitCode(), o2.err());
        JsonNode r1 = Cli.results(one);
        JsonNode r2 = Cli.results(two);
        assertEquals(r1.get("digest"), r2.get("digest"));
        assertEquals(r1.get("events"), r2.get("events"));
        assertEquals(r1.get("faults"), r2.get("faults"));
        assertEquals(Files.readString(one.resolve("ports.csv")), Files.readString(two.resolve("ports.csv")));
        return r1;
    }

    /**
     * A traced run across JVMs: every member records its own ports, and the driver merges their frames into the file
     * one JVM writes, byte for byte, for the whole trace (a member's frames in several parts) and for one narrowed to
     * some ports, flows and a span of time, with more shards than members. Two of the incast's senders are moved to
     * the other leaf, which the other member runs, so that both members record frames.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"--trace",
            "--trace --trace-ports leaf0,spine1,h3:nic --trace-flows 0,3,6 --trace-from 100us --trace-to 900us "
                    + "--shards 2"})
    void trace_isTheSameBytesOnOneJvmAndTwo(String options) throws IOException {
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        List<String> args = new java.util.ArrayList<>(List.of(options.split(" ")));
        args.addAll(List.of("--set", "workload.senders.0=8", "--set", "workload.senders.3=12"));
        List<String> first = new java.util.ArrayList<>(List.of("run", Cli.scenario(SCENARIO), "--quiet",
                "--out=" + one));
        first.addAll(args);
        List<String> second = new java.util.ArrayList<>(List.of("run", Cli.scenario(SCENARIO), "--quiet",
                "--out=" + two, "--jvms", "2"));
        second.addAll(args);
        Cli.Outcome o1 = Cli.run(first.toArray(new String[0]));
        Cli.Outcome o2 = Cli.run(second.toArray(new String[0]));
        assertEquals(0, o1.exitCode(), o1.err());
        assertEquals(0, o2.exitCode(), o2.err());
        byte[] a = Files.readAllBytes(one.resolve("trace.pcapng"));
        byte[] b = Files.readAllBytes(two.resolve("trace.pcapng"));
        assertTrue(enhancedPacketBlocks(a) > 100, "the incast's frames are traced: " + enhancedPacketBlocks(a));
        assertEquals(enhancedPacketBlocks(a), enhancedPacketBlocks(b), "frames on 1 and 2 JVMs");
        assertTrue(java.util.Arrays.equals(a, b), "the same trace.pcapng on 1 and 2 JVMs");
        assertEquals(Cli.results(one).get("digest"), Cli.results(two).get("digest"));
    }

    /** The frames of pcapng file {@code bytes}: its enhanced packet blocks (type 6), each block's length at +4. */
    private static int enhancedPacketBlocks(byte[] bytes) {
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int frames = 0;
        for (int at = 0; at < bytes.length; at += buf.getInt(at + 4)) {
            frames += buf.getInt(at) == 6 ? 1 : 0;
        }
        return frames;
    }

    @Test
    void benchAcrossJvms_formsTheClusterOnce_andMeasuresTheRunOneJvmGives() throws IOException {
        Path one = dir.resolve("one");
        Cli.Outcome o1 = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--out=" + one);
        Cli.Outcome bench = Cli.run("bench", Cli.scenario(SCENARIO), "--jvms", "2", "--runs", "2", "--warmup", "1");
        assertEquals(0, o1.exitCode(), o1.err());
        assertEquals(0, bench.exitCode(), bench.err());
        String digest = Cli.results(one).get("digest").asText().substring(0, 12);
        Optional<String> row = bench.out().lines().filter(l -> l.startsWith("| incast-7to1 |")).findFirst();
        assertTrue(row.isPresent(), "a row for the scenario:\n" + bench.out());
        assertTrue(row.get().endsWith("| in the members | " + digest + " |"), row.get());
        assertTrue(bench.out().contains("across JVMs (--jvms 2, default shard(s) per member)"), bench.out());
        assertFalse(bench.out().contains("fingerprint"), "the plan goes to stderr, the table stays clean");
        assertEquals(1, bench.err().split("2 workers ready", -1).length - 1,
                "one cluster for the warm-up and both measured runs:\n" + bench.err());
    }

    @Test
    void aKilledWorker_abortsTheRunWithinTenSecondsNamingIt_andWritesNothing() throws Exception {
        assertAbortsWhenAWorker(dir.resolve("killed"), p -> p.destroyForcibly(), "exited");
    }

    @Test
    void aFrozenWorker_isFoundStoppedAndAbortsTheRunWithinTenSeconds() throws Exception {
        assertAbortsWhenAWorker(dir.resolve("frozen"), p -> Jvms.signal(p, "STOP"), "stopped");
    }

    private interface Harm {
        void apply(ProcessHandle worker) throws Exception;
    }

    private static void assertAbortsWhenAWorker(Path out, Harm harm, String how) throws Exception {
        Jvms.Driver driver = new Jvms.Driver("run", Cli.scenario("incast-127to1.yaml"), "--out=" + out,
                "--jvms", "2", "--set", "sampling.interval=off");
        ProcessHandle victim = null;
        try {
            // Harmed as soon as the run is planned, while the members rebuild it: the driver watches the processes
            // it forked, and sees one that exited at once, one stopped after a second.
            Await.until("the driver to print the run's plan", 90, () -> driver.out().contains("fingerprint"),
                    () -> driver.out() + driver.err());
            victim = driver.workers().stream().findFirst()
                    .orElseThrow(() -> new AssertionError("the driver forked no worker JVM"));
            long harmedNanos = System.nanoTime();
            harm.apply(victim);
            int exit = driver.join(30);
            double seconds = (driver.endedNanos() - harmedNanos) / 1e9;
            assertEquals(4, exit, "exit code of a lost member; err:\n" + driver.err());
            assertTrue(seconds < 10, "the driver's JVM exited " + seconds + " s after the worker was harmed");
            assertTrue(driver.err().contains("member ") && driver.err().contains(how)
                    && driver.err().contains("127.0.0.1:"), driver.err());
            assertFalse(Files.exists(out), "no results after an aborted run");
        } finally {
            if (victim != null) {
                victim.destroyForcibly();
            }
            driver.kill();
        }
    }
}

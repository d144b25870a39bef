package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a run across JVMs ends when one of its processes fails, on 127.0.0.1 only: a worker stopped (SIGSTOP) or
 * killed at any point, the cluster still forming included, ends the run with exit code 4 within 10 s, saying which
 * member and what was seen; a member of a formed cluster ({@code node}) that stops answering is found by the
 * cluster's heartbeats within the same bound; the driver's death takes its forked workers and their log folder with
 * it within 10 s, and SIGINT or SIGTERM read as an interruption, not as a lost member; a {@code node} whose port is
 * taken says so in one line. Every case bounds its wait and ends every process it started.
 */
class ClusterFailureTest {
    /** A run of about half a minute across two JVMs: long enough to harm it at any point. */
    private static final String LONG_RUN = "incast-127to1.yaml";
    /** A progress line of a run under way: events were handled. */
    private static final Pattern UNDER_WAY = Pattern.compile("virtual .*\\| [1-9][0-9,]* events");
    private static final Pattern WORKER_PORT =
            Pattern.compile("ready after [0-9.]+ s: fabric-emu@127\\.0\\.0\\.1:(\\d+)");

    @TempDir
    Path dir;

    /** The driver sees a stopped worker, and these tests a worker's log, through Linux's /proc. */
    @BeforeEach
    void needsProc() {
        assumeTrue(Files.isDirectory(Path.of("/proc", "self", "fd")), "this system has no /proc");
    }

    @Test
    void aWorkerStoppedMidRun_endsTheRunWithExit4WithinTenSeconds() throws Exception {
        Path out = dir.resolve("out");
        Jvms.Driver driver = new Jvms.Driver("run", Cli.scenario(LONG_RUN), "--out=" + out, "--jvms", "2",
                "--set", "sampling.interval=off");
        List<ProcessHandle> workers = List.of();
        try {
            Await.until("the run to be under way", 120, () -> UNDER_WAY.matcher(driver.err()).find(),
                    () -> driver.out() + driver.err());
            workers = driver.workers();
            ProcessHandle victim = workers.get(0);
            assertEndsWithin(driver, () -> Jvms.signal(victim, "STOP"), 4, 10);
            String error = errorLine(driver);
            assertTrue(error.startsWith("error: the run was aborted: member ") && error.contains("into the run")
                    && error.contains("has been stopped"), "the message names the member and says it is stopped:\n"
                    + driver.err());
            assertFalse(Files.exists(out), "no results after an aborted run");
        } finally {
            driver.kill();
            workers.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aWorkerStoppedBeforeJoining_endsTheRunWithExit4WithinTenSeconds() throws Exception {
        Jvms.Driver driver = new Jvms.Driver("run", Cli.scenario("incast-7to1.yaml"), "--out=" + dir.resolve("out"),
                "--jvms", "2");
        ProcessHandle victim = null;
        try {
            // stopped the moment it exists: a JVM takes seconds to start its actor system and join
            Await.until("the driver to fork a worker", 60, () -> !driver.workers().isEmpty(), driver::err);
            victim = driver.workers().get(0);
            ProcessHandle stopped = victim;
            assertEndsWithin(driver, () -> Jvms.signal(stopped, "STOP"), 4, 10);
            String error = errorLine(driver);
            assertTrue(error.contains("never joined") && error.contains("has been stopped")
                    && error.contains("pid " + victim.pid()), driver.err());
        } finally {
            driver.kill();
            if (victim != null) {
                victim.destroyForcibly();
            }
        }
    }

    @Test
    void aWorkerKilledBeforeJoining_endsTheRunWithExit4() throws Exception {
        Jvms.Driver driver = new Jvms.Driver("run", Cli.scenario("incast-7to1.yaml"), "--out=" + dir.resolve("out"),
                "--jvms", "2");
        try {
            Await.until("the driver to fork a worker", 60, () -> !driver.workers().isEmpty(), driver::err);
            ProcessHandle victim = driver.workers().get(0);
            assertEndsWithin(driver, victim::destroyForcibly, 4, 10);
            String error = errorLine(driver);
            assertTrue(error.contains("never joined") && error.contains("SIGKILL"), driver.err());
        } finally {
            driver.kill();
        }
    }

    /**
     * The driver dies mid-run: its workers follow within 10 s, and so does their log folder. SIGINT and SIGTERM are
     * reported as the interruption they are, with the shell's exit codes; SIGKILL leaves the driver nothing to say.
     */
    @ParameterizedTest
    @ValueSource(strings = {"KILL", "TERM", "INT"})
    void theDriversDeath_endsItsWorkersAndTheirLogsWithinTenSeconds(String signal) throws Exception {
        Path out = dir.resolve("out");
        // a JVM started in the background of a shell ignores SIGINT, and keeps ignoring it: restore its default
        Jvms.Driver driver = new Jvms.Driver(signal.equals("INT") ? List.of("env", "--default-signal=INT") : List.of(),
                "run", Cli.scenario(LONG_RUN), "--out=" + out, "--jvms", "2", "--set", "sampling.interval=off");
        List<ProcessHandle> workers = List.of();
        try {
            Await.until("the run to be planned", 120, () -> driver.out().contains("fingerprint"),
                    () -> driver.out() + driver.err());
            workers = driver.workers();
            assertEquals(2, workers.size(), "both workers run");
            // a worker's output goes to its log file: where its standard output points
            Path logFolder = Files.readSymbolicLink(Path.of("/proc", Long.toString(workers.get(0).pid()), "fd", "1"))
                    .getParent();
            assertTrue(Files.isDirectory(logFolder), "the workers log into " + logFolder);
            long signalled = System.nanoTime();
            driver.signal(signal);
            int exit = driver.join(30);
            assertEquals(128 + switch (signal) {
                case "INT" -> 2;
                case "TERM" -> 15;
                default -> 9;
            }, exit, driver.err());
            if (!signal.equals("KILL")) {
                assertTrue(driver.err().lines().anyMatch(l -> l.startsWith("interrupted: ")
                        && l.contains("SIG" + signal)), "the run reads as interrupted:\n" + driver.err());
                assertFalse(driver.err().contains("removed from the cluster") || driver.err().contains("aborted"),
                        "an interruption, not a lost member:\n" + driver.err());
                assertFalse(Files.exists(out), "no results after an interrupted run");
            }
            List<ProcessHandle> forked = workers;
            Await.until("the workers to end with their driver", 10,
                    () -> forked.stream().noneMatch(ProcessHandle::isAlive));
            Await.until("the workers' log folder to go with them", 2, () -> !Files.exists(logFolder));
            double seconds = (System.nanoTime() - signalled) / 1e9;
            assertTrue(seconds < 10, "workers and logs gone " + seconds + " s after SIG" + signal);
        } finally {
            driver.kill();
            workers.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** A member of a formed cluster, stopped once the run is planned: no process to watch, the heartbeats find it. */
    @Test
    void aClusterMemberStopped_isFoundUnreachableWithinTenSeconds() throws Exception {
        int seedPort = freePort();
        Path conf = dir.resolve("cluster.conf");
        Files.writeString(conf, String.join("\n",
                "fabric-emu.cluster {",
                "  seed-nodes = [\"127.0.0.1:" + seedPort + "\"]",
                "  workers = 1",
                "}"));
        Path log = dir.resolve("node.log");
        Process node = Jvms.node(log, List.of(), "--config", conf.toString(), "--port", Integer.toString(seedPort));
        Path out = dir.resolve("out");
        Jvms.Driver driver = null;
        try {
            Await.until("the node to start", 60, () -> Jvms.read(log).contains("waiting for runs") || !node.isAlive(),
                    () -> Jvms.read(log));
            Jvms.Driver d = new Jvms.Driver("run", Cli.scenario(LONG_RUN), "--out=" + out, "--cluster",
                    conf.toString(), "--set", "sampling.interval=off");
            driver = d;
            Await.until("the run to be planned", 90, () -> d.out().contains("fingerprint"), () -> d.out() + d.err());
            Matcher port = WORKER_PORT.matcher(d.out());
            assertTrue(port.find() && port.group(1).equals(Integer.toString(seedPort)), d.out());
            assertEndsWithin(d, () -> Jvms.signal(node.toHandle(), "STOP"), 4, 10);
            String error = errorLine(d);
            assertTrue(error.contains("member 1 of 1") && error.contains("became unreachable"), d.err());
        } finally {
            if (driver != null) {
                driver.kill();
            }
            node.destroyForcibly();
        }
    }

    @Test
    void aNodeOnAPortInUse_saysSoInOneLineAndExits2() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Path conf = dir.resolve("cluster.conf");
            Files.writeString(conf, "fabric-emu.cluster { seed-nodes = [\"127.0.0.1:" + port + "\"], workers = 1 }\n");
            Path log = dir.resolve("node.log");
            Process node = Jvms.node(log, List.of(), "--config", conf.toString(), "--port", Integer.toString(port));
            try {
                assertTrue(node.waitFor(60, TimeUnit.SECONDS), "the node gives up:\n" + Jvms.read(log));
                String output = Jvms.read(log);
                assertEquals(2, node.exitValue(), output);
                List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
                assertEquals(1, lines.size(), "one line, no stack trace:\n" + output);
                assertTrue(lines.get(0).startsWith("error: port " + port + " ") && lines.get(0).contains("in use")
                        && lines.get(0).contains("--port"), output);
            } finally {
                node.destroyForcibly();
            }
        }
    }

    private interface Harm {
        void apply() throws Exception;
    }

    /** Harms the run with {@code harm}; the driver must then exit with {@code code} within {@code seconds}. */
    private static void assertEndsWithin(Jvms.Driver driver, Harm harm, int code, int seconds) throws Exception {
        long harmedNanos = System.nanoTime();
        harm.apply();
        int exit = driver.join(seconds + 20);
        double took = (driver.endedNanos() - harmedNanos) / 1e9;
        assertEquals(code, exit, "exit code; err:\n" + driver.err());
        assertTrue(took < seconds, "the driver exited " + took + " s after the harm; err:\n" + driver.err());
    }

    /** The driver's error line (Akka's own warnings may come before it). */
    private static String errorLine(Jvms.Driver driver) {
        return driver.err().lines().filter(l -> l.startsWith("error: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no error line:\n" + driver.err()));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}

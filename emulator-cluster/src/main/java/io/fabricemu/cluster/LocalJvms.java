package io.fabricemu.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiConsumer;

/**
 * Worker JVMs forked on this machine for {@code run --jvms N}: the same java, class path and memory options as
 * this JVM (plus {@code FABRIC_EMU_WORKER_OPTS}), each a {@code fabric-emu node} on its own loopback port joining
 * this driver, with its output in a log file of a temporary folder. A worker reads its standard input to the end;
 * then, its driver gone or done, it deletes its log (the last one the folder) and exits within seconds, so workers
 * never outlive the driver, however it ends, SIGKILL included.
 *
 * <p>A watchdog looks at the workers' processes every {@link #WATCH_MS} ms: one that exited, or that the
 * operating system has held stopped for {@link #STOPPED_MS} ms ({@link ProcessState}), is reported at once,
 * whatever the run is doing, joining included, long before the cluster's heartbeats would miss it.
 */
final class LocalJvms implements AutoCloseable {
    static final String EXTRA_OPTIONS_ENV = "FABRIC_EMU_WORKER_OPTS";
    /** The name of the temporary folder holding the workers' logs begins so. */
    static final String LOG_FOLDER_PREFIX = "fabric-emu-jvms-";
    private static final long WATCH_MS = 200;
    /** How long a worker may stay stopped before it counts as lost: a stop and continue within it goes unnoticed. */
    static final long STOPPED_MS = 1000;
    /** How long a closing driver gives its workers to exit by themselves. */
    private static final long CLOSE_WAIT_MS = 5000;

    private final List<Process> processes = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final List<Path> logs = new ArrayList<>();
    private final Path logFolder;
    private volatile boolean closing;
    private volatile BiConsumer<Integer, String> onLost;
    /** Per worker, why it counts as lost while still alive (stopped), or null. */
    private final AtomicReferenceArray<String> stopped;

    private LocalJvms(Path logFolder, int count) {
        this.logFolder = logFolder;
        this.stopped = new AtomicReferenceArray<>(count);
    }

    /** Forks {@code count} workers joining the driver at {@code driverHostPort}. */
    static LocalJvms fork(int count, String driverHostPort, String batchSerializer) {
        LocalJvms jvms;
        try {
            jvms = new LocalJvms(Files.createTempDirectory(LOG_FOLDER_PREFIX), count);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for the workers' logs", e);
        }
        try {
            for (int i = 0; i < count; i++) {
                jvms.start(i, count, driverHostPort, batchSerializer);
            }
        } catch (RuntimeException e) {
            jvms.close();
            throw e;
        }
        Thread watchdog = new Thread(jvms::watch, "fabric-emu-worker-watch");
        watchdog.setDaemon(true);
        watchdog.start();
        return jvms;
    }

    /**
     * From now on, {@code listener} learns of any worker lost before {@link #close} or {@link #kill}: its index and
     * how (its JVM exited, or has been stopped for {@link #STOPPED_MS} ms).
     */
    void onLost(BiConsumer<Integer, String> listener) {
        this.onLost = listener;
    }

    private void start(int index, int count, String driverHostPort, String batchSerializer) {
        int port = freePort();
        Path log = logFolder.resolve("jvm-" + (index + 1) + ".log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(forwardedOptions(count));
        String extra = System.getenv(EXTRA_OPTIONS_ENV);
        if (extra != null && !extra.isBlank()) {
            command.addAll(List.of(extra.trim().split("\\s+")));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.fabricemu.cli.Main", "node",
                "--join", driverHostPort, "--port", Integer.toString(port), "--forked", log.toString(),
                "--batch-serializer", batchSerializer));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a JVM (" + command.get(0) + "): " + e.getMessage(), e);
        }
        processes.add(p);
        ports.add(port);
        logs.add(log);
        p.onExit().thenAccept(done -> report(index, ended(index)));
    }

    private void report(int index, String how) {
        BiConsumer<Integer, String> listener = onLost;
        if (!closing && listener != null) {
            listener.accept(index, how);
        }
    }

    /** The watchdog: reports each worker that stays stopped for {@link #STOPPED_MS} ms, once. */
    private void watch() {
        long[] stoppedSince = new long[processes.size()];
        boolean[] seenStopped = new boolean[processes.size()];
        while (!closing) {
            long now = System.nanoTime();
            for (int i = 0; i < processes.size(); i++) {
                Process p = processes.get(i);
                if (stopped.get(i) != null || !p.isAlive() || !ProcessState.stopped(p.pid())) {
                    seenStopped[i] = false;
                    continue;
                }
                if (!seenStopped[i]) {
                    seenStopped[i] = true;
                    stoppedSince[i] = now;
                } else if (now - stoppedSince[i] >= TimeUnit.MILLISECONDS.toNanos(STOPPED_MS)) {
                    String how = String.format("its JVM (pid %d) has been stopped for %.1f s (SIGSTOP, Ctrl-Z or a "
                            + "debugger); its log: %s", p.pid(), (now - stoppedSince[i]) / 1e9, logs.get(i));
                    stopped.set(i, how);
                    report(i, how);
                }
            }
            try {
                Thread.sleep(WATCH_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The memory, GC and JIT options of this JVM, which the workers share, and each worker's share of this machine's
     * processors (at least one), so that N workers do not each size their thread pools for the whole machine.
     */
    private static List<String> forwardedOptions(int count) {
        List<String> out = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            boolean memory = arg.startsWith("-Xmx") || arg.startsWith("-Xms") || arg.startsWith("-Xss");
            boolean vm = arg.startsWith("-XX:") && !arg.contains("FlightRecord") && !arg.contains("HeapDumpPath");
            if (memory || vm) {
                out.add(arg);
            }
        }
        if (out.stream().noneMatch(a -> a.startsWith("-XX:+Use") && a.endsWith("GC"))) {
            out.add("-XX:+UseParallelGC");
        }
        if (out.stream().noneMatch(a -> a.startsWith("-XX:ActiveProcessorCount"))) {
            out.add("-XX:ActiveProcessorCount=" + Math.max(1, Runtime.getRuntime().availableProcessors() / count));
        }
        return out;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port for a worker: " + e.getMessage(), e);
        }
    }

    int count() {
        return processes.size();
    }

    /** The loopback port worker {@code index} listens on. */
    int port(int index) {
        return ports.get(index);
    }

    /** Why worker {@code index} is lost (its JVM exited, or has been stopped too long), or null while it runs. */
    String lost(int index) {
        String ended = ended(index);
        return ended != null ? ended : stopped.get(index);
    }

    private String ended(int index) {
        Process p = processes.get(index);
        return p.isAlive() ? null : "its JVM (pid " + p.pid() + ") " + ProcessState.exit(p.exitValue())
                + "; its log: " + logs.get(index);
    }

    /** The process id of worker {@code index}. */
    long pid(int index) {
        return processes.get(index).pid();
    }

    Path logFolder() {
        return logFolder;
    }

    /**
     * Ends every worker at once, keeping their logs (after a failure: one of them may be frozen or gone, and the
     * message names the logs).
     */
    void kill() {
        closing = true;
        for (Process p : processes) {
            p.destroyForcibly();
        }
    }

    /**
     * Closes every worker's input (each then deletes its log and exits), waits up to {@link #CLOSE_WAIT_MS} ms for
     * them before ending any that is left, and removes the log folder.
     */
    @Override
    public void close() {
        closing = true;
        for (int i = 0; i < processes.size(); i++) {
            Process p = processes.get(i);
            if (stopped.get(i) != null) {
                p.destroyForcibly(); // stopped, it would never read the end of its input
            }
            try {
                p.getOutputStream().close();
            } catch (IOException e) {
                p.destroy();
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MS);
        for (Process p : processes) {
            try {
                if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        deleteLogs();
    }

    private void deleteLogs() {
        try {
            for (Path log : logs) {
                Files.deleteIfExists(log);
            }
            Files.deleteIfExists(logFolder);
        } catch (IOException e) {
            // a log left in the temporary folder harms nothing
        }
    }
}

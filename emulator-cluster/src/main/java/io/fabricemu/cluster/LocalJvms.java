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
import java.util.function.BiConsumer;

/**
 * Worker JVMs forked on this machine for {@code run --jvms N}: the same java, class path and memory options as
 * this JVM (plus {@code FABRIC_EMU_WORKER_OPTS}), each a {@code fabric-emu node} on its own loopback port joining
 * this driver, with its output in a log file. A worker reads its standard input to the end and exits then, so
 * workers never outlive the driver, however it ends.
 */
final class LocalJvms implements AutoCloseable {
    static final String EXTRA_OPTIONS_ENV = "FABRIC_EMU_WORKER_OPTS";

    private final List<Process> processes = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final List<Path> logs = new ArrayList<>();
    private final Path logFolder;
    private volatile boolean closing;
    private volatile BiConsumer<Integer, String> onExit;

    private LocalJvms(Path logFolder) {
        this.logFolder = logFolder;
    }

    /** Forks {@code count} workers joining the driver at {@code driverHostPort}. */
    static LocalJvms fork(int count, String driverHostPort, String batchSerializer) {
        LocalJvms jvms;
        try {
            jvms = new LocalJvms(Files.createTempDirectory("fabric-emu-jvms-"));
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
        return jvms;
    }

    /** From now on, {@code listener} learns of any worker that ends before {@link #close} (its index and how). */
    void onExit(BiConsumer<Integer, String> listener) {
        this.onExit = listener;
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
                "--join", driverHostPort, "--port", Integer.toString(port), "--forked",
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
        p.onExit().thenAccept(done -> {
            BiConsumer<Integer, String> listener = onExit;
            if (!closing && listener != null) {
                listener.accept(index, ended(index));
            }
        });
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

    /** Why worker {@code index} is no longer running, or null while it runs. */
    String ended(int index) {
        Process p = processes.get(index);
        return p.isAlive() ? null : "its JVM (pid " + p.pid() + ") exited with code " + p.exitValue() + "; its log: "
                + logs.get(index);
    }

    Path logFolder() {
        return logFolder;
    }

    /** Ends every worker at once (after a failed run: one of them may be frozen or gone). */
    void kill() {
        closing = true;
        for (Process p : processes) {
            p.destroyForcibly();
        }
    }

    /**
     * Closes every worker's input (they exit), then waits a few seconds before ending any that is left; when all
     * ended by themselves, their logs go too (after a failure they stay, for the message that names them).
     */
    @Override
    public void close() {
        closing = true;
        for (Process p : processes) {
            try {
                p.getOutputStream().close();
            } catch (IOException e) {
                p.destroy();
            }
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        if (processes.stream().allMatch(p -> !p.isAlive() && p.exitValue() == 0)) {
            deleteLogs();
        }
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

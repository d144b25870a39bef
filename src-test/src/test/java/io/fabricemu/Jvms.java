package io.fabricemu;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import io.fabricemu.cli.Main;

/** Helpers for the multi-JVM suites: fabric-emu nodes as real processes, and a driver run watched as it goes. */
final class Jvms {
    private Jvms() {
    }

    /** A {@code fabric-emu node} in its own JVM, its output in {@code log}. */
    static Process node(Path log, List<String> jvmOptions, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.fabricemu.cli.Main", "node"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** Waits up to {@code seconds} for {@code condition}; fails naming {@code what} if it never holds. */
    static void await(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + seconds + " s for " + what);
            }
            Thread.sleep(100);
        }
    }

    static void stop(Process p) throws InterruptedException {
        if (p != null && p.isAlive()) {
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    /** A {@code fabric-emu} command running in this JVM on its own thread, its output readable while it runs. */
    static final class Driver {
        private final StringWriter out = new StringWriter();
        private final StringWriter err = new StringWriter();
        private final Thread thread;
        private volatile int exitCode = -1;
        private volatile long endedNanos;

        Driver(String... args) {
            thread = new Thread(() -> {
                exitCode = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                        .execute(args);
                endedNanos = System.nanoTime();
            }, "driver");
            thread.start();
        }

        String out() {
            return out.toString();
        }

        String err() {
            return err.toString();
        }

        /** Waits for the command to end; returns its exit code. */
        int join(int seconds) throws InterruptedException {
            thread.join(TimeUnit.SECONDS.toMillis(seconds));
            if (thread.isAlive()) {
                throw new AssertionError("the driver still runs after " + seconds + " s; out:\n" + out() + "\nerr:\n"
                        + err());
            }
            return exitCode;
        }

        long endedNanos() {
            return endedNanos;
        }
    }
}

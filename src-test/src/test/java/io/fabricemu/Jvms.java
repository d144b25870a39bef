package io.fabricemu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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

    /** Sends {@code p} {@code signal} ({@code STOP}, {@code KILL}, ...), as the kill command does. */
    static void signal(ProcessHandle p, String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start()
                .waitFor(5, TimeUnit.SECONDS);
    }

    static void stop(Process p) throws InterruptedException {
        if (p != null && p.isAlive()) {
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    /**
     * A {@code fabric-emu} command in a JVM of its own, as a user runs it, its output readable while it runs. Its
     * own process, so that what it takes to end counts: an actor system still leaving its cluster keeps the JVM
     * from exiting after the command is done.
     */
    static final class Driver {
        private final Process process;
        private final Path out;
        private final Path err;
        private final CompletableFuture<Long> endedNanos;

        Driver(String... args) throws IOException {
            this(List.of(), args);
        }

        /**
         * As above, the JVM started through {@code launcher} (a command that ends by running its arguments, e.g.
         * {@code env --default-signal=INT}: a process started in the background of a shell ignores SIGINT, and a
         * JVM keeps ignoring a signal ignored when it started).
         */
        Driver(List<String> launcher, String... args) throws IOException {
            Path dir = Files.createTempDirectory("fabric-emu-driver");
            out = dir.resolve("out.txt");
            err = dir.resolve("err.txt");
            // gone when the test JVM exits: the files first, then their folder (the reverse of this order)
            dir.toFile().deleteOnExit();
            out.toFile().deleteOnExit();
            err.toFile().deleteOnExit();
            List<String> command = new ArrayList<>(launcher);
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(List.of("-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"),
                    Main.class.getName()));
            command.addAll(List.of(args));
            process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            endedNanos = process.onExit().thenApply(p -> System.nanoTime());
        }

        String out() {
            return read(out);
        }

        String err() {
            return read(err);
        }

        /** Sends it {@code signal} ({@code TERM}, {@code INT}, {@code KILL}, ...), as the kill command does. */
        void signal(String signal) throws IOException, InterruptedException {
            Jvms.signal(process.toHandle(), signal);
        }

        /** The JVMs it forked that still run. */
        List<ProcessHandle> workers() {
            // Not a child still being started: until it execs the JVM it is the JDK's spawn helper, and one killed
            // then fails the driver's start of it ("Failed to exec spawn helper"), not a worker that never joined.
            return process.children().filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().command().map(c -> !c.endsWith("jspawnhelper")).orElse(true)).toList();
        }

        /** Waits for the process to exit; returns its exit code. Kills it if it runs longer. */
        int join(int seconds) throws InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                kill();
                throw new AssertionError("the driver still runs after " + seconds + " s; out:\n" + out() + "\nerr:\n"
                        + err());
            }
            return process.exitValue();
        }

        /** When the process exited, in {@link System#nanoTime()}'s terms. */
        long endedNanos() {
            return endedNanos.join();
        }

        /** Ends it and everything it started, at once. */
        void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}

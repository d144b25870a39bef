package io.fabricemu;

import io.fabricemu.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The fabric-emu command line in a JVM of its own, as a user starts it from a shell: in a working directory the
 * test chooses (so that what the command does to "the folder you are in" happens in a temporary folder, never in
 * the checkout), optionally as another user, and open to signals.
 */
final class CliProcess {
    private final Process process;
    private final Path out;
    private final Path err;

    private CliProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /**
     * Starts {@code fabric-emu args...} in {@code workingDir}, its output in files under {@code logs}.
     *
     * @param runAs     a command and its arguments to run the JVM through (e.g. setpriv to change user); empty:
     *                  none
     * @param classPath the JVM's class path
     */
    static CliProcess start(Path workingDir, Path logs, List<String> runAs, String classPath, String... args)
            throws IOException {
        return start(workingDir, logs, runAs, classPath, List.of(), Map.of(), args);
    }

    /**
     * As above, with {@code jvmOptions} after the usual ones, and {@code env} set in the environment (a null
     * value removes the variable).
     */
    static CliProcess start(Path workingDir, Path logs, List<String> runAs, String classPath, List<String> jvmOptions,
                            Map<String, String> env, String... args) throws IOException {
        Files.createDirectories(logs);
        Path out = Files.createTempFile(logs, "out", ".txt");
        Path err = Files.createTempFile(logs, "err", ".txt");
        List<String> command = new ArrayList<>(runAs);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-UsePerfData", "-XX:+UseParallelGC"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath, Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command).directory(workingDir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        env.forEach((name, value) -> {
            if (value == null) {
                b.environment().remove(name);
            } else {
                b.environment().put(name, value);
            }
        });
        Process p = b.start();
        return new CliProcess(p, out, err);
    }

    /** As above, as this user, with this JVM's class path. */
    static CliProcess start(Path workingDir, Path logs, String... args) throws IOException {
        return start(workingDir, logs, List.of(), System.getProperty("java.class.path"), args);
    }

    /** Waits for the command to end; its exit code. Kills it and fails if it runs longer than {@code seconds}. */
    int waitFor(int seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("fabric-emu still ran after " + seconds + " s; out:\n" + out() + "\nerr:\n"
                    + err());
        }
        return process.exitValue();
    }

    /** Sends the signal {@code name} (INT, TERM) to the JVM, as Ctrl-C or {@code kill} does. */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + name + " failed");
        }
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String out() {
        return Jvms.read(out);
    }

    String err() {
        return Jvms.read(err);
    }
}

package io.fabricemu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/fabric-emu} starts the JVM compiling with C1 alone ({@code -XX:TieredStopAtLevel=1}): on two
 * processors a command of a few seconds otherwise spends one of them in C2 for most of its life, and C1 alone makes
 * the tutorial's three-scheme compare 1.6 times faster. Long runs want C2's code: C1 alone is 9.5% slower on the
 * fifteen-second 1024-host permutation at 4 MiB a host and was 26% on the four-minute 8192-host permutation
 * (BENCHMARKS.md, rounds three and ten). So a command whose largest
 * run is long, once its scenarios are loaded and checked and before it claims its output folder, runs again in a
 * tiered JVM (the same options but that one, the same arguments, the same standard streams) and ends with its exit
 * code. The JVM {@link Main#main} did not start (tests, an embedding program) never does this.
 */
final class TieredRelaunch {
    /**
     * The least events ({@code validate}'s figure) of a command's largest run from which it goes tiered: 750,000 data
     * packets at its 4 events each. Measured on whole commands, C1 alone against a tiered JVM started again
     * (BENCHMARKS.md, round ten): the 127:1 incasts (248,920 by this figure) 0.73 and 0.76 of the time, the 1024-host
     * permutation (2,103,296) 0.925, the same at 4 MiB a host (4,206,592) 1.095; so the line is between the last two.
     */
    static final long LEAST_EVENTS = 3_000_000;
    /** Set in the tiered JVM, so that it never starts another. */
    static final String ENV = "FABRIC_EMU_TIERED";
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    /** The command's arguments, when {@link Main#main} started this JVM; null otherwise. */
    private static volatile String[] arguments;

    private TieredRelaunch() {
    }

    static void remember(String[] args) {
        arguments = args.clone();
    }

    /**
     * For a command whose largest run takes at least {@code leastEvents}: the exit code of the tiered JVM that ran
     * it, or -1 when this JVM goes on (the run is small, this JVM is tiered already, or it was not started from the
     * command line). A tiered JVM that cannot be started is said on {@code err}, and this one goes on.
     */
    static int ifLong(long leastEvents, PrintWriter err) throws InterruptedException {
        String[] args = arguments;
        if (args == null || leastEvents < LEAST_EVENTS || !c1Only() || System.getenv(ENV) != null) {
            return -1;
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!option.startsWith("-XX:TieredStopAtLevel=")) {
                command.add(option);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().put(ENV, "1");
        Process child;
        try {
            child = builder.start();
        } catch (IOException e) {
            err.println("note: could not start a tiered JVM for this long run (" + e.getMessage() + "); it runs here");
            err.flush();
            return -1;
        }
        // Stopped by a signal (Ctrl-C reaches both, kill only this one): the run stops too, and cleans up first.
        Thread stop = new Thread(() -> {
            child.destroy();
            try {
                child.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "fabric-emu tiered run stop");
        Runtime.getRuntime().addShutdownHook(stop);
        int code = child.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(stop);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway and finds the child gone
        }
        return code;
    }

    /** Whether this JVM compiles with C1 alone. */
    static boolean c1Only() {
        return c1Only(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** Whether JVM {@code options} make it compile with C1 alone: the last {@code -XX:TieredStopAtLevel} is 1. */
    static boolean c1Only(List<String> options) {
        String last = null;
        for (String option : options) {
            if (option.startsWith("-XX:TieredStopAtLevel=")) {
                last = option;
            }
        }
        return C1_ONLY.equals(last);
    }
}

package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code run --timings}: where the wall time of one command went, part by part, printed on stderr in one line once
 * the results are written: the JVM's start up to the command (the class-data archive, the launcher's options and
 * the command line's parsing included; the launcher script before it is not seen), reading and checking the
 * scenario, building the fabric, what comes before the engine (the output folder claimed, the flows and elements
 * planned), starting the engine's actor system, making the shards and their elements up to the first window, the
 * run, and writing the results. The engine's parts come from its {@link Progress}; a run across JVMs shows the run whole.
 */
final class CommandTimings {
    private final long jvmToMainMillis = ManagementFactory.getRuntimeMXBean().getUptime();
    private final long mainNanos = System.nanoTime();
    private final List<String> parts = new ArrayList<>();
    private long lastNanos = mainNanos;

    /** The part since the previous mark (or the command's start) was {@code what}. */
    void mark(String what) {
        long now = System.nanoTime();
        add(what, now - lastNanos);
        lastNanos = now;
    }

    /**
     * The run just ended: {@code progress} tells when the engine started, when its actor system was up and when the
     * first window was reached, if the run was in this JVM.
     */
    void markRun(Progress progress) {
        long now = System.nanoTime();
        long start = progress.engineStartNanos();
        long up = progress.actorSystemUpNanos();
        long first = progress.firstReportNanos();
        if (start == 0 || up == 0 || first == 0) {
            add("run", now - lastNanos);
        } else {
            add("before the engine", start - lastNanos);
            add("actor system", up - start);
            add("shards and elements", Math.max(0, first - up));
            add("run", now - Math.max(first, up));
        }
        lastNanos = now;
    }

    private void add(String what, long nanos) {
        parts.add(String.format("%s %.3f s", what, nanos / 1e9));
    }

    /** One line: every part, then the time in the command. */
    void print(PrintWriter err) {
        err.printf("timings: JVM start to the command %.3f s, %s; %.3f s in the command%n", jvmToMainMillis / 1e3, String.join(", ", parts),
                (System.nanoTime() - mainNanos) / 1e9);
        err.flush();
    }
}

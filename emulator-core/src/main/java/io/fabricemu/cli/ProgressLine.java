package io.fabricemu.cli;

import java.util.Locale;

/**
 * The progress line a run draws on a terminal, as pure functions of what the run has reached and the wall time it
 * has taken, so it can be tested without a clock:
 * <pre>
 *   [#######---------]  45% of bytes | 12s elapsed, ~15s left | flows 3/16
 * </pre>
 * The fraction done is the largest of three lower bounds of how far the run has got, and the line says which one
 * it shows: the virtual time reached over the stop time ("of stop time"), the flows finished over the flows ("of
 * flows"), and the payload delivered over the workload's ("of bytes"; from the elements' samples, so none when
 * sampling is off). A run ends at its stop time or when its last flow finishes, whichever comes first; the bytes
 * are the measure that moves in an incast, whose flows all finish near its end, well before a generous stop time.
 * The printer's time left comes from the recent pace ({@link ProgressPace}); {@link #remainingNanos} is the average
 * pace since the start, elapsed times (1 - done) / done, in thousandths and whole nanoseconds: no rounding makes a
 * finished run look unfinished or the reverse.
 */
final class ProgressLine {
    /** The widest line, so that it and the spaces that wipe a longer one fit an 80-column terminal. */
    static final int WIDTH = 77;
    /** Width of the bar between its brackets. */
    static final int BAR = 16;

    private ProgressLine() {
    }

    /** How far a run has got, in thousandths (0..1000), and by which measure. */
    record Done(int permille, String basis) {
    }

    /**
     * The largest of the virtual time over the stop time, the flows finished over the flows and the payload
     * delivered over the workload's (ties: time, then flows).
     */
    static Done done(long virtualPs, long stopPs, int flowsFinished, int flows, long deliveredBytes,
                     long workloadBytes) {
        int[] p = permilles(virtualPs, stopPs, flowsFinished, flows, deliveredBytes, workloadBytes);
        return largest(p[0], p[1], p[2]);
    }

    /** The thousandths of each measure: virtual time over stop time, flows finished, bytes delivered. */
    static int[] permilles(long virtualPs, long stopPs, int flowsFinished, int flows, long deliveredBytes,
                           long workloadBytes) {
        int byTime = stopPs <= 0 ? 0 : (int) (Math.min(Math.max(virtualPs, 0), stopPs) * 1000 / stopPs);
        int byFlows = flows <= 0 ? 0 : (int) ((long) Math.min(flowsFinished, flows) * 1000 / flows);
        return new int[] {byTime, byFlows, permille(deliveredBytes, workloadBytes)};
    }

    /** The largest of the three measures (ties: time, then flows). */
    static Done largest(int byTime, int byFlows, int byBytes) {
        Done done = byFlows > byTime ? new Done(byFlows, "of flows") : new Done(byTime, "of stop time");
        return byBytes > done.permille() ? new Done(byBytes, "of bytes") : done;
    }

    /** {@code part} over {@code whole} in whole thousandths, 0..1000; 0 for an empty whole. */
    private static int permille(long part, long whole) {
        if (whole <= 0) {
            return 0;
        }
        long p = Math.min(Math.max(part, 0), whole);
        return (int) (whole <= Long.MAX_VALUE / 1000 ? p * 1000 / whole : p / (whole / 1000));
    }

    /**
     * Wall nanoseconds left at the average pace so far; -1 before 1% is done, when the pace is mostly the run's
     * start (the first flows finishing, the first stretch of virtual time) and the estimate would be wild.
     */
    static long remainingNanos(long elapsedNanos, int permille) {
        if (permille < 10) {
            return -1;
        }
        return Math.max(0, elapsedNanos) / permille * (1000 - permille)
                + Math.max(0, elapsedNanos) % permille * (1000 - permille) / permille;
    }

    /** The bar: one {@code #} per sixteenth done, rounded down, {@code -} for the rest. */
    static String bar(int permille) {
        int full = Math.min(BAR, Math.max(0, permille) * BAR / 1000);
        return "[" + "#".repeat(full) + "-".repeat(BAR - full) + "]";
    }

    /** A wall duration as a person reads it: {@code 7s}, {@code 3m05s}, {@code 2h14m}. */
    static String duration(long nanos) {
        long s = nanos / 1_000_000_000L;
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }

    /**
     * The whole line at the average pace since the start ({@link #remainingNanos}), for a single look; the printer
     * uses {@link #render(ProgressPace.Estimate, int, int, long)} with the recent pace.
     */
    static String render(long virtualPs, long stopPs, int flowsFinished, int flows, long deliveredBytes,
                         long workloadBytes, long elapsedNanos) {
        Done done = done(virtualPs, stopPs, flowsFinished, flows, deliveredBytes, workloadBytes);
        return render(new ProgressPace.Estimate(done, remainingNanos(elapsedNanos, done.permille())), flowsFinished,
                flows, elapsedNanos);
    }

    /**
     * The whole line, without the carriage return that redraws it, at most {@link #WIDTH} columns: the flows
     * finished are left out when they do not fit (a million flows after a hundred hours).
     */
    static String render(ProgressPace.Estimate estimate, int flowsFinished, int flows, long elapsedNanos) {
        Done done = estimate.done();
        long left = estimate.leftNanos();
        String line = String.format(Locale.ROOT, "  %s %3d%% %s | %s elapsed, %s", bar(done.permille()),
                done.permille() / 10, done.basis(), duration(elapsedNanos),
                left < 0 ? "no estimate yet" : "~" + duration(left) + " left");
        String flowCount = " | flows " + flowsFinished + "/" + flows;
        return line.length() + flowCount.length() <= WIDTH ? line + flowCount : line;
    }
}

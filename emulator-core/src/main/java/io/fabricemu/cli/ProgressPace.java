package io.fabricemu.cli;

import java.util.ArrayDeque;

/**
 * The time a run has left, from its recent pace: the progress line's estimate. The run ends at its stop time or when
 * its last flow finishes, whichever comes first, so each measure of {@link ProgressLine#done} (virtual time, flows,
 * bytes) gives an estimate of its own, the thousandths it has left over the thousandths it gained per nanosecond
 * lately, and the run ends with the soonest: that one is shown, with its measure's fraction.
 *
 * <p>Lately means over the later half of the run so far (at least {@link #MIN_WINDOW_NANOS}, at most
 * {@link #MAX_WINDOW_NANOS}): the pace since the start counts the run's slow first seconds (code not yet compiled,
 * queues filling) for ever, and read 11m41s left seven seconds into a 26-second run; the recent half forgets them as
 * the run goes on, yet is long enough not to follow each second's noise. The flows' measure is left out while none
 * has finished, and a measure that has not moved in the window gives no estimate. Display only.
 */
final class ProgressPace {
    static final long MIN_WINDOW_NANOS = 2_000_000_000L;
    static final long MAX_WINDOW_NANOS = 30_000_000_000L;

    /** What the line shows: the fraction of one measure and the time left by it (-1: no estimate yet). */
    record Estimate(ProgressLine.Done done, long leftNanos) {
    }

    private record Sample(long nanos, int byTime, int byFlows, int byBytes) {
        int of(int basis) {
            return basis == 0 ? byTime : basis == 1 ? byFlows : byBytes;
        }
    }

    private static final String[] BASES = {"of stop time", "of flows", "of bytes"};
    private final ArrayDeque<Sample> samples = new ArrayDeque<>();

    /**
     * Adds what the run has reached at {@code elapsedNanos} (thousandths of each measure, as
     * {@link ProgressLine#permilles}) and returns the estimate.
     */
    Estimate add(long elapsedNanos, int byTime, int byFlows, int byBytes) {
        Sample now = new Sample(elapsedNanos, byTime, byFlows, byBytes);
        samples.addLast(now);
        long window = Math.min(MAX_WINDOW_NANOS, Math.max(MIN_WINDOW_NANOS, elapsedNanos / 2));
        // keep one sample at or before the window's start, the base of the pace
        while (samples.size() > 2) {
            java.util.Iterator<Sample> it = samples.iterator();
            it.next();
            if (it.next().nanos() <= elapsedNanos - window) {
                samples.removeFirst();
            } else {
                break;
            }
        }
        Sample base = samples.getFirst();
        int best = -1;
        long bestLeft = Long.MAX_VALUE;
        for (int b = 0; b < BASES.length; b++) {
            int done = now.of(b);
            if (done >= 1000) {
                return new Estimate(new ProgressLine.Done(1000, BASES[b]), 0);
            }
            int gained = done - base.of(b);
            long spanNanos = now.nanos() - base.nanos();
            if (done < 10 || gained <= 0 || spanNanos <= 0) {
                continue;
            }
            long left = (long) ((1000.0 - done) * spanNanos / gained);
            if (left < bestLeft) {
                bestLeft = left;
                best = b;
            }
        }
        if (best < 0) {
            ProgressLine.Done done = ProgressLine.largest(byTime, byFlows, byBytes);
            return new Estimate(done, -1);
        }
        return new Estimate(new ProgressLine.Done(now.of(best), BASES[best]), bestLeft);
    }
}

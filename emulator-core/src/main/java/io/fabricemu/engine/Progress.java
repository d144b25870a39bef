package io.fabricemu.engine;

/**
 * A live view of a run for whoever displays it: written by the coordinator only, read by any thread.
 * Never used to decide anything in the run.
 */
public final class Progress {
    private volatile long virtualPs;
    private volatile long events;
    private volatile long windows;
    private volatile int flowsCompleted;
    private volatile long deliveredBytes;
    private volatile long engineStartNanos;
    private volatile long actorSystemUpNanos;
    private volatile long firstReportNanos;

    /** The engine begins: it is about to start its actor system ({@code run --timings} shows how long that takes). */
    public void engineStarting() {
        engineStartNanos = System.nanoTime();
    }

    /** The engine's actor system is up; the shards and their elements are made next. */
    public void actorSystemUp() {
        actorSystemUpNanos = System.nanoTime();
    }

    /** {@link System#nanoTime()} when the engine began, or 0 (the run was not in this JVM). */
    public long engineStartNanos() {
        return engineStartNanos;
    }

    /** {@link System#nanoTime()} when its actor system was up, or 0. */
    public long actorSystemUpNanos() {
        return actorSystemUpNanos;
    }

    /** {@link System#nanoTime()} of the coordinator's first report: every shard has made its elements. Or 0. */
    public long firstReportNanos() {
        return firstReportNanos;
    }

    /**
     * @param deliveredBytes payload delivered so far, as of the elements' latest samples (so it trails by at most a
     *                       sampling interval); 0 when the run samples nothing
     */
    public void update(long virtualPs, long events, long windows, int flowsCompleted, long deliveredBytes) {
        this.virtualPs = virtualPs;
        this.events = events;
        this.windows = windows;
        this.flowsCompleted = flowsCompleted;
        this.deliveredBytes = deliveredBytes;
        if (firstReportNanos == 0) {
            firstReportNanos = System.nanoTime();
        }
    }

    public long virtualPs() {
        return virtualPs;
    }

    public long events() {
        return events;
    }

    public long windows() {
        return windows;
    }

    public int flowsCompleted() {
        return flowsCompleted;
    }

    public long deliveredBytes() {
        return deliveredBytes;
    }
}

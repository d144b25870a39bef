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

    public void update(long virtualPs, long events, long windows, int flowsCompleted) {
        this.virtualPs = virtualPs;
        this.events = events;
        this.windows = windows;
        this.flowsCompleted = flowsCompleted;
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
}

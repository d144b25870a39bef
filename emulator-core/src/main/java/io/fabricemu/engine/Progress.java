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

package io.fabricemu.engine;

/**
 * What a shard knows at the end of a window that every shard needs to choose the next one: the earliest time of
 * anything it has pending or sent (so the minimum over all shards is the earliest event anywhere), how many flows its
 * elements completed so far and when the last of them did, and the element of its first halt (-1 if none) with the
 * start of the grid cell it halted in ({@link WindowGrid}) and its reason. The times let a window of several cells
 * end the run exactly where a window of one cell would have ({@link ShardWindows}).
 *
 * @param lastCompletedPs the latest completion time among {@code flowsCompleted}, {@link #UNKNOWN} when none or not
 *                        known
 * @param haltCellPs      the start of the cell of the halt, {@link #UNKNOWN} when not known; meaningless without one
 */
public record WindowState(long earliestPs, int flowsCompleted, long lastCompletedPs, int haltElementId,
                          long haltCellPs, String haltReason) {

    /** A time not known: a state that does not say when its flows completed or its element halted. */
    public static final long UNKNOWN = Long.MIN_VALUE;

    /** A state that does not say when: its completions and halt count at the end of the window it is for. */
    public WindowState(long earliestPs, int flowsCompleted, int haltElementId, String haltReason) {
        this(earliestPs, flowsCompleted, UNKNOWN, haltElementId, UNKNOWN, haltReason);
    }

    /**
     * The fabric-wide state of two shards' (or of a shard and the others so far): the earlier pending time, the flows
     * of both and the later completion, and the halt in the earlier cell, the lower element id between two in one.
     */
    public WindowState with(WindowState o) {
        boolean theirHalt = o.haltElementId >= 0 && (haltElementId < 0 || o.haltCellPs < haltCellPs
                || (o.haltCellPs == haltCellPs && o.haltElementId < haltElementId));
        return new WindowState(Math.min(earliestPs, o.earliestPs), flowsCompleted + o.flowsCompleted,
                Math.max(lastCompletedPs, o.lastCompletedPs), theirHalt ? o.haltElementId : haltElementId,
                theirHalt ? o.haltCellPs : haltCellPs, theirHalt ? o.haltReason : haltReason);
    }
}

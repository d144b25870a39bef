package io.fabricemu.engine;

/**
 * What a shard knows at the end of a window that every shard needs to choose the next one: the earliest time
 * of anything it has pending or sent (so the minimum over all shards is the earliest event anywhere), how many
 * flows its elements completed so far, and the lowest id of its elements that halted the run (-1 if none) with
 * that element's reason.
 */
public record WindowState(long earliestPs, int flowsCompleted, int haltElementId, String haltReason) {

    /** The fabric-wide state of two shards' (or of a shard and the others so far). */
    public WindowState with(WindowState o) {
        boolean theirHalt = o.haltElementId >= 0 && (haltElementId < 0 || o.haltElementId < haltElementId);
        return new WindowState(Math.min(earliestPs, o.earliestPs), flowsCompleted + o.flowsCompleted,
                theirHalt ? o.haltElementId : haltElementId, theirHalt ? o.haltReason : haltReason);
    }
}

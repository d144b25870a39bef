package io.fabricemu.engine;

/**
 * The grid cells ({@link WindowGrid}) in which a shard's elements handled events ahead of the windows, while the
 * peers' batches were on their way ({@link ShardWindows}). Had those elements waited, the events would still be
 * pending, so the earliest such cell from the end of the current window on counts among the shard's pending times:
 * the next window is then the one it would have been without running ahead.
 *
 * <p>A step ahead adds at most one cell, never {@link ShardWindows#MAX_AHEAD} cells or more past the end of the window
 * it runs ahead of, and that window asked for the earliest (forgetting the cells before its end) before any step:
 * so at most {@code MAX_AHEAD} cells are kept at once. Single-threaded; one owner; allocates nothing after
 * construction.
 */
final class AheadCells {
    private final long[] cellsPs;
    private int count;

    /** @param capacity the most cells kept at once */
    AheadCells(int capacity) {
        cellsPs = new long[capacity];
    }

    /** Elements handled events ahead of the windows in the cell starting at {@code cellPs}. */
    void add(long cellPs) {
        for (int i = 0; i < count; i++) {
            if (cellsPs[i] == cellPs) {
                return;
            }
        }
        cellsPs[count++] = cellPs;
    }

    /** The earliest cell starting at or after {@code fromPs}, or {@link Long#MAX_VALUE}; forgets the earlier ones. */
    long earliestFrom(long fromPs) {
        long earliest = Long.MAX_VALUE;
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (cellsPs[i] >= fromPs) {
                earliest = Math.min(earliest, cellsPs[i]);
                cellsPs[kept++] = cellsPs[i];
            }
        }
        count = kept;
        return earliest;
    }
}

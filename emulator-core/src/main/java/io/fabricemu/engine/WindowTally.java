package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A shard's count of completed flows and its halt, each put in the window its virtual time falls in, however far
 * ahead of that window the element ran ({@link AheadDepth}): what the shards agree on at the end of a window, and
 * so when the run ends, is then the same on any number of shards.
 *
 * <p>The halt is the first grid cell's ({@link WindowGrid}): once a window's halts are settled, the lowest element id
 * among those of its earliest cell with one gives the reason, and later halts do not count. A window of one cell
 * settles one cell; a window of several keeps, besides the count, when the last completion was and which cell the
 * halt was in, so the run ends where it would have window by window ({@link ShardWindows}). Single-threaded; one
 * owner.
 */
public final class WindowTally {
    private final long gridPs;
    private long[] pendingAtPs = new long[16];
    private int pending;
    private int flowsCompleted;
    private long lastCompletedPs = WindowState.UNKNOWN;
    private final BitSet halting = new BitSet();
    private final List<Halt> pendingHalts = new ArrayList<>();
    private int haltElementId = -1;
    private String haltReason;
    private long haltCellPs = WindowState.UNKNOWN;

    private record Halt(int elementId, long atPs, String reason) {
    }

    /** @param gridPs the windows' grid, one lookahead ({@link WindowGrid}) */
    public WindowTally(long gridPs) {
        if (gridPs <= 0) {
            throw new IllegalArgumentException("grid " + gridPs + " ps");
        }
        this.gridPs = gridPs;
    }

    /** Flows an element completed, at these times. */
    public void completed(long[] atPs) {
        for (long t : atPs) {
            if (pending == pendingAtPs.length) {
                pendingAtPs = Arrays.copyOf(pendingAtPs, pending * 2);
            }
            pendingAtPs[pending++] = t;
        }
    }

    /** Element {@code elementId} asked at {@code atPs} to end the run; it may say so again, which counts once. */
    public void halted(int elementId, long atPs, String reason) {
        if (halting.get(elementId)) {
            return;
        }
        halting.set(elementId);
        pendingHalts.add(new Halt(elementId, atPs, reason));
    }

    /**
     * A window ending (exclusive) at {@code endPs} is done here: everything before it counts from now on. Windows
     * are settled in order, and this shard has handled every event before {@code endPs}.
     */
    public void settle(long endPs) {
        int kept = 0;
        for (int i = 0; i < pending; i++) {
            if (pendingAtPs[i] < endPs) {
                flowsCompleted++;
                lastCompletedPs = Math.max(lastCompletedPs, pendingAtPs[i]);
            } else {
                pendingAtPs[kept++] = pendingAtPs[i];
            }
        }
        pending = kept;
        boolean firstHalt = haltElementId < 0;
        for (Halt h : pendingHalts) {
            long cellPs = WindowGrid.cellOf(h.atPs(), gridPs);
            if (h.atPs() < endPs && firstHalt && (haltElementId < 0 || cellPs < haltCellPs
                    || (cellPs == haltCellPs && h.elementId() < haltElementId))) {
                haltElementId = h.elementId();
                haltReason = h.reason();
                haltCellPs = cellPs;
            }
        }
        pendingHalts.removeIf(h -> h.atPs() < endPs);
    }

    /** Flows completed in the windows settled so far. */
    public int flowsCompleted() {
        return flowsCompleted;
    }

    /** The latest time among the flows completed in the windows settled so far, or {@link WindowState#UNKNOWN}. */
    public long lastCompletedPs() {
        return lastCompletedPs;
    }

    /** The start of the grid cell of the halt, once there is one. */
    public long haltCellPs() {
        return haltCellPs;
    }

    /** The lowest id among the elements that halted in the first settled cell with a halt, or -1. */
    public int haltElementId() {
        return haltElementId;
    }

    /** That element's reason, or null. */
    public String haltReason() {
        return haltReason;
    }
}

package io.fabricemu.engine;

/**
 * Windows lie on a grid of one lookahead: a window is the cell {@code [jL, (j+1)L)} that holds the earliest event
 * anywhere (cut short by the stop time), and empty cells are skipped. On a fixed grid a shard that ran some
 * elements a few cells ahead of its peers ran each of them through exactly the cells it would have run them
 * through window by window, so the windows, the wake-ups and when the run ends are the same on any number of
 * shards.
 */
public final class WindowGrid {
    private WindowGrid() {
    }

    /** The end of the window for an earliest event at {@code earliestPs}: its cell's end, or {@code stopPs}. */
    public static long endOf(long earliestPs, long lookaheadPs, long stopPs) {
        long start = earliestPs - Math.floorMod(earliestPs, lookaheadPs);
        return start >= stopPs - lookaheadPs ? stopPs : start + lookaheadPs;
    }

    /**
     * The end of a window of {@code spanPs} (a whole number of cells) that starts at the cell of an earliest event at
     * {@code earliestPs}, or {@code stopPs} if that comes first.
     */
    public static long endOf(long earliestPs, long lookaheadPs, long spanPs, long stopPs) {
        long start = earliestPs - Math.floorMod(earliestPs, lookaheadPs);
        return start >= stopPs - spanPs ? stopPs : start + spanPs;
    }

    /** The start of the cell holding {@code timePs}. */
    public static long cellOf(long timePs, long lookaheadPs) {
        return timePs - Math.floorMod(timePs, lookaheadPs);
    }
}

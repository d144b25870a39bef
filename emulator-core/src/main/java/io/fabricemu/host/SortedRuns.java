package io.fabricemu.host;

import java.util.Arrays;

/** Runs of equal keys in an ascending {@code int[]}: where a flow's entries start in a table sorted by flow id. */
public final class SortedRuns {
    private SortedRuns() {
    }

    /** The index of the first {@code key} in ascending {@code sorted}, or -1 when it holds none. */
    public static int first(int[] sorted, int key) {
        int k = Arrays.binarySearch(sorted, key);
        if (k < 0) {
            return -1;
        }
        while (k > 0 && sorted[k - 1] == key) {
            k--;
        }
        return k;
    }
}

package io.fabricemu.engine;

import java.util.Arrays;

/**
 * A min-heap of (time, element) pairs in primitive arrays, ordered by time then element id. Entries are
 * never removed early: a consumer checks on pop whether an entry is still current (lazy deletion).
 */
final class ActivationHeap {
    private long[] times = new long[64];
    private int[] ids = new int[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    long peekTime() {
        return size == 0 ? Long.MAX_VALUE : times[0];
    }

    int peekId() {
        return ids[0];
    }

    void push(long time, int id) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            ids = Arrays.copyOf(ids, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (less(times[p], ids[p], time, id)) {
                break;
            }
            times[i] = times[p];
            ids[i] = ids[p];
            i = p;
        }
        times[i] = time;
        ids[i] = id;
    }

    void pop() {
        long t = times[--size];
        int id = ids[size];
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            int r = c + 1;
            if (r < size && less(times[r], ids[r], times[c], ids[c])) {
                c = r;
            }
            if (less(t, id, times[c], ids[c])) {
                break;
            }
            times[i] = times[c];
            ids[i] = ids[c];
            i = c;
        }
        if (size > 0) {
            times[i] = t;
            ids[i] = id;
        }
    }

    private static boolean less(long t1, int id1, long t2, int id2) {
        return t1 < t2 || (t1 == t2 && id1 < id2);
    }
}

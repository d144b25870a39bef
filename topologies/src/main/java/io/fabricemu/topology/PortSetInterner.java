package io.fabricemu.topology;

import java.util.Arrays;

/**
 * Interns sorted port sets so that equal sets share one {@code int[]}. Open addressing with linear probing;
 * a copy is made only when a set is seen for the first time, so a caller can pass a reused scratch buffer.
 */
final class PortSetInterner {
    private int[][] table = new int[64][];
    private int size;

    /** The shared array equal to {@code buffer[0 .. length - 1]}. */
    int[] intern(int[] buffer, int length) {
        int mask = table.length - 1;
        for (int i = hash(buffer, length) & mask; ; i = (i + 1) & mask) {
            int[] entry = table[i];
            if (entry == null) {
                int[] copy = Arrays.copyOf(buffer, length);
                table[i] = copy;
                if (++size * 2 > table.length) {
                    grow();
                }
                return copy;
            }
            if (Arrays.equals(entry, 0, entry.length, buffer, 0, length)) {
                return entry;
            }
        }
    }

    /** Number of distinct sets interned so far. */
    int size() {
        return size;
    }

    private void grow() {
        int[][] old = table;
        table = new int[old.length * 2][];
        int mask = table.length - 1;
        for (int[] entry : old) {
            if (entry != null) {
                int i = hash(entry, entry.length) & mask;
                while (table[i] != null) {
                    i = (i + 1) & mask;
                }
                table[i] = entry;
            }
        }
    }

    private static int hash(int[] values, int length) {
        int h = length;
        for (int i = 0; i < length; i++) {
            h = 31 * h + values[i];
        }
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}

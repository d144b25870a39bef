package io.fabricemu.fault;

import java.util.Arrays;

/**
 * The cables that go down at some time in a run, numbered densely so each switch port can keep what it knows of
 * them in small arrays; shared read-only by every port.
 */
public final class FailoverIndex {
    private final int[] cables;

    /** @param cables ascending ids of the cables that ever go down */
    public FailoverIndex(int[] cables) {
        this.cables = cables.clone();
        for (int i = 1; i < this.cables.length; i++) {
            if (this.cables[i] <= this.cables[i - 1]) {
                throw new IllegalArgumentException("cables must be ascending: " + Arrays.toString(cables));
            }
        }
    }

    /** The dense number of {@code cable}, or -1 when it never goes down. */
    public int of(int cable) {
        int i = Arrays.binarySearch(cables, cable);
        return i >= 0 ? i : -1;
    }

    public int count() {
        return cables.length;
    }
}

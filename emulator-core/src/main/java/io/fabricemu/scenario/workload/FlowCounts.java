package io.fabricemu.scenario.workload;

import io.fabricemu.scenario.yaml.Units;

/**
 * The most flows a run can have: flows are numbered by an int from 0 and kept in lists, and a list holds at most
 * {@link #MAX_FLOWS} entries.
 */
public final class FlowCounts {
    /** The most entries a Java array (and so a list) can hold. */
    public static final long MAX_FLOWS = Integer.MAX_VALUE - 8;

    private FlowCounts() {
    }

    /** {@code count} as an int, or an error naming {@code what} if a list cannot hold that many flows. */
    static int listable(String what, long count) {
        if (count > MAX_FLOWS) {
            throw new IllegalArgumentException(what + " is " + Units.formatCount(count) + " flows; at most "
                    + Units.formatCount(MAX_FLOWS) + " can be numbered and listed");
        }
        return (int) count;
    }
}

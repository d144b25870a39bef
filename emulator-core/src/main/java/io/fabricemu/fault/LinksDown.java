package io.fabricemu.fault;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How many link directions a run's faults have down at each moment: every down interval of every direction's
 * timeline ({@link FaultTimelines}), a flap's cycles included, so the count is what the links themselves see. Built
 * once before the run; {@link #at} is a binary search, for a display sampled on a grid of virtual time.
 */
public final class LinksDown {
    /** A healthy fabric: never a link down. */
    public static final LinksDown NONE = new LinksDown(new long[0], new long[0]);

    /** When each down interval starts, ascending. */
    private final long[] downPs;
    /** When each down interval that ends ends, ascending (an interval that never ends has none). */
    private final long[] upPs;

    private LinksDown(long[] downPs, long[] upPs) {
        this.downPs = downPs;
        this.upPs = upPs;
    }

    /** The down intervals of every direction {@code plan} names. */
    public static LinksDown of(FaultPlan plan) {
        if (plan.isEmpty()) {
            return NONE;
        }
        int directions = 0;
        for (Fault f : plan.faults()) {
            directions = Math.max(directions, f.direction(f.directionCount() - 1) + 1);
        }
        List<Long> down = new ArrayList<>();
        List<Long> up = new ArrayList<>();
        for (LinkTimeline t : FaultTimelines.of(plan, directions)) {
            for (int i = 0; i < t.downIntervals(); i++) {
                down.add(t.downFromPs(i));
                if (t.downUntilPs(i) != Long.MAX_VALUE) {
                    up.add(t.downUntilPs(i));
                }
            }
        }
        return new LinksDown(sorted(down), sorted(up));
    }

    /** Whether no direction ever goes down. */
    public boolean isEmpty() {
        return downPs.length == 0;
    }

    /** The link directions down at {@code tPs} (a direction goes down at its interval's start, up at its end). */
    public int at(long tPs) {
        return atOrBefore(downPs, tPs) - atOrBefore(upPs, tPs);
    }

    /** How many of {@code sortedPs} are at or before {@code tPs}. */
    private static int atOrBefore(long[] sortedPs, long tPs) {
        return LinkTimeline.lastAtOrBefore(sortedPs, tPs) + 1;
    }

    private static long[] sorted(List<Long> values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        Arrays.sort(out);
        return out;
    }
}

package io.fabricemu.fault;

import java.util.Arrays;

/**
 * Everything the faults of a run do to one link direction, as a timeline fixed before the run: when it is down,
 * at what rate it serializes, and how it loses or corrupts packets. Every element that needs it (the link, its
 * transmitter, the ports at its ends) reads the same immutable timeline, so no element learns of a fault by a
 * message and the engine's lookahead is untouched.
 *
 * <p>Each part is a list of changes sorted by time; the value at a time is that of the last change at or before it.
 * Each change remembers the fault (its index in the scenario's list) that made it, for the results.
 */
public final class LinkTimeline {
    /** A link no fault touches. */
    public static final LinkTimeline HEALTHY = new LinkTimeline(new long[0], new long[0], new int[0], new long[0],
            new long[0], new int[0], new LossSegments[] {LossSegments.NONE, LossSegments.NONE});

    private final long[] downFromPs;
    private final long[] downUntilPs;
    private final int[] downFault;
    private final long[] rateFromPs;
    private final long[] rateBps;
    private final int[] rateFault;
    private final LossSegments[] losses;

    LinkTimeline(long[] downFromPs, long[] downUntilPs, int[] downFault, long[] rateFromPs, long[] rateBps,
                 int[] rateFault, LossSegments[] losses) {
        this.downFromPs = downFromPs;
        this.downUntilPs = downUntilPs;
        this.downFault = downFault;
        this.rateFromPs = rateFromPs;
        this.rateBps = rateBps;
        this.rateFault = rateFault;
        this.losses = losses;
    }

    /** True when no fault touches this direction. */
    public boolean healthy() {
        return downFromPs.length == 0 && rateFromPs.length == 0 && losses[0].isEmpty() && losses[1].isEmpty();
    }

    /** True when it ever goes down. */
    public boolean goesDown() {
        return downFromPs.length > 0;
    }

    /** True when its rate ever changes. */
    public boolean changesRate() {
        return rateFromPs.length > 0;
    }

    /** How many down intervals it has. */
    public int downIntervals() {
        return downFromPs.length;
    }

    /** When down interval {@code i} starts. */
    public long downFromPs(int i) {
        return downFromPs[i];
    }

    /** When down interval {@code i} ends ({@link Long#MAX_VALUE}: never). */
    public long downUntilPs(int i) {
        return downUntilPs[i];
    }

    /** The fault that took it down for interval {@code i}. */
    public int downFault(int i) {
        return downFault[i];
    }

    /** The fault that has it down at {@code tPs}, or -1 when it is up. */
    public int downFaultAt(long tPs) {
        int i = lastAtOrBefore(downFromPs, tPs);
        return i >= 0 && downUntilPs[i] > tPs ? downFault[i] : -1;
    }

    /**
     * The fault of the first down interval that overlaps {@code [fromPs, untilPs)}, or -1: a packet whose first bit
     * left at {@code fromPs} and whose last bit would arrive at {@code untilPs} is lost if the link is down at any
     * moment in between.
     */
    public int downFaultDuring(long fromPs, long untilPs) {
        int i = lastAtOrBefore(downFromPs, fromPs);
        if (i >= 0 && downUntilPs[i] > fromPs) {
            return downFault[i];
        }
        int next = i + 1;
        return next < downFromPs.length && downFromPs[next] < untilPs ? downFault[next] : -1;
    }

    /** The rate at {@code tPs}: the last change's, or {@code nominalBps} before any. */
    public long rateAt(long tPs, long nominalBps) {
        int i = lastAtOrBefore(rateFromPs, tPs);
        return i < 0 ? nominalBps : rateBps[i];
    }

    /** The fault whose rate is in force at {@code tPs}, or -1 (none, or one that set the nominal rate back). */
    public int rateFaultAt(long tPs, long nominalBps) {
        int i = lastAtOrBefore(rateFromPs, tPs);
        return i < 0 || rateBps[i] == nominalBps ? -1 : rateFault[i];
    }

    /** The losses of {@code effect} over time. */
    public LossSegments losses(LossEffect effect) {
        return losses[effect.ordinal()];
    }

    /** Index of the last of {@code sortedPs} at or before {@code tPs}, or -1. */
    static int lastAtOrBefore(long[] sortedPs, long tPs) {
        int i = Arrays.binarySearch(sortedPs, tPs);
        if (i >= 0) {
            while (i + 1 < sortedPs.length && sortedPs[i + 1] == tPs) {
                i++;
            }
            return i;
        }
        return -i - 2;
    }
}

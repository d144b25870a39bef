package io.fabricemu.fault;

/**
 * The loss models of one effect (loss or corruption) on one link direction over time: from {@code fromPs[i]} on,
 * {@code models[i]} is in force ({@link NoLoss} ends the previous one), made by fault {@code faults[i]}.
 */
public final class LossSegments {
    static final LossSegments NONE = new LossSegments(new long[0], new LossModel[0], new int[0]);

    private final long[] fromPs;
    private final LossModel[] models;
    private final int[] faults;

    LossSegments(long[] fromPs, LossModel[] models, int[] faults) {
        this.fromPs = fromPs;
        this.models = models;
        this.faults = faults;
    }

    boolean isEmpty() {
        return fromPs.length == 0;
    }

    /** The index of the segment in force at {@code tPs}, or -1 before the first. */
    public int segmentAt(long tPs) {
        return LinkTimeline.lastAtOrBefore(fromPs, tPs);
    }

    public LossModel model(int segment) {
        return models[segment];
    }

    public int fault(int segment) {
        return faults[segment];
    }
}

package io.fabricemu.engine;

/**
 * How element state is recorded over virtual time: a sample every {@code intervalPs}, on the grid
 * {@code 0, interval, 2 x interval, ...}; the value at tick {@code T} is the state after every event before
 * {@code T}. So that a long run does not fill memory, the interval doubles whenever a run's virtual time
 * would need more than {@code maxPoints} ticks: the interval in force at time {@code t} depends on {@code t}
 * only, so every element, in any shard, agrees on it.
 *
 * <p>Ports are recorded whole. Flows are recorded one by one only up to {@value #SAMPLED_FLOWS} of them, spread
 * evenly over the flow ids ({@link #keepsFlow}); with more, each element also records the payload its receivers
 * delivered in all, so the run's goodput stays exact while the log of a workload of millions of flows stays the
 * size of its fabric's.
 *
 * @param intervalPs the finest interval, in ps; 0 records nothing
 * @param maxPoints  the most ticks a run keeps (>= 2)
 * @param flowCount  the run's flows (ids {@code 0 .. flowCount - 1}), which {@link #keepsFlow} spreads over; 0 when
 *                   not known, and then every flow is kept
 * @param keptFlows  the flow ids the scenario chose to record one by one, ascending, at most
 *                   {@value #MAX_CHOSEN_FLOWS}; empty: the spread above
 */
public record Sampling(long intervalPs, int maxPoints, int flowCount, int[] keptFlows) {
    private static final int[] SPREAD = new int[0];
    /** The most flows a scenario may choose to record one by one. */
    public static final int MAX_CHOSEN_FLOWS = 1024;

    public static final Sampling OFF = new Sampling(0, 2);
    /** What a scenario without a {@code sampling} section records: a sample per microsecond, at most 200 ticks. */
    public static final Sampling DEFAULT = new Sampling(1_000_000, 200);
    /** The most flows recorded one by one: as many as the report's plots and {@code series-flows.csv} show. */
    public static final int SAMPLED_FLOWS = 64;

    public Sampling {
        if (intervalPs < 0) {
            throw new IllegalArgumentException("intervalPs must be >= 0, was " + intervalPs);
        }
        if (maxPoints < 2) {
            throw new IllegalArgumentException("maxPoints must be >= 2, was " + maxPoints);
        }
        if (flowCount < 0) {
            throw new IllegalArgumentException("flowCount must be >= 0, was " + flowCount);
        }
        keptFlows = keptFlows.length == 0 ? SPREAD : keptFlows.clone();
        if (keptFlows.length > MAX_CHOSEN_FLOWS) {
            throw new IllegalArgumentException(keptFlows.length + " flows chosen; at most " + MAX_CHOSEN_FLOWS);
        }
        for (int i = 0; i < keptFlows.length; i++) {
            if (keptFlows[i] < 0 || (i > 0 && keptFlows[i] <= keptFlows[i - 1])) {
                throw new IllegalArgumentException("keptFlows must be ascending flow ids >= 0");
            }
        }
    }

    /** Every flow kept, until {@link #forFlows} says how many there are. */
    public Sampling(long intervalPs, int maxPoints) {
        this(intervalPs, maxPoints, 0, SPREAD);
    }

    /** The same grid and choice, for a run of {@code flowCount} flows. */
    public Sampling forFlows(int flowCount) {
        return new Sampling(intervalPs, maxPoints, flowCount, keptFlows);
    }

    /** The same grid, recording the flows {@code ids} (ascending) one by one; empty: the even spread. */
    public Sampling keeping(int[] ids) {
        return new Sampling(intervalPs, maxPoints, flowCount, ids);
    }

    @Override
    public int[] keptFlows() {
        return keptFlows.clone();
    }

    /** Whether the scenario chose the flows it records. */
    public boolean chosen() {
        return keptFlows.length > 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sampling x && x.intervalPs == intervalPs && x.maxPoints == maxPoints
                && x.flowCount == flowCount && java.util.Arrays.equals(x.keptFlows, keptFlows);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(intervalPs, maxPoints, flowCount, java.util.Arrays.hashCode(keptFlows));
    }

    @Override
    public String toString() {
        return "Sampling[intervalPs=" + intervalPs + ", maxPoints=" + maxPoints + ", flowCount=" + flowCount
                + ", keptFlows=" + java.util.Arrays.toString(keptFlows) + "]";
    }

    /**
     * Whether flow {@code flowId} is recorded one by one: those the scenario chose, when it chose; otherwise every flow of a run of at most {@value #SAMPLED_FLOWS}
     * (or of unknown size); else the flows at ids {@code floor(i x flowCount / SAMPLED_FLOWS)}, {@code i} from 0.
     */
    public boolean keepsFlow(int flowId) {
        if (keptFlows.length > 0) {
            return java.util.Arrays.binarySearch(keptFlows, flowId) >= 0;
        }
        if (flowCount <= SAMPLED_FLOWS) {
            return true;
        }
        if (flowId < 0 || flowId >= flowCount) {
            return false;
        }
        // the smallest i with floor(i x n / S) >= flowId is ceil(flowId x S / n); flowId is kept if it hits it
        long i = ((long) flowId * SAMPLED_FLOWS + flowCount - 1) / flowCount;
        return i < SAMPLED_FLOWS && i * flowCount / SAMPLED_FLOWS == flowId;
    }

    public boolean enabled() {
        return intervalPs > 0;
    }

    /** The interval in force once virtual time has reached {@code nowPs}: the finest that needs no more than maxPoints ticks. */
    public long intervalAt(long nowPs) {
        long interval = intervalPs;
        while (nowPs / interval >= maxPoints && interval <= Long.MAX_VALUE / 2) {
            interval *= 2;
        }
        return interval;
    }
}

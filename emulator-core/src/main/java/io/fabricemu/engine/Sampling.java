package io.fabricemu.engine;

/**
 * How element state is recorded over virtual time: a sample every {@code intervalPs}, on the grid
 * {@code 0, interval, 2 x interval, ...}; the value at tick {@code T} is the state after every event before
 * {@code T}. So that a long run does not fill memory, the interval doubles whenever a run's virtual time
 * would need more than {@code maxPoints} ticks: the interval in force at time {@code t} depends on {@code t}
 * only, so every element, in any shard, agrees on it.
 *
 * @param intervalPs the finest interval, in ps; 0 records nothing
 * @param maxPoints  the most ticks a run keeps (>= 2)
 */
public record Sampling(long intervalPs, int maxPoints) {
    public static final Sampling OFF = new Sampling(0, 2);
    /** What a scenario without a {@code sampling} section records: a sample per microsecond, at most 200 ticks. */
    public static final Sampling DEFAULT = new Sampling(1_000_000, 200);

    public Sampling {
        if (intervalPs < 0) {
            throw new IllegalArgumentException("intervalPs must be >= 0, was " + intervalPs);
        }
        if (maxPoints < 2) {
            throw new IllegalArgumentException("maxPoints must be >= 2, was " + maxPoints);
        }
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

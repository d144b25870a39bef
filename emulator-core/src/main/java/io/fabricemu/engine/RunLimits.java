package io.fabricemu.engine;

/**
 * How a run is carried out.
 *
 * @param stopPs no event at or after this virtual time is handled
 * @param shardOf for every element id, the shard that runs it; shard ids are {@code 0..shards-1}
 * @param shards  the number of shards
 * @param sampling when elements record their state over virtual time
 * @param listener where samples also go while the run goes on (live metrics), or null for nowhere; it needs
 *                 sampling on
 * @param runAhead whether shards run ahead of their peers while the peers' batches are on their way (see
 *                 {@code ShardActor}): worth it when some batches cross between JVMs, where it hides the hop (also
 *                 with several shards per JVM: two JVMs of two shards ran the 1024-host permutation in 19.9 and
 *                 21.8 s with it, 29.2 and 25.5 s without); when every shard is in one JVM, whose batches arrive at
 *                 once, its steps only get in the way of the next window (two shards of one JVM: 21 to 23 s with
 *                 it, 13.5 to 15.6 s without). Results, windows and wake-ups are the same either way.
 */
public record RunLimits(long stopPs, int[] shardOf, int shards, Sampling sampling, SampleListener listener,
                        boolean runAhead) {
    public RunLimits(long stopPs, int[] shardOf, int shards) {
        this(stopPs, shardOf, shards, Sampling.OFF);
    }

    public RunLimits(long stopPs, int[] shardOf, int shards, Sampling sampling) {
        this(stopPs, shardOf, shards, sampling, null);
    }

    /** Shards that do not run ahead. */
    public RunLimits(long stopPs, int[] shardOf, int shards, Sampling sampling, SampleListener listener) {
        this(stopPs, shardOf, shards, sampling, listener, false);
    }

    /** The same, with shards that run ahead or not. */
    public RunLimits withRunAhead(boolean ahead) {
        return new RunLimits(stopPs, shardOf, shards, sampling, listener, ahead);
    }

    public RunLimits {
        java.util.Objects.requireNonNull(sampling, "sampling");
        if (listener != null && !sampling.enabled()) {
            throw new IllegalArgumentException("a sample listener needs sampling on");
        }
        if (stopPs <= 0) {
            throw new IllegalArgumentException("stopPs must be > 0, was " + stopPs);
        }
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be >= 1, was " + shards);
        }
        for (int s : shardOf) {
            if (s < 0 || s >= shards) {
                throw new IllegalArgumentException("shard " + s + " outside 0.." + (shards - 1));
            }
        }
        shardOf = shardOf.clone();
    }

    /** Everything in one shard. */
    public static RunLimits singleShard(long stopPs, int elements) {
        return new RunLimits(stopPs, new int[elements], 1);
    }
}

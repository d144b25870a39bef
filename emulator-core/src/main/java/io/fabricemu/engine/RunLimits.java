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
 */
public record RunLimits(long stopPs, int[] shardOf, int shards, Sampling sampling, SampleListener listener) {
    public RunLimits(long stopPs, int[] shardOf, int shards) {
        this(stopPs, shardOf, shards, Sampling.OFF);
    }

    public RunLimits(long stopPs, int[] shardOf, int shards, Sampling sampling) {
        this(stopPs, shardOf, shards, sampling, null);
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

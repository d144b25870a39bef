package io.fabricemu.cli;

/** The default shard count: one per processor, so the shards' routing work runs in parallel too. */
final class Shards {
    private Shards() {
    }

    /** {@code requested} (checked as it was parsed, {@link WholeNumber.ShardCount}), else the default. */
    static int orDefault(Integer requested) {
        return requested != null ? requested
                : Math.min(WholeNumber.ShardCount.MAX, Math.max(1, Runtime.getRuntime().availableProcessors()));
    }
}

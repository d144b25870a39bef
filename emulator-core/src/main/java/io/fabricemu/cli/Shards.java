package io.fabricemu.cli;

import io.fabricemu.run.RunWidth;

/**
 * The default shard count: one per processor, so the shards' routing work runs in parallel too; one for a narrow
 * run ({@link RunWidth}), whose windows hold too little work to be worth handing between processors.
 */
final class Shards {
    private Shards() {
    }

    /** {@code requested} (checked as it was parsed, {@link WholeNumber.ShardCount}), else the default. */
    static int orDefault(Integer requested) {
        return requested != null ? requested
                : Math.min(WholeNumber.ShardCount.MAX, Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    /** {@code requested}, else the default for a run of {@code width}. */
    static int orDefault(Integer requested, RunWidth width) {
        return requested == null && width.narrow() ? 1 : orDefault(requested);
    }
}

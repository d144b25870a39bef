package io.fabricemu.cli;

/** The default shard count: one per processor, so the shards' routing work runs in parallel too. */
final class Shards {
    private Shards() {
    }

    static int orDefault(Integer requested) {
        return requested != null ? requested : Math.max(1, Runtime.getRuntime().availableProcessors());
    }
}

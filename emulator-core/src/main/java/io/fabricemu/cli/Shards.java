package io.fabricemu.cli;

import java.io.PrintWriter;

/** The default shard count: one per processor, so the shards' routing work runs in parallel too. */
final class Shards {
    private Shards() {
    }

    static int orDefault(Integer requested) {
        return requested != null ? requested : Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    /** The shard count to run with, or -1 after telling {@code err} why {@code requested} is out of range. */
    static int resolve(Integer requested, PrintWriter err) {
        int shards = orDefault(requested);
        if (shards < 1 || shards > 1024) {
            err.println("error: --shards: " + shards + " is out of range; use 1..1024");
            err.flush();
            return -1;
        }
        return shards;
    }
}

package io.fabricemu.run;

import io.fabricemu.actor.Engine;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.fabric.FabricBuilder;

/**
 * Every shard in this JVM, partitioned by {@link Partitioner}; running ahead only if asked ({@link RunLimits#runAhead});
 * run by {@code workers} threads, 0 for the engine's default pool ({@link Engine#run}).
 */
record LocalBackend(int shards, boolean runsAhead, int workers) implements EngineBackend {
    LocalBackend {
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be >= 1, was " + shards);
        }
        if (workers < 0) {
            throw new IllegalArgumentException("workers must be >= 0, was " + workers);
        }
    }

    @Override
    public int[] shardOf(FabricBuilder fabric) {
        return Partitioner.shardOf(fabric, shards);
    }

    @Override
    public EngineResult run(ElementFactory factory, RunLimits limits, Progress progress) {
        return Engine.run(factory, limits, progress, workers);
    }
}

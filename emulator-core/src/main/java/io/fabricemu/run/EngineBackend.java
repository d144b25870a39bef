package io.fabricemu.run;

import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.trace.PacketTrace;

/**
 * Where a run's shards live and who runs them: this JVM ({@link #local}) or a cluster of JVMs
 * ({@code emulator-cluster}). Results never depend on the backend; only speed does.
 */
public interface EngineBackend {

    /** The number of shards the run is split into. */
    int shards();

    /** For every element of {@code fabric}, its shard: deterministic, topology-aware. */
    int[] shardOf(FabricBuilder fabric);

    /**
     * Runs the fabric to the end and returns what the engine measured; blocks until then.
     *
     * @throws IllegalStateException when the run failed (an element failed, or a cluster member was lost:
     *                               {@link MemberLostException})
     */
    EngineResult run(ElementFactory factory, RunLimits limits, Progress progress);

    /**
     * As {@link #run(ElementFactory, RunLimits, Progress)}, recording the packets {@code trace} chooses (null: none)
     * in the elements of {@code fabric}; once it returns, {@code trace} holds every frame the run recorded, wherever
     * its elements ran. In this JVM the elements are simply run wrapped ({@link PacketTrace#elements()}).
     */
    default EngineResult run(ElementFactory fabric, RunLimits limits, Progress progress, PacketTrace trace) {
        return run(trace == null ? fabric : trace.elements(), limits, progress);
    }

    /**
     * Whether the shards this backend runs should run ahead of their peers ({@link RunLimits#runAhead}); a backend
     * whose shards are built elsewhere decides there.
     */
    default boolean runsAhead() {
        return false;
    }

    /** All shards in this JVM's actor system, not running ahead: between shards of one JVM it only costs. */
    static EngineBackend local(int shards) {
        return new LocalBackend(shards, false, 0);
    }

    /**
     * All shards in this JVM's actor system, not running ahead, run by {@code workers} threads (0: one per
     * processor, at least two; {@link RunWidth#workers}).
     */
    static EngineBackend local(int shards, int workers) {
        return new LocalBackend(shards, false, workers);
    }

    /** All shards in this JVM's actor system, running ahead or not: results are the same either way. */
    static EngineBackend local(int shards, boolean runAhead) {
        return new LocalBackend(shards, runAhead, 0);
    }
}

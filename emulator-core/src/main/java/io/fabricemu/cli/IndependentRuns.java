package io.fabricemu.cli;

import io.fabricemu.results.RunResult;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.trace.PacketTrace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where the independent runs of an ensemble or a comparison go: at once in this JVM ({@link RunPool}), or whole on the
 * members of the cluster {@code --jvms} or {@code --cluster} asks for ({@link MemberRuns}). Either way the results
 * come in the order of the runs.
 */
final class IndependentRuns {
    private IndependentRuns() {
    }

    /**
     * Runs {@code names[i]}, {@code runs[i]} as read from {@code sources[i]} with {@code overrides[i]}, telling
     * {@code where} first where they go ({@code --jvms 2}, {@code 2 at once, 1 shard each}); {@code out} (null:
     * nothing) hears of each run's end. The outcome's placement is null for runs in this JVM; a run whose emulation
     * failed is named on {@code err}, and the outcome has no results and {@link Main#FAILED}.
     */
    static MemberRuns run(ClusterOptions cluster, Integer shards, List<PreparedRun> runs, List<Path> sources,
                          List<List<String>> overrides, List<String> names, List<Path> allowedFolders,
                          Consumer<String> where, PrintWriter out, PrintWriter err) throws InterruptedException {
        return run(cluster, shards, runs, null, sources, overrides, names, allowedFolders, where, out, err);
    }

    /**
     * As {@link #run(ClusterOptions, Integer, List, List, List, List, List, Consumer, PrintWriter, PrintWriter)}, run
     * {@code i} recording the packets {@code traces[i]} chooses ({@code traces} null: none); traced runs go in this
     * JVM only.
     */
    static MemberRuns run(ClusterOptions cluster, Integer shards, List<PreparedRun> runs, List<PacketTrace> traces,
                          List<Path> sources, List<List<String>> overrides, List<String> names,
                          List<Path> allowedFolders, Consumer<String> where, PrintWriter out, PrintWriter err)
            throws InterruptedException {
        if (traces != null && cluster.distributed()) {
            throw new IllegalArgumentException("traced runs go in this JVM, not to a cluster's members");
        }
        try {
            if (cluster.distributed()) {
                where.accept(cluster.describe());
                return MemberRuns.run(cluster, shards, runs, sources, overrides, names, allowedFolders, out, err);
            }
            RunPool pool = RunPool.of(runs, Runtime.getRuntime().availableProcessors(),
                    Runtime.getRuntime().maxMemory(), shards);
            where.accept(String.format("%d at once, %d shard%s each", pool.concurrent(), pool.shardsEach(),
                    pool.shardsEach() == 1 ? "" : "s"));
            List<RunResult> results = pool.runAll(runs, traces, names, out);
            return MemberRuns.here(results);
        } catch (RunPool.RunFailedException e) {
            err.println("error: the emulation of " + names.get(e.index()) + " failed: " + e.getMessage()
                    + "; no results were written");
            err.flush();
            return MemberRuns.failed(Main.FAILED);
        }
    }
}

package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.results.RunResult;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.sizing.HeapBudget;
import io.fabricemu.trace.PacketTrace;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Independent runs at once in this JVM, already warm: as many together as there are processors and as the heap
 * holds by their estimates, each with a share of the processors as its shards. Every run is deterministic and
 * owns its engine, so the results are those of running them one by one, in the order given, whatever order they
 * finish in.
 */
final class RunPool {
    /** A run's heap grows past its start (queues, samples, results): room for this many times its estimate. */
    static final int HEAP_FACTOR = 4;

    private final int concurrent;
    private final int shardsEach;

    private RunPool(int concurrent, int shardsEach) {
        this.concurrent = concurrent;
        this.shardsEach = shardsEach;
    }

    /**
     * The pool for {@code runs} on {@code processors} and {@code maxHeapBytes}; {@code shards} the user's shard count
     * per run (null: the processors shared among the runs at once).
     */
    static RunPool of(List<PreparedRun> runs, int processors, long maxHeapBytes, Integer shards) {
        long largestBytes = largestBytes(runs, maxHeapBytes);
        long byHeap = Math.max(1, maxHeapBytes / (HEAP_FACTOR * largestBytes));
        int concurrent = (int) Math.max(1, Math.min(Math.min(runs.size(), processors), byHeap));
        // runs all narrow (io.fabricemu.run.RunWidth) take one shard each
        boolean allNarrow = runs.stream().allMatch(p -> p.width().narrow());
        int each = shards != null ? shards : allNarrow ? 1 : Math.max(1, processors / concurrent);
        return new RunPool(concurrent, each);
    }

    /** The heap the largest of {@code runs} is estimated to hold in a heap of {@code maxHeapBytes} (at least 1). */
    static long largestBytes(List<PreparedRun> runs, long maxHeapBytes) {
        long largestBytes = 1;
        HeapBudget budget = new HeapBudget(maxHeapBytes, true);
        for (PreparedRun p : runs) {
            largestBytes = Math.max(largestBytes, p.scenario().estimate().bytesHeld(budget));
        }
        return largestBytes;
    }

    int concurrent() {
        return concurrent;
    }

    int shardsEach() {
        return shardsEach;
    }

    /**
     * As {@link #runAll(List, IntConsumer)}, printing {@code "  NAME done (k of n)"} to {@code out} as each run ends
     * (nothing when {@code out} is null).
     */
    List<RunResult> runAll(List<PreparedRun> runs, List<String> names, PrintWriter out) throws InterruptedException {
        return runAll(runs, null, names, out);
    }

    /**
     * As {@link #runAll(List, List, PrintWriter)}, run {@code i} recording the packets {@code traces[i]} chooses
     * ({@code traces} null: none).
     */
    List<RunResult> runAll(List<PreparedRun> runs, List<PacketTrace> traces, List<String> names, PrintWriter out)
            throws InterruptedException {
        int[] done = {0};
        return runAll(runs, traces, i -> {
            done[0]++;
            if (out != null) {
                out.printf("  %s done (%d of %d)%n", names.get(i), done[0], runs.size());
                out.flush();
            }
        });
    }

    /**
     * Runs them all, telling {@code finished} the index of each as it ends; the results in the order of {@code runs}.
     *
     * @throws RunFailedException naming the first run (in order) whose emulation failed
     */
    List<RunResult> runAll(List<PreparedRun> runs, IntConsumer finished) throws InterruptedException {
        return runAll(runs, null, finished);
    }

    private List<RunResult> runAll(List<PreparedRun> runs, List<PacketTrace> traces, IntConsumer finished)
            throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(concurrent, r -> {
            Thread t = new Thread(r, "fabric-emu-run");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<RunResult>> futures = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    PacketTrace trace = traces == null ? null : traces.get(index);
                    RunResult r = trace == null ? runs.get(index).run(shardsEach, new Progress())
                            : runs.get(index).run(runs.get(index).localBackend(shardsEach), new Progress(), null,
                                    trace);
                    synchronized (finished) {
                        finished.accept(index);
                    }
                    return r;
                }));
            }
            List<RunResult> results = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    throw new RunFailedException(i, e.getCause());
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** A run of the pool failed; {@code index} says which. */
    static final class RunFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int index;

        RunFailedException(int index, Throwable cause) {
            super(cause.getMessage(), cause);
            this.index = index;
        }

        int index() {
            return index;
        }
    }
}

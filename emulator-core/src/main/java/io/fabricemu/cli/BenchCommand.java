package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.results.RunResult;
import io.fabricemu.run.DistributedBackend;
import io.fabricemu.run.EngineBackend;
import io.fabricemu.run.MemberLostException;
import io.fabricemu.run.RunInterruptedException;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.yaml.InputFile;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code fabric-emu bench}: runs scenarios several times, in this JVM or across JVMs ({@code --jvms},
 * {@code --cluster}), and reports the engine's speed and memory: wall time, events per second, windows per second,
 * events per window, the share of wall time the shards and coordinator were busy coordinating, and peak heap (of
 * this JVM, so only for runs in it). Writes no results folder. Prints a Markdown table for BENCHMARKS.md; across
 * JVMs the cluster forms once per scenario and every run of it, warm-up included, runs on the same members, so
 * their JIT-compiled code is warm for the measured runs as it is in one JVM.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Measures the engine on scenarios (default: the 1024-host fat-tree permutation and the "
                + "127:1 incast from topologies/scenarios): wall time, events/s, windows/s, events per window "
                + "and peak heap, as the median of the measured runs after warm-up runs. With --jvms or "
                + "--cluster the runs go across JVMs, the cluster formed once per scenario.")
final class BenchCommand implements Callable<Integer> {
    static final List<Path> DEFAULT_SCENARIOS = List.of(
            Path.of("topologies", "scenarios", "permutation-1024.yaml"),
            Path.of("topologies", "scenarios", "incast-127to1.yaml"));

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "SCENARIO", description = "Scenario files (default: the two above).")
    List<Path> scenarios = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", converter = WholeNumber.RunCount.class,
            description = "Measured runs per scenario, 1..1000 (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "1", converter = WholeNumber.WarmupCount.class,
            description = "Unmeasured runs first, 0..1000 (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--shards", paramLabel = "N", converter = WholeNumber.ShardCount.class,
            description = "Shards per run (default: one per processor; with --jvms or --cluster, per member).")
    Integer shards;

    @Option(names = "--set", paramLabel = "FIELD=VALUE", description = "Override a field of every scenario. Repeatable.")
    List<String> overrides = new ArrayList<>();

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Mixin
    AllowFilesOption allowFiles = new AllowFilesOption();

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int shards = cluster.distributed() ? 1 : Shards.orDefault(this.shards);
        if (!cluster.check(err) || !allowFiles.check(err)) {
            return Main.BAD_INPUT;
        }
        // bench measures the engine as long runs see it: always with C2
        int tiered = TieredRelaunch.ifLong(Long.MAX_VALUE, err);
        if (tiered >= 0) {
            return tiered;
        }
        List<Path> files = scenarios.isEmpty() ? DEFAULT_SCENARIOS : scenarios;
        for (Path f : files) {
            String problem = InputFile.problem(f, "scenario file");
            if (problem != null) {
                err.println("error: " + InputFile.display(f) + ": " + problem
                        + (scenarios.isEmpty() ? " (run bench from the repository root, or name scenario files)" : ""));
                err.flush();
                return Main.BAD_INPUT;
            }
        }
        out.printf("JVM %s, %d processors, max heap %,d MiB, %s%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                cluster.distributed() ? "across JVMs (" + cluster.describe() + ", "
                        + (this.shards == null ? "default" : this.shards) + " shard(s) per member)"
                        : shards + " shard(s)");
        out.println("| scenario | actors | flows | events | windows | wall s (median) | events/s | windows/s | events/window | coordination % | peak heap MiB | digest |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        out.flush();
        for (Path file : files) {
            PreparedRun prepared = ScenarioInput.prepare(file, overrides, allowFiles.folders, err);
            if (prepared == null) {
                return Main.BAD_INPUT;
            }
            try {
                if (!cluster.distributed()) {
                    measure(prepared, EngineBackend.local(shards), true, out);
                    continue;
                }
                // the cluster's own messages (formation, the partition plan) go to stderr: stdout stays the table
                try (DistributedBackend backend = cluster.open(this.shards, file, overrides, allowFiles.folders,
                        prepared.fabric().elementCount(), err, err)) {
                    if (backend == null) {
                        return cluster.exitCode;
                    }
                    measure(prepared, backend, false, out);
                }
            } catch (MemberLostException e) {
                err.println("error: " + file + ": the run was aborted: " + e.getMessage());
                err.flush();
                return Main.MEMBER_LOST;
            } catch (RunInterruptedException e) {
                err.println("interrupted: " + file + ": " + e.getMessage());
                err.flush();
                return Main.INTERRUPTED;
            } catch (IllegalStateException e) {
                err.println("error: " + file + ": the emulation failed: " + e.getMessage());
                err.flush();
                return Main.FAILED;
            }
        }
        return 0;
    }

    /** The warm-up runs, then the measured ones, and their row; {@code heap}: whether this JVM's heap is the run's. */
    private void measure(PreparedRun prepared, EngineBackend backend, boolean heap, PrintWriter out) {
        for (int i = 0; i < warmup; i++) {
            prepared.run(backend, new Progress(), null);
        }
        long[] wall = new long[runs];
        long peakHeap = 0;
        RunResult last = null;
        long[] coordination = new long[runs];
        for (int i = 0; i < runs; i++) {
            System.gc();
            resetPeaks();
            long start = System.nanoTime();
            last = prepared.run(backend, new Progress(), null);
            wall[i] = System.nanoTime() - start;
            coordination[i] = last.coordinationMillis() * 1000 / Math.max(1, last.wallMillis());
            peakHeap = Math.max(peakHeap, heapPeakBytes());
        }
        Arrays.sort(wall);
        Arrays.sort(coordination);
        double seconds = wall[runs / 2] / 1e9;
        out.printf(Locale.ROOT, "| %s | %,d | %d | %,d | %,d | %.2f | %,.0f | %,.0f | %.1f | %.1f | %s | %s |%n",
                prepared.scenario().name(), prepared.fabric().elementCount(), prepared.flows().size(),
                last.events(), last.windows(), seconds, last.events() / seconds, last.windows() / seconds,
                last.events() / (double) Math.max(1, last.windows()), coordination[runs / 2] / 10.0,
                heap ? String.format(Locale.ROOT, "%,d", peakHeap >> 20) : "in the members",
                last.digest().substring(0, 12));
        out.flush();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    /** Sum of the heap pools' peaks since the last reset (an upper bound of the true peak). */
    private static long heapPeakBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}

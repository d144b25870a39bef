package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.metrics.LiveMetrics;
import io.fabricemu.metrics.RunMetrics;
import io.fabricemu.results.OutputFolder;
import io.fabricemu.results.OutputFolderException;
import io.fabricemu.fabric.PortPick;
import io.fabricemu.results.ResultsWriter;
import io.fabricemu.results.SeriesSelection;
import io.fabricemu.results.RunResult;
import io.fabricemu.results.Summary;
import io.fabricemu.results.SummaryTable;
import io.fabricemu.run.DistributedBackend;
import io.fabricemu.run.EngineBackend;
import io.fabricemu.run.MemberLostException;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.run.RunInterruptedException;
import io.fabricemu.scenario.sizing.HeapBudget;
import io.fabricemu.scenario.sizing.RunEstimate;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.trace.PacketTrace;
import io.fabricemu.trace.TraceSelection;
import io.fabricemu.trace.TraceSelectionException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code fabric-emu run}: one emulation, in this JVM or sharded across a cluster of JVMs. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs a scenario in this JVM, or across JVMs (--jvms, --cluster): shows a progress bar and "
                + "the time left while it runs (on a terminal), prints a summary table at the end and writes the output folder "
                + "(results.json, flows.csv, ports.csv, report.html) atomically.")
final class RunCommand implements Callable<Integer> {
    /** A trace of every frame this large or larger is warned of before the run (see {@link PacketTrace}). */
    static final long LARGE_TRACE_BYTES = 1L << 30;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML).")
    Path scenario;

    @Option(names = "--set", paramLabel = "FIELD=VALUE",
            description = "Override a scenario field, e.g. --set workload.bytes=1MiB --set seed=7. "
                    + "Dotted path; a number indexes a list (workload.flows.0.bytes). Repeatable.")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Output folder (default: results/<scenario name>). It is replaced whole, so it must be new, "
                    + "empty or hold fabric-emu's own results; anything else is refused before the run.")
    Path out;

    @Option(names = "--shards", paramLabel = "N", converter = WholeNumber.ShardCount.class,
            description = "Split the fabric's actors into N shards that exchange one batch per window "
                    + "(default: one per processor, or one for a narrow run, of at most 128 hosts whose receivers "
                    + "take under 64 packets a lookahead, as validate prints; with --jvms or --cluster, per member). "
                    + "Results are identical for every N.")
    Integer shards;

    @Option(names = "--quiet", description = "No progress line and no summary table; errors only.")
    boolean quiet;

    @Option(names = "--seeds", paramLabel = "N|S1,S2,...",
            description = "Run the scenario once per seed: N seeds from the scenario's own (--seeds 8), or those "
                    + "listed (--seeds 1,5,9); the runs go at once in this JVM, as many as the processors and the heap "
                    + "allow, or, with --jvms or --cluster, whole to the cluster's members. Prints every headline figure with its mean and 95% confidence interval and writes a "
                    + "results folder per seed beside ensemble.md, ensemble.csv, ensemble.json and report.html.")
    String seeds;

    @Option(names = "--timings",
            description = "After the run, print on stderr where the command's wall time went: the JVM's start, the "
                    + "scenario, the fabric, the engine's actor system, the shards and elements, the run, the results.")
    boolean timings;

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Mixin
    AllowFilesOption allowFiles = new AllowFilesOption();

    @Mixin
    TraceOptions trace = new TraceOptions();

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (!allowFiles.check(err)) {
            return Main.BAD_INPUT;
        }
        TraceSelection selection;
        try {
            selection = trace.selection();
        } catch (IllegalArgumentException e) {
            return badInput(err, e.getMessage());
        }
        if (selection != null && seeds != null && cluster.distributed()) {
            return badInput(err, "--trace with --seeds traces the seeds' runs in this JVM; it does not take --jvms or "
                    + "--cluster (trace one seed across JVMs at a time with --set seed=N)");
        }
        if (seeds != null) {
            if (metrics.port != null) {
                err.println("error: --seeds runs its seeds at once; it does not take --metrics (run one seed at a "
                        + "time with --set seed=N for that)");
                err.flush();
                return Main.BAD_INPUT;
            }
            if (!cluster.check(err)) {
                return Main.BAD_INPUT;
            }
            return new EnsembleRun(scenario, overrides, allowFiles.folders, this.shards, cluster, quiet,
                    spec.commandLine().getOut(), err, selection).run(seeds, out);
        }
        CommandTimings clock = timings ? new CommandTimings() : null;
        // A run across JVMs holds its elements in the members: this JVM, its driver, must hold the rest.
        PreparedRun prepared = ScenarioInput.prepare(scenario, overrides, allowFiles.folders,
                cluster.distributed() ? HeapBudget.partOfRun() : HeapBudget.wholeRun(), err, clock);
        if (prepared == null) {
            return Main.BAD_INPUT;
        }
        int shards = cluster.distributed() ? 1 : Shards.orDefault(this.shards, prepared.width());
        PacketTrace packets = null;
        if (selection != null) {
            try {
                packets = PacketTrace.of(selection, prepared.fabric());
            } catch (TraceSelectionException e) {
                return badInput(err, e.getMessage());
            }
        }
        if (selection != null && selection.everything()) {
            long bytes = PacketTrace.bytesAtLeast(prepared.scenario().runEstimate().dataPackets());
            if (bytes >= LARGE_TRACE_BYTES) {
                err.println("warning: a trace of every frame of this run takes at least " + Units.formatBytes(bytes)
                        + " of heap and of file (" + PacketTrace.FILE + "); narrow it with --trace-ports, "
                        + "--trace-flows, --trace-src, --trace-dst, --trace-from or --trace-to");
                err.flush();
            }
        }
        PacketTrace traced = packets;
        int tiered = TieredRelaunch.ifLong(prepared.scenario().runEstimate().eventsAtLeast(), err);
        if (tiered >= 0) {
            return tiered;
        }
        Path outDir = out != null ? out : Path.of("results", prepared.scenario().name());
        try (OutputFolder output = OutputInput.claim(outDir, err)) {
            if (output == null) {
                return Main.BAD_INPUT;
            }
            if (!cluster.distributed()) {
                EngineBackend local = prepared.localBackend(shards);
                return metrics.around(err, quiet ? null : spec.commandLine().getOut(),
                        live -> run(prepared, local, live, output, outDir, err, clock, traced));
            }
            PrintWriter clusterOut = quiet ? null : spec.commandLine().getOut();
            // the metrics options are checked before the cluster forms, which forks JVMs or waits for members
            return metrics.around(err, clusterOut, live -> {
                try (DistributedBackend backend = cluster.open(this.shards, scenario, overrides, allowFiles.folders,
                        prepared.fabric().elementCount(), clusterOut, err)) {
                    return backend == null ? cluster.exitCode
                            : run(prepared, backend, live, output, outDir, err, clock, traced);
                }
            });
        }
    }

    private int run(PreparedRun prepared, EngineBackend backend, LiveMetrics live, OutputFolder output, Path outDir,
                    PrintWriter err, CommandTimings clock, PacketTrace packets) {
        PrintWriter stdout = spec.commandLine().getOut();
        if (!quiet) {
            stdout.printf("fabric-emu: %s: %s, %,d flows, %,d actors%n", prepared.scenario().name(),
                    prepared.fabric().topology().describe(), prepared.flows().size(), prepared.fabric().elementCount());
            RunEstimate estimate = prepared.scenario().runEstimate();
            if (estimate.isLong()) {
                stdout.println("  a long run: " + estimate.describe());
            }
            stdout.flush();
        }
        Progress progress = new Progress();
        RunResult result;
        if (live != null && !quiet) {
            stdout.println("  live metrics at " + live.url());
            stdout.flush();
        }
        // Closed with the run, whatever way it ends: it stops the progress line.
        ProgressPrinter printer = quiet ? null : new ProgressPrinter(progress, System.err, prepared.flows().size(),
                prepared.workloadBytes(), prepared.scenario().stopPs());
        try (printer;
             RunMetrics runMetrics = MetricsOptions.beginRun(live, progress, prepared, runName(outDir))) {
            result = prepared.run(backend, progress, runMetrics, packets);
        } catch (MemberLostException e) {
            err.println("error: the run was aborted: " + e.getMessage() + "; no results were written");
            err.flush();
            return Main.MEMBER_LOST;
        } catch (RunInterruptedException e) {
            err.println("interrupted: " + e.getMessage() + "; no results were written");
            err.flush();
            return Main.INTERRUPTED;
        } catch (IllegalStateException e) {
            err.println("error: the emulation failed: " + e.getMessage());
            err.flush();
            return Main.FAILED;
        }
        if (clock != null) {
            clock.markRun(progress);
        }
        Summary summary = Summary.of(result);
        if (!write(output, result, summary, prepared.scenario().recordPorts(), packets, err)) {
            return Main.FAILED;
        }
        if (clock != null) {
            clock.mark("results");
            clock.print(err);
        }
        if (!quiet) {
            stdout.print(SummaryTable.render(result, summary));
            if (packets != null) {
                stdout.printf("  trace: %,d frames of %,d ports in %s%n", packets.frames(), packets.portCount(),
                        outDir.resolve(PacketTrace.FILE));
            }
            stdout.println("  results written to " + outDir);
            stdout.flush();
        }
        if (result.halted()) {
            err.println("halted: " + result.haltReason());
            err.flush();
            return Main.HALTED;
        }
        return 0;
    }

    /** Puts the run's output folder in place; false after printing why it could not be written. */
    private boolean write(OutputFolder output, RunResult result, Summary summary, PortPick ports,
                          PacketTrace packets, PrintWriter err) {
        try {
            output.commit(folder -> {
                ResultsWriter.writeInto(result, summary, SeriesSelection.of(result.series(), ports),
                        scenario.toString(), overrides, folder);
                if (packets != null) {
                    packets.write(folder.resolve(PacketTrace.FILE), "fabric-emu run of " + result.scenario()
                            + ", seed " + result.seed());
                }
            });
            return true;
        } catch (OutputFolderException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return false;
        }
    }

    /** The {@code run} label of the live series: the output folder's name, which the user chose or was told. */
    private static String runName(Path outDir) {
        Path name = outDir.toAbsolutePath().normalize().getFileName();
        return name == null ? "run" : name.toString();
    }

    private static int badInput(PrintWriter err, String message) {
        err.println("error: " + message);
        err.flush();
        return Main.BAD_INPUT;
    }
}

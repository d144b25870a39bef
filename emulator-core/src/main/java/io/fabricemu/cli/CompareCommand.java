package io.fabricemu.cli;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.engine.Progress;
import io.fabricemu.metrics.LiveMetrics;
import io.fabricemu.metrics.RunMetrics;
import io.fabricemu.report.ReportPage;
import io.fabricemu.results.Comparison;
import io.fabricemu.results.ComparisonReport;
import io.fabricemu.results.OutputFolder;
import io.fabricemu.results.OutputFolderException;
import io.fabricemu.results.RunResult;
import io.fabricemu.results.SeriesSelection;
import io.fabricemu.results.Summary;
import io.fabricemu.run.PreparedRun;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code fabric-emu compare}: runs several scenarios, or one scenario under several congestion controls
 * ({@code --cc nscc,rccc,dcqcn}: each value a run with {@code --set transport.cc=VALUE}, labelled by it), at once in
 * this JVM as far as the processors and the heap allow ({@link RunPool}; one after the other with live metrics),
 * and prints their headline figures side by side; with {@code --seeds} each under several seeds
 * ({@link EnsembleCompare}). Every run is checked before the first one
 * starts, so a typo in the last file or value costs no run, and so is the output folder ({@link OutputFolder}),
 * with a subfolder per run made at once; the folder (one results folder per run, the table as Markdown and CSV,
 * and report.html with the runs' plots overlaid) is written atomically at the end. Like {@code run}, it exits 3 if
 * the model halted any of the runs (a PFC deadlock), after writing and printing the whole comparison.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs scenarios at once in this JVM (typically the same workload under different "
                + "transports or switch settings), or one scenario under each --cc value, and prints their "
                + "figures side by side. Writes the output folder atomically: comparison.md, comparison.csv, "
                + "report.html (the table and the runs' plots overlaid) and one results folder per run.")
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SCENARIO",
            description = "Scenario files (YAML): two or more, or exactly one with --cc.")
    List<Path> scenarios = new ArrayList<>();

    @Option(names = "--cc", paramLabel = "CC[,CC...]", split = ",",
            description = "Run the one SCENARIO once per congestion control, each with --set transport.cc=CC "
                    + "and labelled CC; allowed: ${COMPLETION-CANDIDATES}.",
            completionCandidates = CongestionControls.class)
    List<String> ccs = new ArrayList<>();

    @Option(names = "--sweep", paramLabel = "FIELD=V1,V2,...",
            description = "Run the one SCENARIO once per value of FIELD, each with --set FIELD=V and labelled "
                    + "FIELD=V, e.g. --sweep switch.queue=64KiB,128KiB,256KiB; report.html then also plots each "
                    + "figure against the value. Given twice, or with --cc, a grid: every pair of values, and "
                    + "report.html plots each figure against the first field, one line per value of the second.")
    List<String> sweepTexts = new ArrayList<>();

    @Option(names = "--set", paramLabel = "FIELD=VALUE",
            description = "Override a field of every scenario, e.g. --set workload.bytes=1MiB. Repeatable.")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Output folder (default: results/compare). It is replaced whole, so it must be new, empty "
                    + "or hold fabric-emu's own results; anything else is refused before the first run.")
    Path out;

    @Option(names = "--shards", paramLabel = "N", converter = WholeNumber.ShardCount.class,
            description = "Shards per run (default: one per processor, or one for a narrow run, of at most 128 "
                    + "hosts whose receivers take under 64 packets a lookahead, as validate prints). Results are "
                    + "identical for every N.")
    Integer shards;

    @Option(names = "--quiet", description = "No progress line and no table; errors only.")
    boolean quiet;

    @Option(names = "--seeds", paramLabel = "N|S1,S2,...",
            description = "Run every scheme once per seed: N seeds from the first scenario's own (--seeds 8), or "
                    + "those listed; the runs go at once in this JVM. The table then gives each figure's mean and 95% "
                    + "confidence interval and says whether each scheme differs from the first significantly "
                    + "(Welch's t-test at 5%).")
    String seeds;

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Mixin
    AllowFilesOption allowFiles = new AllowFilesOption();

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        if (!allowFiles.check(err)) {
            return Main.BAD_INPUT;
        }
        List<Path> files = new ArrayList<>();
        List<List<String>> runOverrides = new ArrayList<>();
        if (!plan(files, runOverrides, err)) {
            return Main.BAD_INPUT;
        }
        List<PreparedRun> prepared = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            PreparedRun p = ScenarioInput.prepare(files.get(i), runOverrides.get(i), allowFiles.folders, err);
            if (p == null) {
                return Main.BAD_INPUT;
            }
            prepared.add(p);
        }
        List<String> labels = sweep != null ? sweep.labels() : ccs.isEmpty() ? labels(prepared)
                : List.copyOf(ccs);
        List<Long> seedList = seeds == null ? null : EnsembleRun.seeds(seeds, prepared.get(0), err);
        if (seeds != null && seedList == null) {
            return Main.BAD_INPUT; // said before any tiered JVM starts
        }
        if ((seeds != null || cluster.distributed()) && metrics.port != null) {
            err.println("error: " + (seeds != null ? "--seeds runs its seeds at once"
                    : cluster.describe() + " hands the runs to the cluster's members") + "; it does not take --metrics");
            err.flush();
            return Main.BAD_INPUT;
        }
        if (!cluster.check(err)) {
            return Main.BAD_INPUT;
        }
        int tiered = TieredRelaunch.ifLong(EnsembleRun.largestRun(prepared), err);
        if (tiered >= 0) {
            return tiered;
        }
        Path outDir = out != null ? out : Path.of("results", "compare");
        if (seeds != null) {
            try (OutputFolder output = OutputInput.claim(outDir, err)) {
                return output == null ? Main.BAD_INPUT : new EnsembleCompare(allowFiles.folders, this.shards, cluster,
                        quiet, stdout, err).run(files, runOverrides, labels, seedList, sweep, output, outDir);
            }
        }
        try (OutputFolder output = OutputInput.claim(outDir, err)) {
            if (output == null || !reserveRunFolders(output, labels, files, err)) {
                return Main.BAD_INPUT;
            }
            return metrics.around(err, quiet ? null : stdout, live -> compare(prepared, labels, files, runOverrides,
                    live, output, outDir, err, stdout));
        }
    }

    /** Makes every run's subfolder of the output folder now; false after printing why one cannot be made. */
    private static boolean reserveRunFolders(OutputFolder output, List<String> labels, List<Path> files,
                                             PrintWriter err) {
        for (int i = 0; i < labels.size(); i++) {
            try {
                output.reserve(labels.get(i), "the run '" + labels.get(i) + "' (" + files.get(i) + ")");
            } catch (OutputFolderException e) {
                err.println("error: " + e.getMessage());
                err.flush();
                return false;
            }
        }
        return true;
    }

    private int compare(List<PreparedRun> prepared, List<String> labels, List<Path> files,
                        List<List<String>> runOverrides, LiveMetrics live, OutputFolder output,
                        Path outDir, PrintWriter err, PrintWriter stdout) throws InterruptedException {
        Ran ran = live != null ? new Ran(runInTurn(prepared, labels, live, err, stdout), RunPlacement.HERE,
                Main.FAILED)
                : atOnce(prepared, labels, files, runOverrides, err, stdout);
        List<Comparison.Column> columns = ran.columns();
        if (columns == null) {
            return ran.exitCode();
        }
        RunPlacement placement = ran.placement();
        Comparison comparison = new Comparison(columns);
        List<SeriesSelection> selections = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            selections.add(SeriesSelection.of(columns.get(i).run().series(),
                    prepared.get(i).scenario().recordPorts()));
        }
        try {
            output.commit(folder -> {
                Files.writeString(folder.resolve("comparison.md"), comparison.markdown(), StandardCharsets.UTF_8);
                Files.writeString(folder.resolve("comparison.csv"), comparison.csv(), StandardCharsets.UTF_8);
                Files.writeString(folder.resolve(ComparisonReport.FILE),
                        report(comparison, selections, placement), StandardCharsets.UTF_8);
                placement.writeInto(folder);
                RunFolders.write(folder, columns, selections, files.stream().map(Path::toString).toList(),
                        runOverrides);
            });
        } catch (OutputFolderException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return Main.FAILED;
        }
        if (!quiet) {
            stdout.print(comparison.render());
            placement.say(stdout);
            stdout.println("  results written to " + outDir);
            stdout.flush();
        }
        return halted(columns, err) ? Main.HALTED : 0;
    }

    /** The runs one after the other, each with its progress line and live metrics; null after a failure. */
    private List<Comparison.Column> runInTurn(List<PreparedRun> prepared, List<String> labels,
                                              LiveMetrics live, PrintWriter err, PrintWriter stdout) {
        List<Comparison.Column> columns = new ArrayList<>();
        if (!quiet) {
            stdout.println("fabric-emu: live metrics at " + live.url() + " (the runs one after another)");
            stdout.flush();
        }
        for (int i = 0; i < prepared.size(); i++) {
            PreparedRun p = prepared.get(i);
            announce(p, labels.get(i), i, prepared.size(), stdout);
            Progress progress = new Progress();
            RunResult result;
            // Closed with the run, whatever way it ends: it stops the progress line.
            ProgressPrinter printer = quiet ? null : new ProgressPrinter(progress, System.err, p.flows().size(),
                    p.workloadBytes(), p.scenario().stopPs());
            try (printer;
                 RunMetrics runMetrics = MetricsOptions.beginRun(live, progress, p, labels.get(i))) {
                result = p.run(Shards.orDefault(this.shards, p.width()), progress, runMetrics);
            } catch (IllegalStateException e) {
                err.println("error: the emulation of " + labels.get(i) + " failed: " + e.getMessage());
                err.flush();
                return null;
            }
            columns.add(new Comparison.Column(labels.get(i), result, Summary.of(result)));
        }
        return columns;
    }

    /** The runs' columns, or null and the exit code; {@code placement}: where each ran. */
    private record Ran(List<Comparison.Column> columns, RunPlacement placement, int exitCode) {
    }

    /**
     * The runs at once: in this JVM, as many as the processors and the heap allow ({@link RunPool}), or handed whole
     * to the members of the cluster {@code --jvms} or {@code --cluster} asks for; the same results as
     * {@link #runInTurn}, in the same order.
     */
    private Ran atOnce(List<PreparedRun> prepared, List<String> labels, List<Path> files,
                       List<List<String>> runOverrides, PrintWriter err, PrintWriter stdout)
            throws InterruptedException {
        for (int i = 0; i < prepared.size(); i++) {
            announce(prepared.get(i), labels.get(i), i, prepared.size(), stdout);
        }
        MemberRuns ran = IndependentRuns.run(cluster, this.shards, prepared, files, runOverrides, labels,
                allowFiles.folders, where -> {
                    if (!quiet) {
                        stdout.println("  " + where);
                        stdout.flush();
                    }
                }, quiet ? null : stdout, err);
        if (ran.results() == null) {
            return new Ran(null, RunPlacement.HERE, ran.exitCode());
        }
        List<Comparison.Column> columns = new ArrayList<>();
        for (int i = 0; i < ran.results().size(); i++) {
            RunResult r = ran.results().get(i);
            columns.add(new Comparison.Column(labels.get(i), r, Summary.of(r)));
        }
        return new Ran(columns, ran.placement(), 0);
    }

    private void announce(PreparedRun p, String label, int i, int n, PrintWriter stdout) {
        if (!quiet) {
            stdout.printf("fabric-emu: %s (%d of %d): %s, %,d flows%n", label, i + 1, n,
                    p.fabric().topology().describe(), p.flows().size());
            stdout.flush();
        }
    }

    /** report.html: the comparison, with the sweep's or the grid's plots when there is one. */
    private String report(Comparison comparison, List<SeriesSelection> selections, RunPlacement placement) {
        BiConsumer<ReportPage, List<Comparison.Column>> section = sweep == null ? (page, columns) -> {
        } : sweep.layout() instanceof SweepPlan.Grid grid ? ComparisonReport.gridSection(grid.grid())
                : ComparisonReport.sweepSection(((SweepPlan.Line) sweep.layout()).sweep());
        return ComparisonReport.withSection(comparison, selections,
                placement.after(section));
    }

    /** Whether the model ended any run early, as {@code run} exits 3 for; prints each such run's reason. */
    static boolean halted(List<Comparison.Column> columns, PrintWriter err) {
        boolean any = false;
        for (Comparison.Column c : columns) {
            if (c.run().halted()) {
                err.println("halted: " + c.label() + ": " + c.run().haltReason());
                any = true;
            }
        }
        err.flush();
        return any;
    }

    /**
     * The runs: each scenario with the common overrides, or, with {@code --cc}, the one scenario once per value
     * with {@code transport.cc=VALUE} last. False after printing why the arguments do not make a comparison.
     */
    private boolean plan(List<Path> files, List<List<String>> runOverrides, PrintWriter err) {
        if (!sweepTexts.isEmpty()) {
            return ccsValid(err) && planSweep(files, runOverrides, err);
        }
        if (ccs.isEmpty()) {
            if (scenarios.size() < 2) {
                err.println("error: compare needs two or more scenario files, or one with --cc (e.g. --cc nscc,rccc)"
                        + " or --sweep (e.g. --sweep switch.queue=64KiB,128KiB)");
                err.flush();
                return false;
            }
            for (Path file : scenarios) {
                files.add(file);
                runOverrides.add(overrides);
            }
            return true;
        }
        if (scenarios.size() != 1) {
            err.println("error: --cc runs one scenario under each value; give exactly one scenario file, not "
                    + scenarios.size());
            err.flush();
            return false;
        }
        if (!ccsValid(err)) {
            return false;
        }
        for (String cc : ccs) {
            List<String> o = new ArrayList<>(overrides);
            o.add("transport.cc=" + cc);
            files.add(scenarios.get(0));
            runOverrides.add(o);
        }
        return true;
    }

    /** Whether every {@code --cc} value is a congestion control, given once; false after printing why not. */
    private boolean ccsValid(PrintWriter err) {
        for (int i = 0; i < ccs.size(); i++) {
            String cc = ccs.get(i);
            if (!CongestionControlKind.scenarioNames().contains(cc)) {
                err.println("error: --cc: '" + cc + "' is not a congestion control; allowed: "
                        + String.join(", ", CongestionControlKind.scenarioNames()));
                err.flush();
                return false;
            }
            if (ccs.indexOf(cc) != i) {
                err.println("error: --cc: '" + cc + "' is given twice");
                err.flush();
                return false;
            }
        }
        return true;
    }

    /** The sweep, once {@link #planSweep} has read it; null without {@code --sweep}. */
    private SweepPlan sweep;

    /**
     * As {@link #plan}, for {@code --sweep} (with {@code --cc} or a second {@code --sweep}, a grid): the one scenario
     * once per value or pair of values, set last.
     */
    private boolean planSweep(List<Path> files, List<List<String>> runOverrides, PrintWriter err) {
        String problem = null;
        if (scenarios.size() != 1) {
            problem = "--sweep runs one scenario at each value; give exactly one scenario file, not "
                    + scenarios.size();
        } else {
            try {
                sweep = SweepPlan.of(sweepTexts, ccs);
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        if (problem != null) {
            err.println("error: " + problem);
            err.flush();
            return false;
        }
        for (List<String> set : sweep.sets()) {
            List<String> o = new ArrayList<>(overrides);
            o.addAll(set);
            files.add(scenarios.get(0));
            runOverrides.add(o);
        }
        return true;
    }

    /** The allowed {@code --cc} values, for the help text. */
    static final class CongestionControls implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return CongestionControlKind.scenarioNames().iterator();
        }
    }

    /** Each run's scenario name, with {@code #2}, {@code #3}... on repeats so every label is distinct. */
    static List<String> labels(List<PreparedRun> runs) {
        Map<String, Integer> seen = new HashMap<>();
        List<String> labels = new ArrayList<>();
        for (PreparedRun p : runs) {
            String name = p.scenario().name();
            int n = seen.merge(name, 1, Integer::sum);
            labels.add(n == 1 ? name : name + "#" + n);
        }
        return labels;
    }
}

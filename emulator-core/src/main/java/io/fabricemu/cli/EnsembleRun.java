package io.fabricemu.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.fabricemu.report.LineChart;
import io.fabricemu.report.ReportPage;
import io.fabricemu.fabric.PortPick;
import io.fabricemu.results.Comparison;
import io.fabricemu.results.ComparisonReport;
import io.fabricemu.results.ensemble.EnsembleCharts;
import io.fabricemu.results.OutputFolder;
import io.fabricemu.results.OutputFolderException;
import io.fabricemu.results.RunResult;
import io.fabricemu.results.SeriesSelection;
import io.fabricemu.results.Summary;
import io.fabricemu.results.ensemble.Ensemble;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.trace.TraceSelection;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * {@code run SCENARIO --seeds N}: the scenario once per seed, the runs at once in this JVM ({@link RunPool}) or on
 * the members of a cluster ({@link MemberRuns}, with {@code --jvms} or {@code --cluster}), then
 * every headline figure with its mean and 95% confidence interval. The output folder holds a results folder per
 * seed ({@code seed-7}), {@code ensemble.md}, {@code ensemble.csv}, {@code ensemble.json} (every figure's spread,
 * each seed's digest, the ensemble's) and {@code report.html} with the seeds' plots overlaid; with {@code --trace}, each
 * seed's folder holds its packet trace ({@link SeedTraces}).
 */
final class EnsembleRun {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path scenario;
    private final List<String> overrides;
    private final List<Path> allowedFolders;
    private final Integer shards;
    private final ClusterOptions cluster;
    private final boolean quiet;
    private final PrintWriter out;
    private final PrintWriter err;
    private final TraceSelection trace;

    /**
     * @param cluster {@code --jvms} or {@code --cluster}: the runs go to its members, if it asks for any
     * @param trace   what every seed's run traces ({@code --trace}), or null; traced runs go in this JVM
     */
    EnsembleRun(Path scenario, List<String> overrides, List<Path> allowedFolders, Integer shards,
                ClusterOptions cluster, boolean quiet, PrintWriter out, PrintWriter err, TraceSelection trace) {
        this.trace = trace;
        this.scenario = scenario;
        this.overrides = overrides;
        this.allowedFolders = allowedFolders;
        this.shards = shards;
        this.cluster = cluster;
        this.quiet = quiet;
        this.out = out;
        this.err = err;
    }

    /** Runs the ensemble {@code seedsText} names into {@code outArg} (null: the default folder); the exit code. */
    int run(String seedsText, Path outArg) throws InterruptedException {
        PreparedRun first = ScenarioInput.prepare(scenario, overrides, allowedFolders, err);
        List<Long> seeds = first == null ? null : seeds(seedsText, first, err);
        if (seeds == null) {
            return Main.BAD_INPUT;
        }
        List<PreparedRun> runs = new ArrayList<>();
        List<List<String>> runOverrides = new ArrayList<>();
        for (long seed : seeds) {
            List<String> o = new ArrayList<>(overrides);
            o.add("seed=" + seed);
            PreparedRun p = ScenarioInput.prepare(scenario, o, allowedFolders, err);
            if (p == null) {
                return Main.BAD_INPUT;
            }
            runs.add(p);
            runOverrides.add(o);
        }
        SeedTraces traces = trace == null ? null : SeedTraces.of(trace, runs, err);
        if (trace != null && traces == null) {
            return Main.BAD_INPUT;
        }
        int tiered = TieredRelaunch.ifLong(largestRun(runs), err);
        if (tiered >= 0) {
            return tiered;
        }
        String name = first.scenario().name();
        Path outDir = outArg != null ? outArg : Path.of("results", name);
        try (OutputFolder output = OutputInput.claim(outDir, err)) {
            if (output == null || !reserve(output, seeds)) {
                return Main.BAD_INPUT;
            }
            List<String> names = seeds.stream().map(seed -> "seed " + seed).toList();
            MemberRuns ran = IndependentRuns.run(cluster, shards, runs, traces == null ? null : traces.traces(),
                    Collections.nCopies(runs.size(), scenario), runOverrides, names, allowedFolders,
                    where -> announce(name, first, seeds, where), quiet ? null : out, err);
            if (ran.results() == null) {
                return ran.exitCode();
            }
            List<RunResult> results = ran.results();
            RunPlacement placement = ran.placement();
            List<Comparison.Column> columns = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                columns.add(new Comparison.Column(folder(seeds.get(i)), results.get(i), Summary.of(results.get(i))));
            }
            Ensemble ensemble = new Ensemble(name, columns);
            if (!write(output, ensemble, runOverrides, placement, first.scenario().recordPorts(), traces)) {
                return Main.FAILED;
            }
            if (!quiet) {
                out.print(ensemble.render());
                placement.say(out);
                if (traces != null) {
                    out.println(traces.describe());
                }
                out.println("  results written to " + outDir);
                out.flush();
            }
            return halted(columns) ? Main.HALTED : 0;
        }
    }

    private boolean reserve(OutputFolder output, List<Long> seeds) {
        try {
            for (long seed : seeds) {
                output.reserve(folder(seed), "the run of seed " + seed);
            }
            return true;
        } catch (OutputFolderException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return false;
        }
    }

    /** The line that opens the output: the scenario, its fabric, the seeds, and where they run ({@code where}). */
    private void announce(String name, PreparedRun first, List<Long> seeds, String where) {
        if (!quiet) {
            out.printf("fabric-emu: %s: %s, %,d flows, %,d actors; %d seeds (%s), %s%n", name,
                    first.fabric().topology().describe(), first.flows().size(), first.fabric().elementCount(),
                    seeds.size(), describe(seeds), where);
            out.flush();
        }
    }

    /**
     * Puts the output folder in place ({@code placement}: where each run ran; {@code traces} the seeds' traces, or
     * null); false after saying why not.
     */
    private boolean write(OutputFolder output, Ensemble ensemble, List<List<String>> runOverrides,
                          RunPlacement placement, PortPick ports, SeedTraces traces) {
        List<Comparison.Column> columns = ensemble.runs();
        List<SeriesSelection> selections = new ArrayList<>();
        for (Comparison.Column c : columns) {
            selections.add(SeriesSelection.of(c.run().series(), ports));
        }
        try {
            output.commit(folder -> {
                Files.writeString(folder.resolve("ensemble.md"), ensemble.markdown(), StandardCharsets.UTF_8);
                Files.writeString(folder.resolve("ensemble.csv"), ensemble.csv(), StandardCharsets.UTF_8);
                Files.writeString(folder.resolve("ensemble.json"),
                        JSON.writeValueAsString(ensemble.document(scenario.toString(), overrides)),
                        StandardCharsets.UTF_8);
                Files.writeString(folder.resolve(ComparisonReport.FILE), report(ensemble, selections, placement),
                        StandardCharsets.UTF_8);
                placement.writeInto(folder);
                RunFolders.write(folder, columns, selections,
                        Collections.nCopies(columns.size(), scenario.toString()), runOverrides);
                if (traces != null) {
                    List<RunResult> results = new ArrayList<>();
                    for (Comparison.Column c : columns) {
                        results.add(c.run());
                    }
                    traces.writeInto(folder, results);
                }
            });
            return true;
        } catch (OutputFolderException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return false;
        }
    }

    /**
     * report.html: the seeds side by side, then the ensemble's table and its plots over time (the mean and its 95%
     * band), then every seed's plots overlaid.
     */
    private static String report(Ensemble ensemble, List<SeriesSelection> selections, RunPlacement placement) {
        BiConsumer<ReportPage, List<Comparison.Column>> section = (page, columns) -> {
            page.heading("Over the seeds");
            page.table("", true, ensemble.cells());
            for (LineChart chart : EnsembleCharts.of(selections)) {
                if (chart.hasData()) {
                    page.chart(chart);
                }
            }
        };
        return ComparisonReport.withSection(new Comparison(ensemble.runs()), selections,
                placement.after(section));
    }

    private boolean halted(List<Comparison.Column> columns) {
        boolean any = false;
        for (Comparison.Column c : columns) {
            if (c.run().halted()) {
                err.println("halted: seed " + c.run().seed() + ": " + c.run().haltReason());
                any = true;
            }
        }
        err.flush();
        return any;
    }

    /** The seeds {@code seedsText} names, counted from {@code first}'s seed; null after printing why it is bad. */
    static List<Long> seeds(String seedsText, PreparedRun first, PrintWriter err) {
        try {
            return SeedList.parse(seedsText, first.scenario().seed());
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return null;
        }
    }

    /**
     * The least events of the largest of {@code runs}, as {@code validate} counts them: what decides whether C2 pays
     * (forty runs of 21,504 events each are 1.4 times faster under C1 alone, one of 435,610 is not).
     */
    static long largestRun(List<PreparedRun> runs) {
        long most = 0;
        for (PreparedRun p : runs) {
            most = Math.max(most, p.scenario().runEstimate().eventsAtLeast());
        }
        return most;
    }

    /** A seed's results folder: {@code seed-7}. */
    static String folder(long seed) {
        return "seed-" + seed;
    }

    /** {@code 1..8} for consecutive seeds, else the list. */
    private static String describe(List<Long> seeds) {
        boolean consecutive = true;
        for (int i = 1; i < seeds.size(); i++) {
            consecutive &= seeds.get(i) == seeds.get(i - 1) + 1;
        }
        if (consecutive) {
            return "seeds " + seeds.get(0) + ".." + seeds.get(seeds.size() - 1);
        }
        List<String> shown = new ArrayList<>();
        for (long s : seeds) {
            shown.add(Long.toString(s));
        }
        return String.join(", ", shown);
    }
}

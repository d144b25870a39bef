package io.fabricemu.cli;

import io.fabricemu.report.ReportPage;
import io.fabricemu.results.Comparison;
import io.fabricemu.results.ComparisonReport;
import io.fabricemu.results.ensemble.EnsembleSweepCharts;
import io.fabricemu.results.OutputFolder;
import io.fabricemu.results.OutputFolderException;
import io.fabricemu.results.RunResult;
import io.fabricemu.results.SeriesSelection;
import io.fabricemu.results.Summary;
import io.fabricemu.results.ensemble.Ensemble;
import io.fabricemu.results.ensemble.EnsembleComparison;
import io.fabricemu.run.PreparedRun;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * {@code compare ... --seeds N}: every run of the comparison (each scenario, {@code --cc} value or sweep value)
 * under the same seeds, all at once in this JVM as far as the processors and the heap allow ({@link RunPool}), or
 * whole on the members of a cluster ({@link MemberRuns});
 * then each figure's mean and 95% interval per scheme and whether each scheme differs from the first significantly
 * ({@link EnsembleComparison}). The output folder holds {@code LABEL/seed-S/} per run, comparison.md, .csv and
 * report.html (every run's plots overlaid).
 */
final class EnsembleCompare {
    private final List<Path> allowedFolders;
    private final Integer shards;
    private final ClusterOptions cluster;
    private final boolean quiet;
    private final PrintWriter out;
    private final PrintWriter err;

    /** @param cluster {@code --jvms} or {@code --cluster}: the runs go to its members, if it asks for any */
    EnsembleCompare(List<Path> allowedFolders, Integer shards, ClusterOptions cluster, boolean quiet, PrintWriter out,
                    PrintWriter err) {
        this.allowedFolders = allowedFolders;
        this.shards = shards;
        this.cluster = cluster;
        this.quiet = quiet;
        this.out = out;
        this.err = err;
    }

    /**
     * report.html: every run side by side, then each scheme's means and intervals with the tests against the first
     * scheme, then, for a sweep (null for none), each figure's mean against the swept values with its 95% interval
     * as error bars; then every run's plots overlaid.
     */
    private static String report(Comparison all, List<SeriesSelection> selections, EnsembleComparison comparison,
                                 SweepPlan sweep, RunPlacement placement) {
        List<Ensemble> ensembles = comparison.ensembles();
        BiConsumer<ReportPage, List<Comparison.Column>> section = (page, columns) -> {
            page.heading("Over " + ensembles.get(0).runs().size() + " seeds");
            page.table("", true, comparison.cells());
            page.paragraph(EnsembleComparison.TEST_NOTE + ".");
            if (sweep == null) {
                return;
            }
            if (sweep.layout() instanceof SweepPlan.Grid grid) {
                EnsembleSweepCharts.add(page, grid.grid(), ensembles);
            } else {
                EnsembleSweepCharts.add(page, ((SweepPlan.Line) sweep.layout()).sweep(), ensembles);
            }
        };
        return ComparisonReport.withSection(all, selections, placement.after(section));
    }

    /**
     * Runs scheme {@code i} ({@code files[i]} with {@code runOverrides[i]}, labelled {@code labels[i]}) under each
     * of {@code seeds}; writes into {@code output}.
     */
    int run(List<Path> files, List<List<String>> runOverrides, List<String> labels, List<Long> seeds,
            SweepPlan sweep, OutputFolder output, Path outDir) throws InterruptedException {
        List<PreparedRun> runs = new ArrayList<>();
        List<List<String>> overridesOf = new ArrayList<>();
        List<String> folders = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            for (long seed : seeds) {
                List<String> o = new ArrayList<>(runOverrides.get(i));
                o.add("seed=" + seed);
                PreparedRun p = ScenarioInput.prepare(files.get(i), o, allowedFolders, err);
                if (p == null) {
                    return Main.BAD_INPUT;
                }
                runs.add(p);
                overridesOf.add(o);
                folders.add(labels.get(i) + "/" + EnsembleRun.folder(seed));
            }
        }
        try {
            for (int i = 0; i < labels.size(); i++) {
                output.reserve(labels.get(i), "the runs of '" + labels.get(i) + "' (" + files.get(i) + ")");
            }
        } catch (OutputFolderException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return Main.BAD_INPUT;
        }
        List<Path> sources = new ArrayList<>();
        for (int j = 0; j < runs.size(); j++) {
            sources.add(files.get(j / seeds.size()));
        }
        MemberRuns ran = IndependentRuns.run(cluster, shards, runs, sources, overridesOf, folders, allowedFolders,
                where -> say(String.format("fabric-emu: %d schemes x %d seeds = %d runs, %s", labels.size(),
                        seeds.size(), runs.size(), where)), quiet ? null : out, err);
        if (ran.results() == null) {
            return ran.exitCode();
        }
        List<RunResult> results = ran.results();
        RunPlacement placement = ran.placement();
        List<Ensemble> ensembles = new ArrayList<>();
        List<Comparison.Column> all = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            List<Comparison.Column> columns = new ArrayList<>();
            for (int k = 0; k < seeds.size(); k++) {
                RunResult r = results.get(i * seeds.size() + k);
                columns.add(new Comparison.Column(EnsembleRun.folder(seeds.get(k)), r, Summary.of(r)));
                all.add(new Comparison.Column(folders.get(i * seeds.size() + k), r, Summary.of(r)));
            }
            ensembles.add(new Ensemble(labels.get(i), columns));
        }
        EnsembleComparison comparison = new EnsembleComparison(ensembles);
        List<SeriesSelection> selections = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            selections.add(SeriesSelection.of(all.get(i).run().series(), runs.get(i).scenario().recordPorts()));
        }
        try {
            output.commit(folder -> {
                Files.writeString(folder.resolve("comparison.md"), comparison.markdown(), StandardCharsets.UTF_8);
                Files.writeString(folder.resolve("comparison.csv"), comparison.csv(), StandardCharsets.UTF_8);
                Files.writeString(folder.resolve(ComparisonReport.FILE),
                        report(new Comparison(all), selections, comparison, sweep, placement), StandardCharsets.UTF_8);
                placement.writeInto(folder);
                RunFolders.write(folder, all, selections, sources.stream().map(Path::toString).toList(), overridesOf);
            });
        } catch (OutputFolderException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return Main.FAILED;
        }
        if (!quiet) {
            out.print(comparison.render());
            placement.say(out);
            out.println("  results written to " + outDir);
            out.flush();
        }
        return CompareCommand.halted(all, err) ? Main.HALTED : 0;
    }

    private void say(String line) {
        if (!quiet) {
            out.println(line);
            out.flush();
        }
    }
}

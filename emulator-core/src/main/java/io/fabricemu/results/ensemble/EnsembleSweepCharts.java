package io.fabricemu.results.ensemble;

import io.fabricemu.report.Band;
import io.fabricemu.report.LineChart;
import io.fabricemu.report.Palette;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.ReportPage;
import io.fabricemu.report.Series;
import io.fabricemu.results.Comparison;
import io.fabricemu.results.Sweep;
import io.fabricemu.results.SweepGrid;
import java.util.List;
import java.util.function.IntBinaryOperator;

/**
 * A sweep run under several seeds ({@code compare --sweep ... --seeds N}): each headline figure's mean against the
 * swept values, with its 95% interval as an error bar at every value, one line per value of a grid's second field.
 */
public final class EnsembleSweepCharts {
    private record Figure(String id, String name, String title, Quantity quantity) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("sweep-fct-p99", "FCT p99", "FCT p99", Quantity.TIME),
            new Figure("sweep-fct-median", "FCT median", "FCT median", Quantity.TIME),
            new Figure("sweep-goodput", "goodput", "Goodput of the finished flows", Quantity.RATE),
            new Figure("sweep-queue", "peak queue", "Peak queue", Quantity.BYTES));

    private EnsembleSweepCharts() {
    }

    /** Along one field: the ensembles in the order of its values. */
    public static void add(ReportPage page, Sweep sweep, List<Ensemble> ensembles) {
        add(page, sweep, List.of("mean of " + ensembles.get(0).runs().size() + " seeds"), ensembles,
                (a, b) -> a, "Sweep of " + sweep.field());
    }

    /** Over a grid: the ensembles in the grid's run order. */
    public static void add(ReportPage page, SweepGrid grid, List<Ensemble> ensembles) {
        List<String> lines = grid.lines().values().stream().map(v -> grid.lines().field() + "=" + v).toList();
        add(page, grid.across(), lines, ensembles, grid::run, "Sweep of " + grid.across().field() + " by "
                + grid.lines().field());
    }

    private static void add(ReportPage page, Sweep across, List<String> lines, List<Ensemble> ensembles,
                            IntBinaryOperator runAt, String heading) {
        page.heading(heading);
        if (!across.numeric()) {
            page.paragraph("The values of " + across.field() + " are not all sizes, times, rates or numbers, so they"
                    + " have no axis to plot on: the table above has each run's figures.");
            return;
        }
        page.paragraph("Each point is the mean over the seeds; its bar, the 95% confidence interval of that mean.");
        double[] x = across.x();
        int[] order = across.byPosition();
        for (Figure f : FIGURES) {
            LineChart chart = new LineChart(f.id(), f.title() + " against " + across.field(), across.quantity(),
                    across.field(), f.quantity(), f.title()).points().fitY();
            for (int b = 0; b < lines.size(); b++) {
                double[] xs = new double[x.length];
                double[] mean = new double[x.length];
                double[] low = new double[x.length];
                double[] high = new double[x.length];
                for (int i = 0; i < order.length; i++) {
                    xs[i] = x[order[i]];
                    Ensemble.Figure e = ensembles.get(runAt.applyAsInt(order[i], b)).figure(f.name());
                    boolean some = e != null;
                    mean[i] = some ? e.spread().mean() : Double.NaN;
                    low[i] = some && e.spread().n() > 1 ? Math.max(0, e.spread().low()) : Double.NaN;
                    high[i] = some && e.spread().n() > 1 ? e.spread().high() : Double.NaN;
                }
                String colour = Palette.colour(b);
                chart.errorBars(new Band(lines.get(b) + " 95% interval", colour, xs, low, high))
                        .add(new Series(lines.get(b), colour, 2, xs, mean));
            }
            if (chart.hasData()) {
                page.chart(chart);
            }
        }
    }
}

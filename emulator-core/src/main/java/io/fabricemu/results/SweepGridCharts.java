package io.fabricemu.results;

import io.fabricemu.report.LineChart;
import io.fabricemu.report.Palette;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.ReportPage;
import io.fabricemu.report.Series;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The report's view of a {@link SweepGrid}: each headline figure against the first field's values, one line per
 * value of the second, a dot at every run, and a y axis that starts above 0 when 0 would flatten the differences.
 */
final class SweepGridCharts {
    private record Figure(String id, String title, Quantity quantity, String yTitle,
                          ToLongFunction<Comparison.Column> raw) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("grid-fct-p99", "FCT p99", Quantity.TIME, "FCT p99", c -> c.summary().fctP99Ps()),
            new Figure("grid-fct-median", "FCT median", Quantity.TIME, "FCT median", c -> c.summary().fctMedianPs()),
            new Figure("grid-goodput", "Goodput of the finished flows", Quantity.RATE, "goodput",
                    c -> c.summary().goodputBps()),
            new Figure("grid-queue", "Peak queue", Quantity.BYTES, "peak queue at the hottest port",
                    c -> c.summary().hottestPortBytes()),
            new Figure("grid-losses", "Drops and trims", Quantity.COUNT, "packets",
                    c -> c.summary().drops() + c.summary().trims()));

    private SweepGridCharts() {
    }

    static void add(ReportPage page, SweepGrid grid, List<Comparison.Column> columns) {
        Sweep across = grid.across();
        page.heading("Sweep of " + across.field() + " by " + grid.lines().field());
        if (!across.numeric()) {
            page.paragraph("The values of " + across.field() + " (" + String.join(", ", across.values()) + ") are not"
                    + " all sizes, times, rates or numbers, so they have no axis to plot on: the table above has"
                    + " each run's figures.");
            return;
        }
        for (Figure f : FIGURES) {
            LineChart chart = new LineChart(f.id(), f.title() + " against " + across.field() + ", by "
                    + grid.lines().field(), across.quantity(), across.field(), f.quantity(), f.yTitle())
                    .points().fitY();
            for (int b = 0; b < grid.lines().values().size(); b++) {
                chart.add(line(grid, b, columns, f.raw()));
            }
            if (chart.hasData()) {
                page.chart(chart);
            }
        }
    }

    /** The figure of every run at line value {@code b}, in order of the first field's values; -1 is a gap. */
    private static Series line(SweepGrid grid, int b, List<Comparison.Column> columns,
                               ToLongFunction<Comparison.Column> raw) {
        double[] x = grid.across().x();
        int[] order = grid.across().byPosition();
        double[] xs = new double[x.length];
        double[] ys = new double[x.length];
        for (int i = 0; i < order.length; i++) {
            xs[i] = x[order[i]];
            long v = raw.applyAsLong(columns.get(grid.run(order[i], b)));
            ys[i] = v < 0 ? Double.NaN : v;
        }
        String name = grid.lines().field() + "=" + grid.lines().values().get(b);
        return new Series(name, Palette.colour(b), 2, xs, ys);
    }
}

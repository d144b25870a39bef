package io.fabricemu.results.ensemble;

import io.fabricemu.report.Band;
import io.fabricemu.report.LineChart;
import io.fabricemu.report.Palette;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.Series;
import io.fabricemu.results.SeriesSelection;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * An ensemble's plots over virtual time: at every sample, the mean over the seeds that ran that long, shaded by its
 * 95% confidence interval (Student's t, as {@link Spread}); where one seed is left the mean is that seed's value
 * and there is no band. The seeds of one scenario are sampled at the same interval; if they were not (a run long
 * enough to be thinned), there are no such plots.
 */
public final class EnsembleCharts {
    private EnsembleCharts() {
    }

    /** The charts, empty when the seeds were not sampled or not at one interval. */
    public static List<LineChart> of(List<SeriesSelection> selections) {
        long interval = -1;
        for (SeriesSelection s : selections) {
            if (s.points() == 0 || (interval >= 0 && s.intervalPs() != interval)) {
                return List.of();
            }
            interval = s.intervalPs();
        }
        long every = interval;
        List<LineChart> charts = new ArrayList<>();
        charts.add(chart("ensemble-goodput", "Aggregate goodput: the mean over the seeds and its 95% interval",
                Quantity.RATE, "goodput", "goodput", every, selections,
                s -> s.aggregate().goodputPerTickBps(every)));
        charts.add(chart("ensemble-queue", "Queue at each seed's hottest port: the mean and its 95% interval",
                Quantity.BYTES, "queued", "queue", every, selections,
                s -> s.hottestPorts().isEmpty() ? new long[0] : s.hottestPorts().get(0).queueBytes()));
        return charts;
    }

    private static LineChart chart(String id, String title, Quantity quantity, String yTitle, String name,
                                   long intervalPs, List<SeriesSelection> selections,
                                   Function<SeriesSelection, long[]> values) {
        List<long[]> perSeed = new ArrayList<>();
        int longest = 0;
        for (SeriesSelection s : selections) {
            long[] v = values.apply(s);
            perSeed.add(v);
            longest = Math.max(longest, v.length);
        }
        double[] x = new double[longest];
        double[] mean = new double[longest];
        double[] low = new double[longest];
        double[] high = new double[longest];
        for (int i = 0; i < longest; i++) {
            x[i] = (double) i * intervalPs;
            long[] at = valuesAt(perSeed, i);
            if (at.length == 0) {
                mean[i] = Double.NaN;
                low[i] = Double.NaN;
                high[i] = Double.NaN;
                continue;
            }
            Spread spread = Spread.of(at);
            mean[i] = spread.mean();
            low[i] = at.length < 2 ? Double.NaN : Math.max(0, spread.low());
            high[i] = at.length < 2 ? Double.NaN : spread.high();
        }
        String colour = Palette.colour(0);
        return new LineChart(id, title, Quantity.TIME, "virtual time", quantity, yTitle)
                .band(new Band(name + " 95% interval", colour, x, low, high))
                .add(new Series("mean of " + selections.size() + " seeds", colour, 2, x, mean));
    }

    /** The seeds' values at sample {@code i}: those that ran that long and have one there. */
    private static long[] valuesAt(List<long[]> perSeed, int i) {
        long[] at = new long[perSeed.size()];
        int n = 0;
        for (long[] v : perSeed) {
            if (i < v.length && v[i] >= 0) {
                at[n++] = v[i];
            }
        }
        return java.util.Arrays.copyOf(at, n);
    }
}

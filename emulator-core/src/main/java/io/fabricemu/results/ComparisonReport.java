package io.fabricemu.results;

import io.fabricemu.report.LineChart;
import io.fabricemu.report.Palette;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.ReportPage;
import io.fabricemu.report.Series;
import io.fabricemu.report.TimeMark;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;

/**
 * The {@code report.html} of a comparison: the runs' figures side by side (the table {@code compare} prints),
 * then plots with one line per run, each run in its own colour: aggregate goodput, the queue at each run's
 * hottest port, the FCT distribution, and the fabric's losses (drops and trims) and other congestion signals
 * (ECN marks, PFC pause frames, back-to-sender notices, RNR NAKs) per interval; with collectives, each run's JCT
 * per iteration of each collective; with faults, each fault marked on the plots over time ({@link FaultMarks}).
 * Runs may have different
 * sampling grids: each line has its own. A run that recorded nothing is named under the plots.
 */
public final class ComparisonReport {
    public static final String FILE = "report.html";
    private static final String TIME = "virtual time";
    /** A page's title names its runs up to this many; more are counted. */
    static final int TITLED_RUNS = 8;

    private ComparisonReport() {
    }

    /** @param selections each column's series, in column order */
    public static String html(Comparison comparison, List<SeriesSelection> selections) {
        return page(comparison, selections, (page, columns) -> {
        });
    }

    /**
     * As {@link #html(Comparison, List)}; for a {@code sweep} (null for none) the page also plots each figure
     * against the swept value, right after the table.
     */
    public static String html(Comparison comparison, List<SeriesSelection> selections, Sweep sweep) {
        return sweep == null ? html(comparison, selections)
                : page(comparison, selections, (page, columns) -> sweepSection(page, sweep, columns));
    }

    /**
     * As {@link #html(Comparison, List)}, for a {@code grid} of two fields: the page also plots each figure against
     * the first field, one line per value of the second, right after the table.
     */
    public static String html(Comparison comparison, List<SeriesSelection> selections, SweepGrid grid) {
        return page(comparison, selections, (page, columns) -> SweepGridCharts.add(page, grid, columns));
    }

    /** The part of the page that plots each figure against the swept value of {@code sweep}. */
    public static BiConsumer<ReportPage, List<Comparison.Column>> sweepSection(Sweep sweep) {
        return (page, columns) -> sweepSection(page, sweep, columns);
    }

    /** The part of the page that plots each figure of {@code grid} against its first field. */
    public static BiConsumer<ReportPage, List<Comparison.Column>> gridSection(SweepGrid grid) {
        return (page, columns) -> SweepGridCharts.add(page, grid, columns);
    }

    /**
     * As {@link #html(Comparison, List)}, with {@code afterTable}'s part of the page (an ensemble's table and bands,
     * say) right after the table of the runs.
     */
    public static String withSection(Comparison comparison, List<SeriesSelection> selections,
                                     BiConsumer<ReportPage, List<Comparison.Column>> afterTable) {
        return page(comparison, selections, afterTable);
    }

    /** The page: the table, then {@code afterTable}'s part, then the plots over time. */
    private static String page(Comparison comparison, List<SeriesSelection> selections,
                               BiConsumer<ReportPage, List<Comparison.Column>> afterTable) {
        List<Comparison.Column> columns = comparison.columns();
        List<String> labels = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        for (Comparison.Column c : columns) {
            labels.add(c.label());
            runs.add(c.run());
        }
        ReportPage page = new ReportPage(labels.size() <= TITLED_RUNS
                ? "fabric-emu comparison: " + String.join(", ", labels)
                : "fabric-emu comparison of " + labels.size() + " runs");
        page.heading("Side by side");
        page.table("", true, comparison.cells());
        LineChart goodput = chart("goodput", "Aggregate goodput", Quantity.RATE, "goodput");
        LineChart queue = chart("queue", "Queue depth at each run's hottest port", Quantity.BYTES, "queued");
        LineChart losses = chart("losses", "Drops and trims", Quantity.COUNT, "packets per ms of virtual time");
        LineChart signals = chart("signals", "ECN marks, PFC pauses, notices and RNR NAKs", Quantity.COUNT,
                "packets per ms of virtual time");
        List<String> unsampled = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            SeriesSelection sel = selections.get(i);
            String label = labels.get(i);
            String colour = Palette.colour(i);
            if (sel.points() == 0) {
                unsampled.add(label);
                continue;
            }
            long interval = sel.intervalPs();
            goodput.add(Series.ofTicks(label, colour, 2, interval, sel.aggregate().goodputPerTickBps(interval)));
            if (!sel.hottestPorts().isEmpty()) {
                PortSeries hot = sel.hottestPorts().get(0);
                queue.add(Series.ofTicks(label + ": " + hot.id(), colour, 2, interval, hot.queueBytes()));
            }
            PortSeries f = sel.fabric();
            String sampled = label + " (every " + Ps.format(interval) + ")";
            losses.add(Series.ofTicks(sampled, colour, 2, interval, perMs(sum(SeriesSelection.perTick(f.drops()),
                    SeriesSelection.perTick(f.trims())), interval)));
            signals.add(Series.ofTicks(sampled, colour, 2, interval, perMs(sum(SeriesSelection.perTick(f.ecnMarks()),
                    SeriesSelection.perTick(f.pauseFrames()), SeriesSelection.perTick(f.btsNotices()),
                    SeriesSelection.perTick(f.rnrNaks())), interval)));
        }
        afterTable.accept(page, columns);
        page.heading("Flow completion times");
        LineChart cdf = RunReport.fctCdf(runs, labels);
        if (cdf.hasData()) {
            page.chart(cdf);
        } else {
            page.paragraph("No run finished a flow.");
        }
        if (runs.stream().anyMatch(r -> !r.collectives().isEmpty())) {
            page.heading("Collectives");
            LineChart jct = CollectiveCharts.jctPerIteration(runs, labels);
            boolean repeated = runs.stream().anyMatch(r -> r.collectives().stream().anyMatch(c -> c.iteration() > 0));
            if (!repeated) {
                page.paragraph("Every collective ran once: its JCT is in the table above.");
            } else if (jct.hasData()) {
                page.chart(jct);
                page.paragraph("A collective of one iteration is a single point, which a line cannot show: its JCT"
                        + " is in the table above.");
            } else {
                page.paragraph("No iteration of any collective finished.");
            }
        }
        page.heading("Over virtual time");
        List<TimeMark> marks = List.of();
        for (RunResult r : runs) {
            if (marks.isEmpty()) {
                marks = FaultMarks.of(r.faults());
            }
        }
        if (!marks.isEmpty()) {
            page.paragraph("Each fault is marked by a dashed line labelled f<index> (red: down, green: up, orange:"
                    + " degraded), shaded while its links stay down; the runs share their faults. The table above"
                    + " has each run's recovery time and touched flows' p99 FCT per fault.");
        }
        for (LineChart c : List.of(goodput, queue, losses, signals)) {
            if (c.hasData()) {
                page.chart(c.marks(marks));
                if (c == goodput) {
                    page.paragraph(RunReport.PACKET_NOTE);
                }
            }
        }
        if (!unsampled.isEmpty()) {
            page.paragraph("Not sampled over virtual time (sampling: {interval: off}): " + String.join(", ", unsampled)
                    + ".");
        }
        return page.html();
    }

    /**
     * Each headline figure against the swept value (one point per run, in run order): FCTs, goodput, the peak
     * queue, and losses and marks. Values that are not all of one kind of quantity have no axis: the table is
     * then the sweep's only view, and the page says so.
     */
    private static void sweepSection(ReportPage page, Sweep sweep, List<Comparison.Column> columns) {
        page.heading("Sweep of " + sweep.field());
        if (!sweep.numeric()) {
            page.paragraph("The values of " + sweep.field() + " (" + String.join(", ", sweep.values()) + ") are not"
                    + " all sizes, times, rates or numbers, so they have no axis to plot on: the table above has"
                    + " each run's figures.");
            return;
        }
        String x = sweep.field();
        LineChart fct = new LineChart("sweep-fct", "Flow completion time against " + x, sweep.quantity(), x,
                Quantity.TIME, "flow completion time").points().fitY();
        fct.add(sweepLine("median", 0, sweep, columns, c -> c.summary().fctMedianPs()));
        fct.add(sweepLine("p99", 1, sweep, columns, c -> c.summary().fctP99Ps()));
        fct.add(sweepLine("max", 2, sweep, columns, c -> c.summary().fctMaxPs()));
        LineChart goodput = new LineChart("sweep-goodput", "Goodput against " + x, sweep.quantity(), x,
                Quantity.RATE, "goodput").points().fitY();
        goodput.add(sweepLine("finished flows", 0, sweep, columns, c -> c.summary().goodputBps()));
        goodput.add(sweepLine("delivered over the run", 1, sweep, columns, c -> c.summary().deliveredGoodputBps()));
        LineChart queue = new LineChart("sweep-queue", "Peak queue against " + x, sweep.quantity(), x,
                Quantity.BYTES, "peak queue at the hottest port").points().fitY();
        queue.add(sweepLine("peak queue", 0, sweep, columns, c -> c.summary().hottestPortBytes()));
        LineChart losses = new LineChart("sweep-losses", "Drops, trims and ECN marks against " + x,
                sweep.quantity(), x, Quantity.COUNT, "packets").points().fitY();
        losses.add(sweepLine("drops", 0, sweep, columns, c -> c.summary().drops()));
        losses.add(sweepLine("trims", 1, sweep, columns, c -> c.summary().trims()));
        losses.add(sweepLine("ECN marks", 2, sweep, columns, c -> c.summary().ecnMarks()));
        for (LineChart c : List.of(fct, goodput, queue, losses)) {
            if (c.hasData()) {
                page.chart(c);
            }
        }
    }

    /** One figure of every run at its swept value; a run without the figure (-1, say no FCT) is a gap. */
    private static Series sweepLine(String name, int colour, Sweep sweep, List<Comparison.Column> columns,
                                    ToLongFunction<Comparison.Column> figure) {
        double[] y = new double[columns.size()];
        for (int i = 0; i < y.length; i++) {
            long v = figure.applyAsLong(columns.get(i));
            y[i] = v < 0 ? Double.NaN : v;
        }
        double[] x = sweep.x().clone();
        int[] order = sweep.byPosition();
        double[] xs = new double[x.length];
        double[] ys = new double[x.length];
        for (int i = 0; i < order.length; i++) {
            xs[i] = x[order[i]];
            ys[i] = y[order[i]];
        }
        return new Series(name, Palette.colour(colour), 2, xs, ys);
    }

    /**
     * Counts per interval of {@code intervalPs} as counts per millisecond of virtual time, rounded down, so runs
     * sampled at different intervals share one axis; a gap stays a gap.
     */
    static long[] perMs(long[] perTick, long intervalPs) {
        long[] out = new long[perTick.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = perTick[i] < 0 ? -1 : perTick[i] * 1_000_000_000L / intervalPs;
        }
        return out;
    }

    private static LineChart chart(String id, String title, Quantity y, String yTitle) {
        return new LineChart(id, title, Quantity.TIME, TIME, y, yTitle);
    }

    private static long[] sum(long[]... parts) {
        long[] out = new long[parts[0].length];
        for (long[] p : parts) {
            for (int i = 0; i < out.length; i++) {
                out[i] += p[i];
            }
        }
        return out;
    }
}

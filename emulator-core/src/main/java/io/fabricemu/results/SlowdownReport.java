package io.fabricemu.results;

import io.fabricemu.report.LineChart;
import io.fabricemu.report.Palette;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.ReportPage;
import io.fabricemu.report.Series;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a run's FCT slowdown ({@link FctSlowdown}) is shown: a row of the summary table, a section of
 * {@code report.html} (median and 99th percentile by size bucket, as a chart and a table) and {@code slowdown.csv}
 * (one line per bucket, then one for all flows).
 */
final class SlowdownReport {
    static final String CSV = "slowdown.csv";

    private SlowdownReport() {
    }

    /** The summary table's row, e.g. {@code {"FCT slowdown", "p50 1.31, p99 6.20 over 212 open-loop flows"}}. */
    static String[] row(FctSlowdown s) {
        return new String[] {"FCT slowdown", String.format(Locale.ROOT, "p50 %.2f, p99 %.2f over %d %s flows%s",
                s.p50(), s.p99(), s.count(), s.flows(), s.unfinished() == 0 ? ""
                        : " (" + s.unfinished() + " unfinished, not counted)")};
    }

    static void section(ReportPage page, FctSlowdown s) {
        page.heading("FCT slowdown");
        if (s.count() == 0) {
            page.paragraph("No " + s.flows() + " flow finished, so there is no slowdown to show.");
            return;
        }
        LineChart chart = new LineChart("slowdown", "FCT slowdown by flow size (" + s.flows() + " flows)",
                Quantity.COUNT, "size bucket, smallest flows first", Quantity.FRACTION, "slowdown").points();
        int n = s.buckets().size();
        double[] x = new double[n];
        double[] p50 = new double[n];
        double[] p99 = new double[n];
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"bucket", "flow sizes", "flows", "p50", "p99"});
        for (int b = 0; b < n; b++) {
            FctSlowdown.Bucket k = s.buckets().get(b);
            x[b] = b + 1;
            p50[b] = k.p50();
            p99[b] = k.p99();
            rows.add(new String[] {String.valueOf(b + 1), Quantity.BYTES.show(k.minBytes()) + " to "
                    + Quantity.BYTES.show(k.maxBytes()), String.valueOf(k.count()), fixed(k.p50()), fixed(k.p99())});
        }
        rows.add(new String[] {"all", "", String.valueOf(s.count()), fixed(s.p50()), fixed(s.p99())});
        chart.add(new Series("p50", Palette.colour(0), 2, x, p50));
        chart.add(new Series("p99", Palette.colour(1), 2, x, p99));
        page.chart(chart);
        page.table("slowdown", true, rows);
        page.paragraph("Slowdown is a flow's completion time over its ideal: " + s.formula() + ". Buckets hold equal"
                + " counts of flows by size; percentiles are nearest-rank."
                + (s.unfinished() == 0 ? "" : " " + s.unfinished() + " flows did not finish and are not counted."));
    }

    static void writeCsv(FctSlowdown s, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("bucket,minBytes,maxBytes,flows,p50,p99\n");
            for (int b = 0; b < s.buckets().size(); b++) {
                FctSlowdown.Bucket k = s.buckets().get(b);
                w.write((b + 1) + "," + k.minBytes() + "," + k.maxBytes() + "," + k.count() + "," + k.p50() + ","
                        + k.p99() + "\n");
            }
            w.write("all,,," + s.count() + "," + s.p50() + "," + s.p99() + "\n");
        }
    }

    private static String fixed(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}

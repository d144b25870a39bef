package io.fabricemu.report;

import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * Draws {@link TimeMark}s onto a plot over time, in a {@code <g class="marks">} apart from the data (no
 * {@code path.data}, so a browser check counts only the data): each band a {@code rect.mark-band}, each line a
 * {@code line.mark} with its label at its top, both carrying {@code data-mark}. A mark whose line falls outside the
 * time axis is left out; a band is cut at the plot's edges. Labels of marks close together may step down in rows
 * so they stay legible.
 */
final class TimeMarks {
    private static final double LABEL_ROW_PX = 10;

    private TimeMarks() {
    }

    /**
     * @param xOfPs     where a virtual time lies, in pixels
     * @param left      the plot area's left edge; likewise {@code right}, {@code top}, {@code bottom}
     * @param labelY    the baseline of the labels' first row
     * @param labelRows how many rows the labels step down in, {@value #LABEL_ROW_PX} px apart
     */
    static void draw(StringBuilder out, List<TimeMark> marks, DoubleUnaryOperator xOfPs, double left, double right,
                     double top, double bottom, double labelY, int labelRows) {
        if (marks.isEmpty()) {
            return;
        }
        out.append("<g class=\"marks\" font-size=\"10\">\n");
        int drawn = 0;
        for (TimeMark m : marks) {
            double x = xOfPs.applyAsDouble(m.fromPs());
            if (x < left - 0.05 || x > right + 0.05) {
                continue;
            }
            String label = Html.escape(m.label());
            String colour = Html.escape(m.colour());
            if (m.band()) {
                double end = m.untilPs() == Long.MAX_VALUE ? right : Math.min(right, xOfPs.applyAsDouble(m.untilPs()));
                out.append("<rect class=\"mark-band\" data-mark=\"").append(label).append("\" x=\"")
                        .append(LineChart.f(x)).append("\" y=\"").append(LineChart.f(top)).append("\" width=\"")
                        .append(LineChart.f(Math.max(0.5, end - x))).append("\" height=\"")
                        .append(LineChart.f(bottom - top)).append("\" fill=\"").append(colour)
                        .append("\" fill-opacity=\"0.12\"/>\n");
            }
            out.append("<line class=\"mark\" data-mark=\"").append(label).append("\" x1=\"").append(LineChart.f(x))
                    .append("\" y1=\"").append(LineChart.f(top)).append("\" x2=\"").append(LineChart.f(x))
                    .append("\" y2=\"").append(LineChart.f(bottom)).append("\" stroke=\"").append(colour)
                    .append("\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\"/>\n");
            out.append("<text x=\"").append(LineChart.f(x + 2)).append("\" y=\"")
                    .append(LineChart.f(labelY + LABEL_ROW_PX * (drawn % labelRows))).append("\" fill=\"").append(colour)
                    .append("\">").append(label).append("<title>").append(Html.escape(m.hover()))
                    .append("</title></text>\n");
            drawn++;
        }
        out.append("</g>\n");
    }
}

package io.fabricemu.report;

import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;

/**
 * A heat map over time: rows grouped in labelled bands, one cell per column of time, coloured by {@link Ramp#heat}
 * as a fraction of the largest value on the map, so every row shares one scale. Columns are ticks of
 * {@code intervalPs}; a map of more ticks than {@value #MAX_COLUMNS} shows the largest value of each run of
 * consecutive ticks, so a short peak is never averaged away. Negative values (not sampled yet) are left blank.
 * Each cell is a {@code path.data} with its value in a {@code <title>}, so a reader hovering over it sees the figure.
 * {@link TimeMark}s (faults) are drawn over the cells.
 */
public final class HeatMap implements Figure {
    static final int MAX_COLUMNS = 320;
    static final int ROW_PX = 12;
    static final int BAND_HEADER_PX = 15;
    static final int BAND_GAP_PX = 6;
    private static final int LEFT = 120;
    private static final int RIGHT = 24;
    private static final int TOP = 34;
    /** With time marks, the plot moves down this far: their labels go above it, clear of the bands' titles. */
    private static final int MARK_LABELS_PX = 12;
    private static final int BOTTOM = 92;

    private final String id;
    private final String title;
    private final Quantity valueQuantity;
    private final long intervalPs;
    private final List<Band> bands = new ArrayList<>();
    private final List<TimeMark> marks = new ArrayList<>();
    /** Null: columns are ticks of virtual time; else the title of an axis of steps. */
    private String columnTitle;
    private String legend = "queued, of the deepest on the map";

    /** A band's label and its rows. */
    private record Band(String label, List<String> names, List<long[]> values) {
    }

    public HeatMap(String id, String title, Quantity valueQuantity, long intervalPs) {
        this.id = id;
        this.title = title;
        this.valueQuantity = valueQuantity;
        this.intervalPs = intervalPs;
    }

    /**
     * A map whose columns are steps {@code 0, 1, 2, ...} rather than ticks of virtual time (a collective's ranks by
     * step), its x axis titled {@code columnTitle}.
     */
    public static HeatMap ofSteps(String id, String title, Quantity valueQuantity, String columnTitle) {
        HeatMap map = new HeatMap(id, title, valueQuantity, 1);
        map.columnTitle = columnTitle;
        return map;
    }

    /** What the colour ramp's legend says the colours are (default: queue depth). */
    public HeatMap legend(String text) {
        this.legend = text;
        return this;
    }

    /** Marks moments of virtual time over the map ({@link TimeMarks}). */
    public HeatMap marks(List<TimeMark> add) {
        marks.addAll(add);
        return this;
    }

    /** Starts a new band labelled {@code label}; rows added after go in it. */
    public HeatMap band(String label) {
        bands.add(new Band(label, new ArrayList<>(), new ArrayList<>()));
        return this;
    }

    /** A row of the current band: {@code perTick[i]} is the value at tick {@code i}. */
    public HeatMap row(String name, long[] perTick) {
        if (bands.isEmpty()) {
            throw new IllegalStateException("a row needs a band first");
        }
        Band b = bands.get(bands.size() - 1);
        b.names.add(name);
        b.values.add(perTick);
        return this;
    }

    /** Whether any row has a value above zero. */
    public boolean hasData() {
        return max() > 0;
    }

    private long max() {
        long max = 0;
        for (Band b : bands) {
            for (long[] v : b.values) {
                for (long x : v) {
                    max = Math.max(max, x);
                }
            }
        }
        return max;
    }

    @Override
    public String svg() {
        int ticks = 0;
        int rows = 0;
        for (Band b : bands) {
            rows += b.names.size();
            for (long[] v : b.values) {
                ticks = Math.max(ticks, v.length);
            }
        }
        int group = Math.max(1, (ticks + MAX_COLUMNS - 1) / MAX_COLUMNS);
        int columns = Math.max(1, (ticks + group - 1) / group);
        long max = max();
        double left = LEFT;
        double right = LineChart.WIDTH - RIGHT;
        double cellPx = (right - left) / columns;
        int plotHeight = rows * ROW_PX + bands.size() * BAND_HEADER_PX + Math.max(0, bands.size() - 1) * BAND_GAP_PX;
        int top = TOP + (marks.isEmpty() ? 0 : MARK_LABELS_PX);
        int height = top + plotHeight + BOTTOM;
        double bottom = top + plotHeight;
        Axis x = columnTitle == null ? Axis.of(Quantity.TIME, 0, (double) ticks * intervalPs, 8)
                : Axis.of(Quantity.COUNT, 0, ticks, 8);

        StringBuilder out = new StringBuilder();
        SvgFrame.open(out, id, height, title);
        out.append("<g class=\"axes\" font-size=\"11\" fill=\"#444444\">\n");
        double y = top;
        for (Band b : bands) {
            out.append("<text x=\"8\" y=\"").append(LineChart.f(y + 11)).append("\" font-weight=\"bold\">")
                    .append(Html.escape(b.label)).append("</text>\n");
            y += BAND_HEADER_PX;
            for (int r = 0; r < b.names.size(); r++) {
                out.append("<text x=\"").append(LineChart.f(left - 6)).append("\" y=\"")
                        .append(LineChart.f(y + r * ROW_PX + ROW_PX - 2)).append("\" text-anchor=\"end\" font-size=\"10\">")
                        .append(Html.escape(b.names.get(r))).append("</text>\n");
            }
            y += b.names.size() * ROW_PX + BAND_GAP_PX;
        }
        for (double t : x.ticks()) {
            double px = x.tickPosition(t, left, right);
            out.append("<line x1=\"").append(LineChart.f(px)).append("\" y1=\"").append(LineChart.f(bottom))
                    .append("\" x2=\"").append(LineChart.f(px)).append("\" y2=\"").append(LineChart.f(bottom + 4))
                    .append("\" stroke=\"#888888\"/>\n");
            out.append("<text x=\"").append(LineChart.f(px)).append("\" y=\"").append(LineChart.f(bottom + 16))
                    .append("\" text-anchor=\"middle\">").append(x.label(t)).append("</text>\n");
        }
        out.append("<text class=\"axis-title\" x=\"").append(LineChart.f((left + right) / 2)).append("\" y=\"")
                .append(LineChart.f(bottom + 34)).append("\" text-anchor=\"middle\">")
                .append(columnTitle == null ? "virtual time" : Html.escape(columnTitle))
                .append(x.unit().isEmpty() ? "" : " (" + Html.escape(x.unit()) + ")").append("</text>\n</g>\n");
        out.append("<g class=\"lines\">\n");
        y = top;
        for (Band b : bands) {
            y += BAND_HEADER_PX;
            for (int r = 0; r < b.names.size(); r++) {
                cells(out, b.names.get(r), b.values.get(r), group, columns, max, left, cellPx, y + r * ROW_PX);
            }
            y += b.names.size() * ROW_PX + BAND_GAP_PX;
        }
        out.append("</g>\n");
        double psPerPx = (double) group * intervalPs / cellPx;
        TimeMarks.draw(out, marks, ps -> left + ps / psPerPx, left, right, top, bottom, top - 3, 1);
        out.append(Ramp.legend(true, left, bottom + 58, 200, legend, valueQuantity.show(max)));
        out.append("</svg>\n");
        return out.toString();
    }

    /** One row: runs of columns of the same colour drawn as one rectangle, blank where nothing was sampled. */
    private void cells(StringBuilder out, String name, long[] values, int group, int columns, long max, double left,
                       double cellPx, double top) {
        int c = 0;
        while (c < columns) {
            long v = columnMax(values, c, group);
            int end = c + 1;
            while (end < columns && columnMax(values, end, group) == v) {
                end++;
            }
            if (v >= 0) {
                double x0 = left + c * cellPx;
                double x1 = left + end * cellPx;
                double y1 = top + ROW_PX - 1;
                out.append("<path class=\"data\" fill=\"").append(Ramp.heat((double) v / max)).append("\" d=\"M")
                        .append(LineChart.f(x0)).append(' ').append(LineChart.f(top)).append('L').append(LineChart.f(x1))
                        .append(' ').append(LineChart.f(top)).append('L').append(LineChart.f(x1)).append(' ')
                        .append(LineChart.f(y1)).append('L').append(LineChart.f(x0)).append(' ').append(LineChart.f(y1))
                        .append("Z\"><title>").append(Html.escape(name)).append(", ")
                        .append(Html.escape(timeRange(c, end, group))).append(": ")
                        .append(Html.escape(valueQuantity.show(v))).append(v > 0 && group > 1 ? " at most" : "")
                        .append("</title></path>\n");
            }
            c = end;
        }
    }

    /** The largest value of column {@code c} (ticks {@code c * group} up to the next column's), -1 if none sampled. */
    private static long columnMax(long[] values, int c, int group) {
        long m = -1;
        for (int i = c * group; i < Math.min(values.length, (c + 1) * group); i++) {
            m = Math.max(m, values[i]);
        }
        return m;
    }

    private String timeRange(int from, int to, int group) {
        if (columnTitle != null) {
            return to - from == 1 && group == 1 ? columnTitle + " " + from
                    : columnTitle + "s " + from * group + " to " + (to * group - 1);
        }
        return Ps.format((long) from * group * intervalPs) + " to "
                + Ps.format((long) to * group * intervalPs);
    }
}

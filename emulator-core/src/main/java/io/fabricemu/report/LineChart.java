package io.fabricemu.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart as inline SVG: one {@code <path class="data">} per series over a grid of nice ticks
 * ({@link Axis}), axis titles with units, and a legend under the plot. Every coordinate is printed with one
 * decimal in {@link Locale#ROOT}, so the same data gives the same bytes. The {@code <svg>} carries
 * {@code class="plot"} and {@code data-plot="<id>"}, by which the page's check script and tests find it; a
 * chart with no point to draw says "no data" and has no data path. A chart over time may carry
 * {@link TimeMark}s (faults), drawn under the lines.
 */
public final class LineChart implements Figure {
    static final int WIDTH = 820;
    static final int PLOT_HEIGHT = 260;
    static final int LEFT = 84;
    static final int RIGHT = 24;
    static final int TOP = 34;
    static final int BOTTOM = 46;
    static final int LEGEND_COLUMN = 200;
    static final int LEGEND_ROW = 18;
    /** Legend text starts this far right of its column's left edge (after the colour swatch). */
    static final int LEGEND_TEXT_OFFSET = 30;
    /** About the width of a character of the 11 px legend font, with room to spare. */
    static final int LEGEND_CHAR_PX = 7;

    private final String id;
    private final String title;
    private final Quantity xQuantity;
    private final String xTitle;
    private final Quantity yQuantity;
    private final String yTitle;
    private final List<Series> series = new ArrayList<>();
    private final List<TimeMark> marks = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private final List<Band> errorBars = new ArrayList<>();
    private boolean points;
    private boolean fitY;

    /**
     * @param id     the chart's name in {@code data-plot}, e.g. "queue"
     * @param title  shown above the plot
     * @param xTitle the x axis' title; its unit is added, e.g. "virtual time" becomes "virtual time (us)"
     * @param yTitle the y axis' title, likewise
     */
    public LineChart(String id, String title, Quantity xQuantity, String xTitle, Quantity yQuantity, String yTitle) {
        this.id = id;
        this.title = title;
        this.xQuantity = xQuantity;
        this.xTitle = xTitle;
        this.yQuantity = yQuantity;
        this.yTitle = yTitle;
    }

    public LineChart add(Series s) {
        series.add(s);
        return this;
    }

    /** Shades {@code band} under the lines (a confidence interval about a mean, say); its points widen the axes. */
    public LineChart band(Band band) {
        bands.add(band);
        return this;
    }

    /** Draws {@code bars} as an error bar at each point (a vertical line from low to high, capped); NaN: none. */
    public LineChart errorBars(Band bars) {
        errorBars.add(bars);
        return this;
    }

    /** Draws a dot at every point, as a plot of a few runs (one per swept value) wants. */
    public LineChart points() {
        this.points = true;
        return this;
    }

    /**
     * Lets the y axis start above 0 when 0 would hide the differences: when every value is positive and they all
     * lie within the top fifth of the largest, the axis spans just the values (with a margin of a tenth of their
     * range). Otherwise it starts at 0 as usual.
     */
    public LineChart fitY() {
        this.fitY = true;
        return this;
    }

    /** Marks moments of virtual time on the plot (its x axis must be time): see {@link TimeMarks}. */
    public LineChart marks(List<TimeMark> add) {
        if (!add.isEmpty() && xQuantity != Quantity.TIME) {
            throw new IllegalStateException("chart " + id + " is not over time: it takes no time marks");
        }
        marks.addAll(add);
        return this;
    }

    public String id() {
        return id;
    }

    /** Whether any series has a point to draw. */
    public boolean hasData() {
        return series.stream().anyMatch(Series::hasData);
    }

    /** The chart as an {@code <svg>} element. */
    @Override
    public String svg() {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = 0;
        double yMax = Double.NEGATIVE_INFINITY;
        double yLeast = Double.POSITIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                if (!Double.isNaN(s.y()[i])) {
                    xMin = Math.min(xMin, s.x()[i]);
                    xMax = Math.max(xMax, s.x()[i]);
                    yMin = Math.min(yMin, s.y()[i]);
                    yMax = Math.max(yMax, s.y()[i]);
                    yLeast = Math.min(yLeast, s.y()[i]);
                }
            }
        }
        for (Band b : concat(bands, errorBars)) {
            for (int i = 0; i < b.x().length; i++) {
                if (!Double.isNaN(b.low()[i]) && !Double.isNaN(b.high()[i])) {
                    xMin = Math.min(xMin, b.x()[i]);
                    xMax = Math.max(xMax, b.x()[i]);
                    yMin = Math.min(yMin, b.low()[i]);
                    yMax = Math.max(yMax, b.high()[i]);
                    yLeast = Math.min(yLeast, b.low()[i]);
                }
            }
        }
        if (fitY && yLeast > 0 && yMax - yLeast < yMax / 5) {
            yMin = Math.max(0, yLeast - (yMax - yLeast) / 10);
        }
        boolean empty = xMax < xMin;
        if (empty) {
            xMin = 0;
            xMax = 0;
            yMax = 0;
        }
        Axis x = Axis.of(xQuantity, Math.min(0, xMin), xMax, 8);
        Axis y = Axis.of(yQuantity, yMin, yMax, 5);
        int columnPx = legendColumnPx(series);
        int columns = Math.max(1, (WIDTH - LEFT) / columnPx);
        int legendRows = (series.size() + columns - 1) / columns;
        int height = TOP + PLOT_HEIGHT + BOTTOM + legendRows * LEGEND_ROW + 6;
        double left = LEFT;
        double right = WIDTH - RIGHT;
        double top = TOP;
        double bottom = TOP + PLOT_HEIGHT;

        StringBuilder out = new StringBuilder();
        SvgFrame.open(out, id, height, title);
        out.append("<g class=\"grid\" stroke=\"#e3e3e3\" stroke-width=\"1\">\n");
        for (double t : x.ticks()) {
            double px = x.tickPosition(t, left, right);
            out.append("<line x1=\"").append(f(px)).append("\" y1=\"").append(f(top)).append("\" x2=\"").append(f(px))
                    .append("\" y2=\"").append(f(bottom)).append("\"/>\n");
        }
        for (double t : y.ticks()) {
            double py = y.tickPosition(t, bottom, top);
            out.append("<line x1=\"").append(f(left)).append("\" y1=\"").append(f(py)).append("\" x2=\"")
                    .append(f(right)).append("\" y2=\"").append(f(py)).append("\"/>\n");
        }
        out.append("</g>\n<g class=\"axes\" font-size=\"11\" fill=\"#444444\">\n");
        out.append("<path d=\"M").append(f(left)).append(' ').append(f(top)).append('V').append(f(bottom)).append('H')
                .append(f(right)).append("\" stroke=\"#888888\" fill=\"none\"/>\n");
        for (double t : x.ticks()) {
            out.append("<text x=\"").append(f(x.tickPosition(t, left, right))).append("\" y=\"").append(f(bottom + 16))
                    .append("\" text-anchor=\"middle\">").append(x.label(t)).append("</text>\n");
        }
        for (double t : y.ticks()) {
            out.append("<text x=\"").append(f(left - 6)).append("\" y=\"").append(f(y.tickPosition(t, bottom, top) + 4))
                    .append("\" text-anchor=\"end\">").append(y.label(t)).append("</text>\n");
        }
        out.append("<text class=\"axis-title\" x=\"").append(f((left + right) / 2)).append("\" y=\"").append(f(bottom + 36))
                .append("\" text-anchor=\"middle\">").append(Html.escape(titled(xTitle, x))).append("</text>\n");
        out.append("<text class=\"axis-title\" transform=\"translate(16 ").append(f((top + bottom) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(Html.escape(titled(yTitle, y)))
                .append("</text>\n</g>\n");
        if (empty) {
            out.append("<text x=\"").append(f((left + right) / 2)).append("\" y=\"").append(f((top + bottom) / 2))
                    .append("\" text-anchor=\"middle\" fill=\"#888888\">no data</text>\n");
        }
        if (!empty) {
            TimeMarks.draw(out, marks, ps -> x.position(ps, left, right), left, right, top, bottom, top + 9, 3);
        }
        for (Band b : bands) {
            drawBand(out, b, x, y, left, right, top, bottom);
        }
        for (Band b : errorBars) {
            drawErrorBars(out, b, x, y, left, right, top, bottom);
        }
        out.append("<g class=\"lines\" fill=\"none\" stroke-linejoin=\"round\">\n");
        for (Series s : series) {
            String d = path(s, x, y, left, right, top, bottom);
            if (!d.isEmpty()) {
                out.append("<path class=\"data\" data-series=\"").append(Html.escape(s.name())).append("\" stroke=\"")
                        .append(Html.escape(s.colour())).append("\" stroke-width=\"").append(f(s.widthPx()))
                        .append("\" d=\"").append(d).append("\"/>\n");
            }
            if (points) {
                dots(out, s, x, y, left, right, top, bottom);
            }
        }
        out.append("</g>\n<g class=\"legend\" font-size=\"11\" fill=\"#222222\">\n");
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            double lx = LEFT + (i % columns) * columnPx;
            double ly = bottom + BOTTOM + (i / columns) * LEGEND_ROW + 8;
            out.append("<line x1=\"").append(f(lx)).append("\" y1=\"").append(f(ly)).append("\" x2=\"").append(f(lx + 18))
                    .append("\" y2=\"").append(f(ly)).append("\" stroke=\"").append(Html.escape(s.colour()))
                    .append("\" stroke-width=\"3\"/>\n");
            out.append("<text x=\"").append(f(lx + 24)).append("\" y=\"").append(f(ly + 4)).append("\">")
                    .append(Html.escape(shorten(s.name()))).append("</text>\n");
        }
        out.append("</g>\n</svg>\n");
        return out.toString();
    }

    private static List<Band> concat(List<Band> a, List<Band> b) {
        List<Band> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** Each point of {@code b} as a vertical line from its low to its high with a short cap at both ends. */
    private static void drawErrorBars(StringBuilder out, Band b, Axis x, Axis y, double left, double right,
                                      double top, double bottom) {
        for (int i = 0; i < b.x().length; i++) {
            if (Double.isNaN(b.low()[i]) || Double.isNaN(b.high()[i])) {
                continue;
            }
            double px = x.position(b.x()[i], left, right);
            double lo = y.position(b.low()[i], bottom, top);
            double hi = y.position(b.high()[i], bottom, top);
            out.append("<path class=\"error-bar\" data-band=\"").append(Html.escape(b.name())).append("\" stroke=\"")
                    .append(Html.escape(b.colour())).append("\" stroke-width=\"1.5\" fill=\"none\" d=\"M")
                    .append(f(px)).append(' ').append(f(lo)).append('V').append(f(hi)).append('M').append(f(px - 4))
                    .append(' ').append(f(hi)).append('H').append(f(px + 4)).append('M').append(f(px - 4)).append(' ')
                    .append(f(lo)).append('H').append(f(px + 4)).append("\"/>\n");
        }
    }

    /** {@code b} as one translucent polygon per stretch of points without a gap. */
    private static void drawBand(StringBuilder out, Band b, Axis x, Axis y, double left, double right, double top,
                                 double bottom) {
        int i = 0;
        int n = b.x().length;
        while (i < n) {
            while (i < n && (Double.isNaN(b.low()[i]) || Double.isNaN(b.high()[i]))) {
                i++;
            }
            int start = i;
            while (i < n && !Double.isNaN(b.low()[i]) && !Double.isNaN(b.high()[i])) {
                i++;
            }
            if (i - start < 2) {
                continue;
            }
            StringBuilder d = new StringBuilder();
            for (int k = start; k < i; k++) {
                d.append(k == start ? 'M' : 'L').append(f(x.position(b.x()[k], left, right))).append(' ')
                        .append(f(y.position(b.high()[k], bottom, top)));
            }
            for (int k = i - 1; k >= start; k--) {
                d.append('L').append(f(x.position(b.x()[k], left, right))).append(' ')
                        .append(f(y.position(b.low()[k], bottom, top)));
            }
            out.append("<path class=\"band\" data-band=\"").append(Html.escape(b.name())).append("\" fill=\"")
                    .append(Html.escape(b.colour())).append("\" fill-opacity=\"0.2\" stroke=\"none\" d=\"")
                    .append(d).append("Z\"/>\n");
        }
    }

    /** A dot at each point of {@code s}, in its colour. */
    private static void dots(StringBuilder out, Series s, Axis x, Axis y, double left, double right, double top,
                             double bottom) {
        for (int i = 0; i < s.x().length; i++) {
            double v = s.y()[i];
            if (!Double.isNaN(v)) {
                out.append("<circle class=\"point\" data-series=\"").append(Html.escape(s.name())).append("\" cx=\"")
                        .append(f(x.position(s.x()[i], left, right))).append("\" cy=\"")
                        .append(f(y.position(v, bottom, top))).append("\" r=\"3.5\" fill=\"")
                        .append(Html.escape(s.colour())).append("\" stroke=\"none\"/>\n");
            }
        }
    }

    /** The path's {@code d}: M to each point after a gap, L to the others; "" if the series has no point. */
    private static String path(Series s, Axis x, Axis y, double left, double right, double top, double bottom) {
        StringBuilder d = new StringBuilder();
        boolean pen = false;
        for (int i = 0; i < s.x().length; i++) {
            double v = s.y()[i];
            if (Double.isNaN(v)) {
                pen = false;
                continue;
            }
            d.append(pen ? 'L' : 'M').append(f(x.position(s.x()[i], left, right))).append(' ')
                    .append(f(y.position(v, bottom, top)));
            pen = true;
        }
        return d.toString();
    }

    private static String titled(String title, Axis axis) {
        return axis.unit().isEmpty() ? title : title + " (" + axis.unit() + ")";
    }

    /**
     * The width of a legend column: {@link #LEGEND_COLUMN}, or wider so that the longest name fits (a compare
     * label and a port id run to 40 characters and more), up to one column across the plot.
     */
    static int legendColumnPx(List<Series> series) {
        int longest = 0;
        for (Series s : series) {
            longest = Math.max(longest, s.name().length());
        }
        return Math.min(WIDTH - LEFT, Math.max(LEGEND_COLUMN, LEGEND_TEXT_OFFSET + longest * LEGEND_CHAR_PX));
    }

    /** A legend entry that fits one column across the plot; only a longer one is cut. */
    static String shorten(String name) {
        int fits = (WIDTH - LEFT - LEGEND_TEXT_OFFSET) / LEGEND_CHAR_PX;
        return name.length() <= fits ? name : name.substring(0, fits - 1) + "\u2026";
    }

    /** A coordinate with one decimal. */
    static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}

package io.fabricemu.report;

import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;

/**
 * Lanes over virtual time (a Gantt chart): one row per lane, such as a rank, and in it a bar for each thing the
 * lane did from its start to its end, coloured by its category (compute, each collective; the {@link Palette}'s
 * colours in the order the categories first appear), with a legend of the categories under the plot. The time axis is {@link Axis}'s, as on every chart of the report; each bar is a
 * {@code path.data} with what it was and when in a {@code <title>}, so a reader hovering over it sees them. Bars of
 * one lane may overlap (work side by side): a later one is drawn over an earlier one.
 */
public final class Lanes implements Figure {
    static final int ROW_PX = 14;
    private static final int LEFT = 120;
    private static final int TOP = 34;
    private static final int AXIS_PX = 46;
    private static final int LEGEND_ROW = 18;

    private final String id;
    private final String title;
    private final List<String> categories = new ArrayList<>();
    private final List<String> colours = new ArrayList<>();
    private final List<String> lanes = new ArrayList<>();
    private final List<List<Bar>> bars = new ArrayList<>();

    /** One bar: {@code what} it was, for its title. */
    private record Bar(long startPs, long endPs, int category, String what) {
    }

    public Lanes(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** The index of the category {@code name}, added in the next colour of the {@link Palette} if it is new. */
    public int category(String name) {
        int i = categories.indexOf(name);
        if (i >= 0) {
            return i;
        }
        categories.add(name);
        colours.add(Palette.colour(categories.size() - 1));
        return categories.size() - 1;
    }

    /** Starts the lane {@code name}; bars added after go in it. */
    public Lanes lane(String name) {
        lanes.add(name);
        bars.add(new ArrayList<>());
        return this;
    }

    /** A bar of the current lane from {@code startPs} to {@code endPs} in category {@code category}. */
    public Lanes bar(long startPs, long endPs, int category, String what) {
        if (lanes.isEmpty()) {
            throw new IllegalStateException("a bar needs a lane first");
        }
        if (category < 0 || category >= categories.size() || startPs < 0 || endPs < startPs) {
            throw new IllegalArgumentException("a bar needs a category and 0 <= start <= end, had " + category + ", "
                    + startPs + ", " + endPs);
        }
        bars.get(bars.size() - 1).add(new Bar(startPs, endPs, category, what));
        return this;
    }

    /** Whether any bar ends after 0. */
    public boolean hasData() {
        return endPs() > 0;
    }

    private long endPs() {
        long end = 0;
        for (List<Bar> lane : bars) {
            for (Bar b : lane) {
                end = Math.max(end, b.endPs);
            }
        }
        return end;
    }

    @Override
    public String svg() {
        double left = LEFT;
        double right = LineChart.WIDTH - LineChart.RIGHT;
        int legendColumnPx = legendColumnPx();
        int columns = Math.max(1, (int) ((right - left) / legendColumnPx));
        int legendRows = (categories.size() + columns - 1) / columns;
        double top = TOP;
        double bottom = top + lanes.size() * ROW_PX;
        int height = (int) bottom + AXIS_PX + legendRows * LEGEND_ROW + 6;
        Axis x = Axis.of(Quantity.TIME, 0, endPs(), 8);

        StringBuilder out = new StringBuilder();
        SvgFrame.open(out, id, height, title);
        out.append("<g class=\"grid\" stroke=\"#e3e3e3\" stroke-width=\"1\">\n");
        for (double t : x.ticks()) {
            double px = x.tickPosition(t, left, right);
            out.append("<line x1=\"").append(LineChart.f(px)).append("\" y1=\"").append(LineChart.f(top))
                    .append("\" x2=\"").append(LineChart.f(px)).append("\" y2=\"").append(LineChart.f(bottom))
                    .append("\"/>\n");
        }
        out.append("</g>\n<g class=\"axes\" font-size=\"11\" fill=\"#444444\">\n");
        for (int r = 0; r < lanes.size(); r++) {
            out.append("<text x=\"").append(LineChart.f(left - 6)).append("\" y=\"")
                    .append(LineChart.f(top + r * ROW_PX + ROW_PX - 3))
                    .append("\" text-anchor=\"end\" font-size=\"10\">")
                    .append(Html.escape(lanes.get(r))).append("</text>\n");
        }
        for (double t : x.ticks()) {
            out.append("<text x=\"").append(LineChart.f(x.tickPosition(t, left, right))).append("\" y=\"")
                    .append(LineChart.f(bottom + 16)).append("\" text-anchor=\"middle\">").append(x.label(t))
                    .append("</text>\n");
        }
        out.append("<text class=\"axis-title\" x=\"").append(LineChart.f((left + right) / 2)).append("\" y=\"")
                .append(LineChart.f(bottom + 34)).append("\" text-anchor=\"middle\">virtual time")
                .append(x.unit().isEmpty() ? "" : " (" + Html.escape(x.unit()) + ")").append("</text>\n</g>\n");
        out.append("<g class=\"lines\">\n");
        for (int r = 0; r < lanes.size(); r++) {
            double y0 = top + r * ROW_PX + 1;
            double y1 = top + (r + 1) * ROW_PX - 1;
            for (Bar b : bars.get(r)) {
                double x0 = x.position(b.startPs, left, right);
                double x1 = Math.max(x.position(b.endPs, left, right), x0 + 0.5);
                out.append("<path class=\"data\" fill=\"").append(Html.escape(colours.get(b.category)))
                        .append("\" d=\"M").append(LineChart.f(x0)).append(' ').append(LineChart.f(y0)).append('L')
                        .append(LineChart.f(x1)).append(' ').append(LineChart.f(y0)).append('L')
                        .append(LineChart.f(x1)).append(' ').append(LineChart.f(y1)).append('L')
                        .append(LineChart.f(x0)).append(' ').append(LineChart.f(y1)).append("Z\"><title>").append(Html.escape(lanes.get(r))).append(", ")
                        .append(Html.escape(b.what)).append(": ").append(Ps.format(b.startPs)).append(" to ")
                        .append(Ps.format(b.endPs)).append("</title></path>\n");
            }
        }
        out.append("</g>\n<g class=\"legend\" font-size=\"11\" fill=\"#222222\">\n");
        for (int i = 0; i < categories.size(); i++) {
            double lx = left + (i % columns) * legendColumnPx;
            double ly = bottom + AXIS_PX + (i / columns) * LEGEND_ROW + 4;
            out.append("<rect x=\"").append(LineChart.f(lx)).append("\" y=\"").append(LineChart.f(ly - 5))
                    .append("\" width=\"18\" height=\"10\" fill=\"").append(Html.escape(colours.get(i)))
                    .append("\"/>\n<text x=\"").append(LineChart.f(lx + 24)).append("\" y=\"")
                    .append(LineChart.f(ly + 4)).append("\">").append(Html.escape(LineChart.shorten(categories.get(i))))
                    .append("</text>\n");
        }
        out.append("</g>\n</svg>\n");
        return out.toString();
    }

    /** A legend column wide enough for the longest category's name, as {@link LineChart}'s legend. */
    private int legendColumnPx() {
        int longest = 0;
        for (String c : categories) {
            longest = Math.max(longest, c.length());
        }
        return Math.min(LineChart.WIDTH - LEFT, Math.max(LineChart.LEGEND_COLUMN / 2,
                LineChart.LEGEND_TEXT_OFFSET + longest * LineChart.LEGEND_CHAR_PX));
    }
}

package io.fabricemu.report;

import java.util.Locale;

/**
 * Sequential colour ramps for values from 0 to 1: {@link #heat} for how full a queue is (pale yellow through orange
 * and red to dark red, after ColorBrewer's YlOrRd, Brewer 2002), {@link #load} for how busy a link is (pale to dark
 * blue, after ColorBrewer's Blues). Zero has a grey of its own on both, so "nothing" never reads as "a little".
 */
public final class Ramp {
    /** The colour of zero: a light grey. */
    public static final String ZERO = "#e4e4e4";
    private static final int[][] HEAT = {{0xff, 0xed, 0xa0}, {0xfe, 0xb2, 0x4c}, {0xf0, 0x3b, 0x20}, {0x80, 0x00, 0x26}};
    private static final int[][] LOAD = {{0xc6, 0xdb, 0xef}, {0x6b, 0xae, 0xd6}, {0x21, 0x71, 0xb5}, {0x08, 0x30, 0x6b}};

    private Ramp() {
    }

    /** A queue's colour: {@code fraction} of the deepest queue shown, clamped to 0..1. */
    public static String heat(double fraction) {
        return at(HEAT, fraction);
    }

    /** A link's colour: {@code fraction} of its line rate, clamped to 0..1. */
    public static String load(double fraction) {
        return at(LOAD, fraction);
    }

    /** The CSS stops of a ramp's gradient, for a legend bar: {@code heat} or {@code load}. */
    static int[][] stops(boolean heat) {
        return heat ? HEAT : LOAD;
    }

    private static String at(int[][] stops, double fraction) {
        if (!(fraction > 0)) {
            return ZERO;
        }
        double f = Math.min(1, fraction) * (stops.length - 1);
        int i = Math.min(stops.length - 2, (int) f);
        double t = f - i;
        int[] a = stops[i];
        int[] b = stops[i + 1];
        return String.format(Locale.ROOT, "#%02x%02x%02x", mix(a[0], b[0], t), mix(a[1], b[1], t), mix(a[2], b[2], t));
    }

    private static int mix(int a, int b, double t) {
        return (int) Math.round(a + (b - a) * t);
    }

    /** An SVG legend bar {@code widthPx} wide at (x, y): the ramp, 0 and {@code maxLabel} beneath, {@code title} above. */
    static String legend(boolean heat, double x, double y, double widthPx, String title, String maxLabel) {
        int[][] stops = stops(heat);
        StringBuilder out = new StringBuilder();
        String id = heat ? "ramp-heat" : "ramp-load";
        out.append("<defs><linearGradient id=\"").append(id).append("\">");
        for (int i = 0; i < stops.length; i++) {
            out.append("<stop offset=\"").append(LineChart.f(100.0 * i / (stops.length - 1))).append("%\" stop-color=\"")
                    .append(String.format(Locale.ROOT, "#%02x%02x%02x", stops[i][0], stops[i][1], stops[i][2]))
                    .append("\"/>");
        }
        out.append("</linearGradient></defs>\n");
        out.append("<text x=\"").append(LineChart.f(x)).append("\" y=\"").append(LineChart.f(y - 5))
                .append("\" font-size=\"11\">").append(Html.escape(title)).append("</text>\n");
        out.append("<rect x=\"").append(LineChart.f(x)).append("\" y=\"").append(LineChart.f(y)).append("\" width=\"")
                .append(LineChart.f(widthPx)).append("\" height=\"10\" fill=\"url(#").append(id).append(")\"/>\n");
        out.append("<text x=\"").append(LineChart.f(x)).append("\" y=\"").append(LineChart.f(y + 22))
                .append("\" font-size=\"11\">0</text>\n");
        out.append("<text x=\"").append(LineChart.f(x + widthPx)).append("\" y=\"").append(LineChart.f(y + 22))
                .append("\" font-size=\"11\" text-anchor=\"end\">").append(Html.escape(maxLabel)).append("</text>\n");
        return out.toString();
    }
}

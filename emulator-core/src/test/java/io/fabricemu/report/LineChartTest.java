package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LineChartTest {
    private static final Pattern PATH = Pattern.compile("<path class=\"data\"[^>]* d=\"([^\"]*)\"");

    private static LineChart chart() {
        return new LineChart("queue", "Queue <depth>", Quantity.TIME, "virtual time", Quantity.BYTES, "queued");
    }

    @Test
    void svg_onePathPerSeriesWithAPointPerTick() {
        String svg = chart().add(Series.ofTicks("p&1", "#4e79a7", 1.5, 1_000_000, new long[] {0, 10, 20, 5}))
                .add(Series.ofTicks("p2", "#f28e2b", 1.5, 1_000_000, new long[] {1, 2, 3, 4})).svg();
        Matcher m = PATH.matcher(svg);
        assertTrue(m.find());
        assertEquals(4, m.group(1).split("[ML]", -1).length - 1);
        assertTrue(m.group(1).startsWith("M84.0 294.0L"), m.group(1));
        assertTrue(m.find());
        assertFalse(m.find());
        assertTrue(svg.contains("data-plot=\"queue\""));
        assertTrue(svg.contains("data-series=\"p&amp;1\""));
        assertTrue(svg.contains("Queue &lt;depth&gt;"));
        assertTrue(svg.contains("virtual time (us)"));
        assertTrue(svg.contains("queued (B)"));
    }

    @Test
    void svg_negativeValuesAreGaps() {
        String svg = chart().add(Series.ofTicks("w", "#000000", 1, 1000, new long[] {-1, 5, 6, -1, 7, 8})).svg();
        Matcher m = PATH.matcher(svg);
        assertTrue(m.find());
        String d = m.group(1);
        assertEquals(2, d.chars().filter(c -> c == 'M').count(), d);
        assertEquals(2, d.chars().filter(c -> c == 'L').count(), d);
    }

    @Test
    void svg_noDataSaysSoAndDrawsNoPath() {
        LineChart empty = chart().add(Series.ofTicks("w", "#000000", 1, 1000, new long[] {-1, -1}));
        assertFalse(empty.hasData());
        String svg = empty.svg();
        assertFalse(PATH.matcher(svg).find());
        assertTrue(svg.contains(">no data<"));
    }

    @Test
    void svg_sameDataSameBytes() {
        long[] v = {3, 1, 4, 1, 5, 9, 2, 6};
        assertEquals(chart().add(Series.ofTicks("a", "#111111", 1, 7, v)).svg(),
                chart().add(Series.ofTicks("a", "#111111", 1, 7, v.clone())).svg());
    }

    @Test
    void cdf_risesByOneOverNAtEachSample() {
        Series s = Cdf.of("fct", "#000000", 1, new long[] {30, 10, 20, 40});
        assertEquals(8, s.x().length);
        assertEquals(10, s.x()[0], 0);
        assertEquals(0, s.y()[0], 0);
        assertEquals(0.25, s.y()[1], 0);
        assertEquals(40, s.x()[7], 0);
        assertEquals(1, s.y()[7], 0);
    }

    @Test
    void page_isSelfContained() {
        String html = new ReportPage("run <x>").chart(chart().add(Series.ofTicks("a", "#111111", 1, 7,
                new long[] {1, 2}))).html();
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("<title>run &lt;x&gt;</title>"));
        assertFalse(html.contains("src="), "nothing loaded from elsewhere");
        assertFalse(html.contains("href="), "nothing linked");
        assertFalse(html.contains("http://") && !html.contains("xmlns=\"http://www.w3.org/2000/svg\""));
    }

    @Test
    void legend_aLongNameIsShownWholeInAWiderColumn() {
        String name = "compare-incast-32to1-nscc: leaf0:p0 (every 4 us)";
        String svg = chart().add(Series.ofTicks(name, "#000000", 1, 1000, new long[] {1, 2}))
                .add(Series.ofTicks("b", "#111111", 1, 1000, new long[] {1, 2})).svg();
        assertTrue(svg.contains(">" + name + "<"), "the whole name");
        // 48 characters need 30 + 48 x 7 = 366 px: two such columns fit the 736 px beside the axis, so the
        // second entry starts a second column 366 px to the right.
        assertEquals(366, LineChart.legendColumnPx(java.util.List.of(Series.ofTicks(name, "#0", 1, 1, new long[0]))));
        assertTrue(svg.contains("<text x=\"" + LineChart.f(84 + 366 + 24) + "\""), svg);
    }

    @Test
    void legend_shortNamesKeepTheNarrowColumnAndOnlyAnOverlongNameIsCut() {
        assertEquals(LineChart.LEGEND_COLUMN, LineChart.legendColumnPx(
                java.util.List.of(Series.ofTicks("flow 3", "#0", 1, 1, new long[0]))));
        String overlong = "x".repeat(200);
        assertEquals(100, LineChart.shorten(overlong).length(), "(820 - 84 - 30) / 7 = 100 characters");
        assertEquals("x".repeat(99) + "\u2026", LineChart.shorten(overlong));
    }

    @Test
    void fitY_startsTheAxisAboveZeroOnlyWhenZeroWouldFlattenTheValues() {
        double[] x = {1, 2, 3};
        String close = new LineChart("c", "close", Quantity.COUNT, "x", Quantity.COUNT, "y").fitY()
                .add(new Series("s", "#000", 2, x, new double[] {300, 310, 320})).svg();
        assertFalse(close.contains("text-anchor=\"end\">0</text>"), "300 to 320: no y tick at 0\n" + close);
        String far = new LineChart("f", "far", Quantity.COUNT, "x", Quantity.COUNT, "y").fitY()
                .add(new Series("s", "#000", 2, x, new double[] {100, 200, 320})).svg();
        assertTrue(far.contains("text-anchor=\"end\">0</text>"), "100 to 320: the y axis starts at 0");
    }

    @Test
    void pointsAndBand_drawADotPerPointAndOnePolygonPerStretch() {
        double[] x = {0, 1, 2, 3, 4};
        double nan = Double.NaN;
        String svg = new LineChart("b", "band", Quantity.COUNT, "x", Quantity.COUNT, "y").points()
                .band(new Band("spread", "#123456", x, new double[] {1, 2, nan, 2, 1}, new double[] {3, 4, nan, 4, 3}))
                .add(new Series("mean", "#123456", 2, x, new double[] {2, 3, nan, 3, 2})).svg();
        assertEquals(4, svg.split("<circle class=\"point\"", -1).length - 1, "a dot per point, none at the gap");
        assertEquals(2, svg.split("<path class=\"band\" data-band=\"spread\"", -1).length - 1,
                "the gap splits the band in two");
    }
}

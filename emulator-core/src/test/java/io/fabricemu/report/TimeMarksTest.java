package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Marks of moments in virtual time (faults) on plots over time, and dashed links in the fabric's picture. */
class TimeMarksTest {
    private static final long US = 1_000_000;
    private static final Pattern LINE = Pattern.compile("<line class=\"mark\" data-mark=\"([^\"]+)\" x1=\"([^\"]+)\"");
    private static final Pattern BAND =
            Pattern.compile("<rect class=\"mark-band\" data-mark=\"([^\"]+)\" x=\"([^\"]+)\" y=\"[^\"]+\" width=\"([^\"]+)\"");

    /** Ticks every 10 us from 0 to 100 us: the x axis runs 0..100 us over pixels LEFT..WIDTH-RIGHT. */
    private static LineChart chart() {
        long[] values = new long[11];
        java.util.Arrays.fill(values, 5);
        return new LineChart("goodput", "g", Quantity.TIME, "virtual time", Quantity.COUNT, "n")
                .add(Series.ofTicks("a", "#000000", 1, 10 * US, values));
    }

    private static int height(String svg) {
        Matcher m = Pattern.compile("height=\"(\\d+)\"").matcher(svg);
        assertTrue(m.find());
        return Integer.parseInt(m.group(1));
    }

    private static double px(long ps) {
        return LineChart.LEFT + (double) ps / (100 * US) * (LineChart.WIDTH - LineChart.RIGHT - LineChart.LEFT);
    }

    @Test
    void aLineAtItsTime_aBandToItsEnd_andAMarkPastTheAxisIsLeftOut() {
        String svg = chart().marks(List.of(TimeMark.at("f0", "#d62728", 25 * US, "fault 0: down"),
                new TimeMark("f1", "#d62728", 50 * US, 75 * US, "fault 1: flap"),
                new TimeMark("f2", "#d62728", 90 * US, Long.MAX_VALUE, "fault 2: down for good"),
                TimeMark.at("f3", "#ff7f0e", 400 * US, "fault 3: after the run"))).svg();
        Matcher lines = LINE.matcher(svg);
        for (String[] expected : new String[][] {{"f0", LineChart.f(px(25 * US))}, {"f1", LineChart.f(px(50 * US))},
            {"f2", LineChart.f(px(90 * US))}}) {
            assertTrue(lines.find(), expected[0]);
            assertEquals(expected[0], lines.group(1));
            assertEquals(expected[1], lines.group(2));
        }
        assertFalse(lines.find(), "f3 is past the axis");
        Matcher bands = BAND.matcher(svg);
        assertTrue(bands.find());
        assertEquals("f1", bands.group(1));
        assertEquals(LineChart.f(px(75 * US) - px(50 * US)), bands.group(3));
        assertTrue(bands.find());
        assertEquals("f2", bands.group(1));
        assertEquals(LineChart.f(px(100 * US) - px(90 * US)), bands.group(3), "to the plot's right edge");
        assertFalse(bands.find(), "a line alone has no band");
        assertTrue(svg.contains("<title>fault 0: down</title>"));
        assertTrue(svg.indexOf("class=\"marks\"") < svg.indexOf("class=\"lines\""), "marks under the data");
        assertFalse(svg.substring(svg.indexOf("class=\"marks\""), svg.indexOf("class=\"lines\"")).contains("data\""),
                "no mark is a data path");
    }

    @Test
    void aChartNotOverTime_refusesMarks_andAChartWithoutMarksIsAsBefore() {
        LineChart cdf = new LineChart("cdf", "c", Quantity.BYTES, "x", Quantity.FRACTION, "y");
        assertThrows(IllegalStateException.class,
                () -> cdf.marks(List.of(TimeMark.at("f0", "#000000", 0, "f"))));
        assertEquals(chart().svg(), chart().marks(List.of()).svg());
        assertThrows(IllegalArgumentException.class, () -> new TimeMark("f0", "#000000", 10, 5, "f"));
    }

    @Test
    void aHeatMap_placesMarksOnItsColumnsOfTime() {
        HeatMap map = new HeatMap("heat", "h", Quantity.BYTES, 10 * US).band("tier 1")
                .row("p0", new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
        String svg = map.marks(List.of(TimeMark.at("f0", "#d62728", 50 * US, "fault 0"))).svg();
        Matcher lines = LINE.matcher(svg);
        assertTrue(lines.find());
        // ten ticks of 10 us fill the plot: 50 us is half way from the map's left (120) to its right (796)
        assertEquals(LineChart.f(120 + (796 - 120) / 2.0), lines.group(2));
        HeatMap plain = new HeatMap("heat", "h", Quantity.BYTES, 10 * US).band("tier 1")
                .row("p0", new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
        assertEquals(height(plain.svg()) + 12, height(svg), "the labels get a strip of their own above the map");
        assertFalse(plain.svg().contains("class=\"marks\""));
    }

    @Test
    void aFaultedLink_isDashedInItsColour_withALegend() {
        TierPicture p = new TierPicture("fabric", "f");
        int a = p.node(1, "leaf0", "#ffffff", "leaf0");
        int b = p.node(2, "spine0", "#ffffff", "spine0");
        int c = p.node(2, "spine1", "#ffffff", "spine1");
        p.link(a, b, 0.5, "down", 0, "leaf0:p0", 0, "spine0:p0", LinkMark.DOWN);
        p.link(a, c, 0.5, "healthy", 0, "leaf0:p1", 0, "spine1:p0");
        String svg = p.svg();
        assertTrue(svg.contains("data-link-mark=\"down\" stroke=\"" + LinkMark.DOWN.colour()
                + "\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\""), svg);
        assertTrue(svg.contains(">link down (fault)</text>"));
        assertFalse(svg.contains("link degraded"), "no degraded link, no legend for one");
        TierPicture healthy = new TierPicture("fabric", "f");
        healthy.link(healthy.node(1, "a", "#ffffff", "a"), healthy.node(2, "b", "#ffffff", "b"), 0.5, "h", 0, "a:p0",
                0, "b:p0");
        assertFalse(healthy.svg().contains("(fault)"));
    }
}

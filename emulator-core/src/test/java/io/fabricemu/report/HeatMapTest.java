package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HeatMapTest {
    private static final Pattern CELL = Pattern.compile("<path class=\"data\" fill=\"(#[0-9a-f]{6})\" d=\"M([0-9.]+) "
            + "[0-9.]+L([0-9.]+) [^\"]*\"><title>([^<]*)</title>");

    private static List<String[]> cells(String svg) {
        List<String[]> out = new ArrayList<>();
        Matcher m = CELL.matcher(svg);
        while (m.find()) {
            out.add(new String[] {m.group(1), m.group(2), m.group(3), m.group(4)});
        }
        return out;
    }

    @Test
    void equalNeighboursMergeIntoOneCell_theDeepestValueIsTheRampsTop() {
        String svg = new HeatMap("q", "Queues", Quantity.BYTES, 1_000_000).band("tier 1")
                .row("leaf0:p0", new long[] {0, 0, 500, 1000, 1000}).svg();
        List<String[]> cells = cells(svg);
        assertEquals(3, cells.size(), svg);
        assertEquals(Ramp.ZERO, cells.get(0)[0]);
        assertEquals("leaf0:p0, 0 ps to 2.000 us: 0 B", cells.get(0)[3]);
        assertEquals(Ramp.heat(0.5), cells.get(1)[0]);
        assertEquals(Ramp.heat(1), cells.get(2)[0]);
        assertEquals("leaf0:p0, 3.000 us to 5.000 us: 1 KB", cells.get(2)[3]);
        assertTrue(svg.contains("data-plot=\"q\""));
        assertTrue(svg.contains(">tier 1</text>"));
    }

    @Test
    void moreTicksThanColumns_eachColumnShowsTheLargestOfItsTicks() {
        long[] values = new long[HeatMap.MAX_COLUMNS * 2];
        values[1] = 700;
        values[2] = 300;
        List<String[]> cells = cells(new HeatMap("q", "Queues", Quantity.BYTES, 1000).band("b").row("p", values)
                .svg());
        assertEquals(Ramp.heat(1), cells.get(0)[0], "a one-tick peak survives the merge of two ticks a column");
        assertEquals("p, 0 ps to 2.000 ns: 700 B at most", cells.get(0)[3]);
        assertEquals(Ramp.heat(300.0 / 700), cells.get(1)[0]);
        assertEquals(3, cells.size());
    }

    @Test
    void unsampledTicksAreBlank_andAMapOfZerosHasNoData() {
        HeatMap map = new HeatMap("q", "Queues", Quantity.BYTES, 1000).band("b").row("p", new long[] {-1, -1, 0});
        assertFalse(map.hasData());
        assertEquals(1, cells(map.svg()).size());
        assertTrue(new HeatMap("q", "Q", Quantity.BYTES, 1000).band("b").row("p", new long[] {0, 4}).hasData());
    }
}

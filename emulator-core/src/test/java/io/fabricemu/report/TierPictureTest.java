package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TierPictureTest {
    private static final Pattern PATH = Pattern.compile("<path class=\"data\"[^>]* d=\"([^\"]*)\"");

    private static List<String> paths(String svg) {
        List<String> out = new ArrayList<>();
        Matcher m = PATH.matcher(svg);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void aLinkAcrossTiersIsStraight_oneWithinARowArcsAboveIt() {
        TierPicture p = new TierPicture("fabric", "f");
        int h = p.node(0, "h0", "#ffffff", "h0");
        int a = p.node(1, "ring0", "#ffffff", "ring0");
        int b = p.node(1, "ring1", "#ffffff", "ring1");
        p.link(h, a, 0.5, "h0 - ring0", 0, "h0:nic", 0, "ring0:p0");
        p.link(a, b, 1, "ring0 - ring1", 1, "ring0:p1", 0, "ring1:p1");
        List<String> d = paths(p.svg());
        assertEquals(2, d.get(0).split("[ML]", -1).length - 1, "a straight link: two points");
        String[] arc = d.get(1).substring(1).split("L");
        assertEquals(13, arc.length, "an arc of twelve segments");
        double y0 = Double.parseDouble(arc[0].split(" ")[1]);
        double yMid = Double.parseDouble(arc[6].split(" ")[1]);
        double y12 = Double.parseDouble(arc[12].split(" ")[1]);
        assertEquals(y0, y12, "it starts and ends at the same height, the top of the row's boxes");
        assertTrue(yMid < y0 - 10, "it rises above the row: " + y0 + " then " + yMid);
    }
}

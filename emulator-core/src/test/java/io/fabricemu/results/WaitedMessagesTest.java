package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.report.ReportPage;
import io.fabricemu.stats.MessageWaits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The MSNs of messages, and report.html's table of the longest waits: at most 20 rows, and how many in all. */
class WaitedMessagesTest {

    private static FlowResult flow(int id, int src, int dst, long waitedPs) {
        MessageWaits w = waitedPs < 0 ? MessageWaits.NONE : new MessageWaits(1, 1, 4_086, waitedPs);
        return new FlowResult(id, src, dst, 1_000, 0, 10, 10, 0, 1_000, false, 0, "", w);
    }

    private static RunResult run(List<FlowResult> flows) {
        return new RunResult("s", 1, "fabric", "d", 500_000_000, 10, 2, 2, 250_000, 4, 1, false, 1, 0, flows,
                List.of(), "", TimeSeries.NONE, List.of(), FabricMap.NONE, FaultOutcome.NONE);
    }

    /** Flows 1>0, 2>0, 1>0, 1>3, 1>0: MSNs 0, 0, 1, 0, 2, each counted per source and target. */
    @Test
    void msns_countTheFlowsFromOneSourceToOneTargetInOrder() {
        List<FlowResult> all = List.of(flow(0, 1, 0, -1), flow(1, 2, 0, -1), flow(2, 1, 0, -1), flow(3, 1, 3, -1),
                flow(4, 1, 0, -1));
        assertArrayEquals(new int[] {0, 0, 1, 0, 2}, WaitedMessages.msns(all));
    }

    /**
     * 25 messages from host 1 to 0, message k waiting (k x 7 mod 25) us: the table shows the 20 longest, from
     * 24 us (k = 7, MSN 7) down to 5 us, and says there were 25.
     */
    @Test
    void section_showsTheTwentyLongestWaitsAndHowManyInAll() {
        List<FlowResult> all = new ArrayList<>();
        for (int k = 0; k < 25; k++) {
            all.add(flow(k, 1, 0, (k * 7L % 25) * 1_000_000));
        }
        NotReadyTotals totals = NotReadyTotals.of(run(all));
        assertEquals(25, totals.flows().size());
        ReportPage page = new ReportPage("t");
        WaitedMessages.section(page, totals);
        String html = page.html();
        assertTrue(html.contains("The 20 longest waits of the 25 messages that met a receiver not ready"), html);
        int longest = html.indexOf("<td>24.000 us</td>");
        int fifth = html.indexOf("<td>5.000 us</td>");
        assertTrue(longest > 0 && fifth > longest, "longest first: " + html);
        assertFalse(html.contains("<td>4.000 us</td>"), "the 21st longest is left out");
        assertTrue(html.contains("<td>7</td><td>1</td><td>0</td><td>7</td>"), "flow 7 is MSN 7: " + html);
    }

    /** No message waited: no table. */
    @Test
    void section_nothingWhenNoneWaited() {
        ReportPage page = new ReportPage("t");
        String before = page.html();
        WaitedMessages.section(page, NotReadyTotals.of(run(List.of(flow(0, 1, 0, -1)))));
        assertEquals(before, page.html());
    }
}

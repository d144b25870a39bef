package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** How the reports turn sampled series into lines: ending at a flow's finish, counts as rates per ms. */
class ReportSeriesTest {
    @Test
    void aFinishedFlowsLineEndsAtTheTickOfItsFinish() {
        // Ticks every 4 us; the flow finished at 9 us: the ticks at 0, 4, 8 and 12 us stay (12 us is the first
        // at or after the finish), the later ones become gaps.
        long[] window = {10, 20, 30, 40, 40, 40};
        assertArrayEquals(new long[] {10, 20, 30, 40, -1, -1}, RunReport.untilPs(window, 4_000_000, 9_000_000));
        assertArrayEquals(window, RunReport.untilPs(window, 4_000_000, -1), "unfinished: the whole line");
    }

    @Test
    void countsPerIntervalBecomeCountsPerMillisecond() {
        // 3 drops in a 4 us interval are 750 per ms; in an 8 us interval, 6 drops are the same 750 per ms.
        assertArrayEquals(new long[] {750, 0, -1}, ComparisonReport.perMs(new long[] {3, 0, -1}, 4_000_000));
        assertArrayEquals(new long[] {750}, ComparisonReport.perMs(new long[] {6}, 8_000_000));
    }
}

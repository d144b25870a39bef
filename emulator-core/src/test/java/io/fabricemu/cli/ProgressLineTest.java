package io.fabricemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The terminal's progress line: the fraction done, the time left and how they are drawn, from given wall times. */
class ProgressLineTest {
    private static final long US = 1_000_000L;
    private static final long S = 1_000_000_000L;

    @Test
    void done_isTheLargerOfVirtualTimeAndFlows() {
        assertEquals(new ProgressLine.Done(250, "of stop time"), ProgressLine.done(25 * US, 100 * US, 1, 16, 0, 0));
        assertEquals(new ProgressLine.Done(500, "of flows"), ProgressLine.done(25 * US, 100 * US, 8, 16, 0, 0));
        assertEquals(new ProgressLine.Done(1000, "of stop time"), ProgressLine.done(120 * US, 100 * US, 0, 16, 0, 0),
                "virtual time past the stop counts as the stop");
        assertEquals(new ProgressLine.Done(0, "of stop time"), ProgressLine.done(0, 100 * US, 0, 0, 0, 0),
                "no flows and no time: nothing done");
        assertEquals(999, ProgressLine.done(3_599_999_999_999_999L, 3_600_000_000_000_000L, 0, 1, 0, 0).permille(),
                "the longest stop time does not overflow and never rounds up to done");
    }

    @Test
    void done_isTheBytesDeliveredWhenTheyAreFurther() {
        // an incast at a third of its bytes, no flow finished, 5% of a generous stop time
        assertEquals(new ProgressLine.Done(333, "of bytes"), ProgressLine.done(5 * US, 100 * US, 0, 32, 1_000,
                3_000));
        assertEquals(new ProgressLine.Done(500, "of flows"), ProgressLine.done(5 * US, 100 * US, 16, 32, 1_000,
                3_000), "the flows, when they are further");
        assertEquals(new ProgressLine.Done(50, "of stop time"), ProgressLine.done(5 * US, 100 * US, 0, 32, 0, 0),
                "no bytes known (sampling off): time and flows only");
        assertEquals(1000, ProgressLine.done(0, 100 * US, 0, 1, 5_000, 3_000).permille(), "at most all of them");
        assertEquals(500, ProgressLine.done(0, 100 * US, 0, 1, Long.MAX_VALUE / 2, Long.MAX_VALUE).permille(),
                "the largest workloads do not overflow");
        assertEquals("  [#####-----------]  33% of bytes | 10s elapsed, ~20s left | flows 0/32",
                ProgressLine.render(5 * US, 100 * US, 0, 32, 1_000, 3_000, 10 * S));
    }

    @Test
    void remaining_isTheElapsedTimeScaledByWhatIsLeft() {
        assertEquals(-1, ProgressLine.remainingNanos(5 * S, 0), "no pace yet");
        assertEquals(-1, ProgressLine.remainingNanos(5 * S, 9), "no estimate below 1%");
        assertEquals(15 * S, ProgressLine.remainingNanos(5 * S, 250));
        assertEquals(0, ProgressLine.remainingNanos(5 * S, 1000));
        assertEquals(693, ProgressLine.remainingNanos(7, 10), "whole nanoseconds, exact");
        assertEquals(2 * S, ProgressLine.remainingNanos(3 * S, 600));
        assertEquals(9_000_000_000_000_000L / 900 * 100, ProgressLine.remainingNanos(9_000_000_000_000_000L, 900),
                "no overflow on the longest runs");
    }

    @Test
    void render_drawsTheBarTheFractionTheElapsedAndTheTimeLeft() {
        assertEquals("  [####------------]  25% of stop time | 5s elapsed, ~15s left | flows 1/16",
                ProgressLine.render(25 * US, 100 * US, 1, 16, 0, 0, 5 * S));
        assertEquals("  [########--------]  50% of flows | 1m05s elapsed, ~1m05s left | flows 8/16",
                ProgressLine.render(25 * US, 100 * US, 8, 16, 0, 0, 65 * S));
        assertEquals("  [----------------]   0% of stop time | 2s elapsed, no estimate yet",
                ProgressLine.render(0, 100 * US, 0, 16, 0, 0, 2 * S));
        assertEquals("  [################] 100% of flows | 2h01m elapsed, ~0s left | flows 16/16",
                ProgressLine.render(25 * US, 100 * US, 16, 16, 0, 0, 7260 * S));
    }

    @Test
    void render_fitsEightyColumns_leavingOutTheFlowCountWhenItWouldNot() {
        String widest = ProgressLine.render(1, 3_600_000_000_000_000L, 999_999, 1_000_000, 0, 0, 359_999 * S);
        assertEquals("  [###############-]  99% of flows | 99h59m elapsed, ~6m00s left", widest);
        String longest = ProgressLine.render(1, 3_600_000_000_000_000L, 1, 1_000_000, 0, 0, 359_999 * S);
        assertTrue(longest.length() + 3 <= 80, longest.length() + ": " + longest);
    }
}

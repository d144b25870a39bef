package io.fabricemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProgressPaceTest {
    private static final long S = 1_000_000_000L;

    /**
     * A 26-second incast whose first five seconds go slowly (1% of its bytes), then the rest evenly; its flows all
     * finish in its last two seconds, well before a stop time it reaches only 4% of. The average pace since the
     * start read more than three times the real time left at 7 s; the recent pace stays within a factor of two of
     * it from 7 s on and never moves by more than a factor of two from one second to the next.
     */
    @Test
    void anIncastWithASlowStart_getsAnEstimateThatFollowsTheRealTimeLeft() {
        ProgressPace pace = new ProgressPace();
        long previous = -1;
        for (int second = 1; second <= 25; second++) {
            int byBytes = second <= 5 ? second * 2 : 10 + (second - 5) * 990 / 21;
            int byFlows = second < 24 ? 0 : (second - 23) * 333;
            int byTime = second * 40 / 26;
            ProgressPace.Estimate e = pace.add(second * S, byTime, byFlows, byBytes);
            long real = (26 - second) * S;
            if (second >= 7) {
                assertEquals("of bytes", e.done().basis(), "at " + second + " s");
                assertTrue(e.leftNanos() <= 2 * real && e.leftNanos() >= real / 2,
                        "at " + second + " s: " + e.leftNanos() / 1e9 + " s left, really " + real / S);
                assertTrue(e.leftNanos() <= 2 * previous && 2 * e.leftNanos() >= previous,
                        "from " + previous / 1e9 + " s to " + e.leftNanos() / 1e9 + " s at " + second + " s");
            }
            previous = e.leftNanos();
        }
        long average = ProgressLine.remainingNanos(7 * S, 10 + 2 * 990 / 21);
        assertTrue(average > 3 * 19 * S, "the average pace since the start: " + average / 1e9 + " s");
    }

    @Test
    void noEstimate_beforeOnePercent_orWhileNothingMoves() {
        ProgressPace pace = new ProgressPace();
        assertEquals(-1, pace.add(S, 5, 0, 9).leftNanos(), "below 1%");
        assertEquals(-1, pace.add(3 * S, 5, 0, 9).leftNanos(), "still below 1%");
        ProgressPace still = new ProgressPace();
        still.add(S, 0, 0, 100);
        assertEquals(-1, still.add(4 * S, 0, 0, 100).leftNanos(), "nothing moved in the window");
        assertEquals("of bytes", still.add(5 * S, 0, 0, 100).done().basis());
    }

    @Test
    void aFinishedMeasure_endsTheRun() {
        ProgressPace pace = new ProgressPace();
        pace.add(S, 100, 0, 0);
        ProgressPace.Estimate e = pace.add(2 * S, 400, 1000, 900);
        assertEquals(0, e.leftNanos());
        assertEquals(new ProgressLine.Done(1000, "of flows"), e.done());
    }

    @Test
    void thePipedLine_carriesThePercentageAndTheTimeLeft() {
        ProgressPace.Estimate e = new ProgressPace.Estimate(new ProgressLine.Done(457, "of bytes"), 75 * S);
        assertEquals("   45% of bytes, ~1m15s left | virtual 1.2 ms | 1,234,567 events | 98,765 events/s"
                        + " | flows 3/1,024",
                ProgressPrinter.pipedLine(e, "1.2 ms", 1_234_567, 98_765.4, 3, 1024));
    }
}

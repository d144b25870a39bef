package io.fabricemu.rnrnak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.roce.RnrTimer;
import io.fabricemu.time.Ps;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PauseStaggerTest {
    private static final long RATE = 100_000_000_000L;
    /** 1,250,000 B take 100 us at 100 Gb/s. */
    private static final long DRAIN_100US_BYTES = 1_250_000;

    @Test
    void nextPausePs_exact_isDrainPlusRankTimesRtt() {
        PauseStagger s = new PauseStagger(0, 100, RnrTimer.Encoding.EXACT_PS, RATE);
        assertEquals(0, s.nextRank());
        assertEquals(100 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US));
        assertEquals(108 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US));
        assertEquals(2, s.nextRank());
        assertEquals(100 * Ps.PER_US + 2 * 12 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 12 * Ps.PER_US),
                "each QP's own RTT");
    }

    @Test
    void nextPausePs_baseAndHalfAnRttStep() {
        PauseStagger s = new PauseStagger(5 * Ps.PER_US, 50, RnrTimer.Encoding.EXACT_PS, RATE);
        assertEquals(105 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US));
        assertEquals(109 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US));
    }

    @Test
    void nextPausePs_drainShrinkingFasterThanTheStep_stillDistinct() {
        PauseStagger s = new PauseStagger(0, 100, RnrTimer.Encoding.EXACT_PS, RATE);
        long first = s.nextPausePs(DRAIN_100US_BYTES, Ps.PER_US);
        long second = s.nextPausePs(DRAIN_100US_BYTES / 2, Ps.PER_US);
        assertTrue(second > first, first + " then " + second);
    }

    @Test
    void nextPausePs_roundTripsOfHoursAndAHundredfoldStagger_capsThePauseInsteadOfOverflowing() {
        // A 10-hour round trip (links an hour long) staggered by 100 round trips: 3.6 x 10^18 ps a rank, past
        // the cap from rank 1 and past a long by rank 3. The pauses stop at the cap and stay distinct.
        PauseStagger s = new PauseStagger(0, 10_000, RnrTimer.Encoding.EXACT_PS, RATE);
        long rttPs = 36_000 * Ps.PER_S;
        long previous = -1;
        for (int rank = 0; rank < 5; rank++) {
            long pause = s.nextPausePs(DRAIN_100US_BYTES, rttPs);
            assertTrue(pause > previous && pause <= PauseStagger.MAX_PAUSE_PS + rank, rank + ": " + pause);
            previous = pause;
        }
        assertEquals(PauseStagger.MAX_PAUSE_PS + 3, previous, "ranks 1 to 4: the cap, then 1 ps more each");
    }

    @Test
    void nextPausePs_noStagger_givesEveryQpTheSamePause() {
        PauseStagger s = new PauseStagger(0, 0, RnrTimer.Encoding.EXACT_PS, RATE);
        assertEquals(100 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US));
        assertEquals(100 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US));
    }

    @Test
    void nextPausePs_ibtaCode_roundsUpAndStepsThroughTheTableToStayDistinct() {
        PauseStagger s = new PauseStagger(0, 100, RnrTimer.Encoding.IBTA_CODE, RATE);
        // 0, 1 and 2 us all round up to code 1 (10 us); distinct forces codes 1, 2, 3.
        assertEquals(10 * Ps.PER_US, s.nextPausePs(0, Ps.PER_US));
        assertEquals(20 * Ps.PER_US, s.nextPausePs(0, Ps.PER_US));
        assertEquals(30 * Ps.PER_US, s.nextPausePs(0, Ps.PER_US));
        assertEquals(40 * Ps.PER_US, s.nextPausePs(0, Ps.PER_US));
        assertEquals(60 * Ps.PER_US, s.nextPausePs(0, Ps.PER_US));
    }

    @Test
    void nextPausePs_ibtaCode_thirtyTwoDistinctThenTheTableRunsOut() {
        PauseStagger s = new PauseStagger(0, 100, RnrTimer.Encoding.IBTA_CODE, RATE);
        Set<Long> seen = new HashSet<>();
        long last = 0;
        for (int rank = 0; rank < RnrTimer.CODES; rank++) {
            last = s.nextPausePs(0, Ps.PER_US);
            assertTrue(seen.add(last), "rank " + rank + " repeats " + last);
        }
        assertEquals(RnrTimer.ps(0), last, "the 32nd QP gets the longest code, 655.36 ms");
        assertEquals(RnrTimer.ps(0), s.nextPausePs(0, Ps.PER_US), "the 33rd shares it");
    }

    @Test
    void newEpisode_restartsTheRanks() {
        PauseStagger s = new PauseStagger(0, 100, RnrTimer.Encoding.EXACT_PS, RATE);
        s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US);
        s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US);
        s.newEpisode();
        assertEquals(0, s.nextRank());
        assertEquals(100 * Ps.PER_US, s.nextPausePs(DRAIN_100US_BYTES, 8 * Ps.PER_US));
    }
}

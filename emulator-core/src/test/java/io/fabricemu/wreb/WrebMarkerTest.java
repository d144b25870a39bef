package io.fabricemu.wreb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The duplicate rule of US 12,388,756 (paragraph (14), claims 9 and 18), and when the marker draws. */
class WrebMarkerTest {
    private static final WrebProfile HALF = new StepProfile(0, 500_000, 500_001);
    private static final WrebProfile ALWAYS = new LinearProfile(0, 1, 0);

    @Test
    void dropAlwaysNotifies_evenWhenTheDrawWouldNotOrThePacketIsCe() {
        WrebMarker m = new WrebMarker(new LinearProfile(1_000, 2_000, 0), 0);
        assertEquals(WrebMarker.Verdict.DROP, m.decide(true, false, 0, new SplittableRandom(1)));
        assertEquals(WrebMarker.Verdict.DROP, m.decide(true, true, 0, new SplittableRandom(1)));
    }

    @Test
    void cePacketNeverTriggersAnEarlyNotice_evenAtCertainty() {
        WrebMarker m = new WrebMarker(ALWAYS, 0);
        assertEquals(WrebMarker.Verdict.EARLY, m.decide(false, false, 10, new SplittableRandom(1)));
        assertEquals(WrebMarker.Verdict.NONE, m.decide(false, true, 10, new SplittableRandom(1)));
    }

    @Test
    void polarity_earlyAndLaterDropNoticeCarryDifferentBitsEitherWay() {
        WrebMarker normal = new WrebMarker(ALWAYS, 0);
        assertEquals(0, normal.noticeEcnBit(false), "early notice: the packet was not CE");
        assertEquals(1, normal.noticeEcnBit(true), "drop after the early notice set CE");
        WrebMarker reverse = new WrebMarker(ALWAYS, 1);
        assertEquals(1, reverse.noticeEcnBit(false));
        assertEquals(0, reverse.noticeEcnBit(true));
    }

    @Test
    void draws_onlyStrictlyBetweenZeroAndOne() {
        SplittableRandom used = new SplittableRandom(5);
        SplittableRandom reference = new SplittableRandom(5);
        WrebMarker zero = new WrebMarker(new LinearProfile(100, 200, 100_000), 0);
        zero.decide(false, false, 50, used);
        new WrebMarker(ALWAYS, 0).decide(false, false, 50, used);
        new WrebMarker(HALF, 0).decide(false, true, 50, used);
        assertEquals(reference.nextLong(), used.nextLong(), "no draw at p = 0, p = 1 or on a CE packet");
    }

    @Test
    void draw_matchesTheGeneratorsNextInt() {
        WrebMarker m = new WrebMarker(HALF, 0);
        SplittableRandom a = new SplittableRandom(9);
        SplittableRandom b = new SplittableRandom(9);
        for (int k = 0; k < 100; k++) {
            boolean expected = b.nextInt(1_000_000) < 500_000;
            assertEquals(expected ? WrebMarker.Verdict.EARLY : WrebMarker.Verdict.NONE, m.decide(false, false, 0, a));
        }
    }
}

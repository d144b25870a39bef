package io.fabricemu.pfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.RecordingContext;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.TxDone;
import io.fabricemu.stats.PauseEpisode;
import io.fabricemu.stats.PfcCounters;
import org.junit.jupiter.api.Test;

/** Honouring received pauses: per class, until expiry or resume, refreshed by later frames; one wake-up. */
class PfcPausesTest {
    private static final long G100 = 100_000_000_000L;
    /** 10 quanta at 100 Gb/s: 5,120 bits = 51,200 ps. */
    private static final long TEN_QUANTA_PS = 51_200;

    @Test
    void received_pausesOnlyTheNamedClassUntilExpiry() {
        PfcPauses p = new PfcPauses(3, G100);
        p.received(PfcFrame.of(0, 10), 1_000);
        assertTrue(p.paused(0, 1_000));
        assertTrue(p.paused(0, 1_000 + TEN_QUANTA_PS - 1));
        assertFalse(p.paused(0, 1_000 + TEN_QUANTA_PS), "free again at exactly the expiry");
        assertFalse(p.paused(1, 1_000));
        assertEquals(0b001, p.pausedMask(2_000));
        assertEquals(TEN_QUANTA_PS, p.pausedPs());
    }

    @Test
    void received_resumeEndsThePauseAtItsArrival() {
        PfcPauses p = new PfcPauses(3, G100);
        p.received(PfcFrame.of(0, 10), 1_000);
        p.received(PfcFrame.of(0, 0), 20_000);
        assertFalse(p.paused(0, 20_000));
        assertEquals(19_000, p.pausedPs());
    }

    @Test
    void received_refreshExtendsTheSamePause() {
        PfcPauses p = new PfcPauses(3, G100);
        p.received(PfcFrame.of(0, 10), 1_000);
        p.received(PfcFrame.of(0, 10), 30_000);
        assertEquals(30_000 + TEN_QUANTA_PS, p.pausedUntilPs(0));
        assertEquals(1_000, p.pausedSincePs(0), "paused continuously since the first frame");
        assertEquals(30_000 + TEN_QUANTA_PS - 1_000, p.pausedPs());
        p.received(PfcFrame.of(0, 10), 200_000);
        assertEquals(200_000, p.pausedSincePs(0), "a pause after an expiry starts anew");
    }

    @Test
    void counters_listEachPause_refreshesMerged_resumesAndExpiriesEndingThem() {
        PfcPauses p = new PfcPauses(3, G100);
        p.received(PfcFrame.of(0, 10), 1_000);
        p.received(PfcFrame.of(0, 10), 30_000);          // refreshed: the same pause
        p.received(PfcFrame.of(1, 10), 40_000);
        p.received(PfcFrame.of(1, 0), 50_000);           // resumed
        p.received(PfcFrame.of(0, 10), 200_000);         // class 0 expired at 81,200 before this one began
        p.releaseAll(210_000);                           // the link went down
        p.received(PfcFrame.of(2, 10), 300_000);         // still running at the end: listed to its expiry
        PfcCounters c = p.counters(5, 1, 0);
        assertEquals(java.util.List.of(new PauseEpisode(1, 40_000, 50_000),
                new PauseEpisode(0, 1_000, 30_000 + TEN_QUANTA_PS), new PauseEpisode(0, 200_000, 210_000),
                new PauseEpisode(2, 300_000, 300_000 + TEN_QUANTA_PS)), c.episodes());
        long listed = 0;
        for (PauseEpisode e : c.episodes()) {
            listed += e.toPs() - e.fromPs();
        }
        assertEquals(c.pausedPs(), listed, "the pauses listed add up to the time paused");
        assertEquals(5, c.pausesSent());
    }

    @Test
    void armWake_schedulesOneWakeAtTheEarliestExpiry() {
        PfcPauses p = new PfcPauses(3, G100);
        RecordingContext ctx = new RecordingContext();
        ctx.nowPs = 1_000;
        p.received(new PfcFrame(0b011, 10), 1_000);
        p.armWake(0, ctx);
        p.armWake(1, ctx);
        assertEquals(1, ctx.scheduled.size(), "the second class expires at the same time: no second wake");
        assertEquals(1_000 + TEN_QUANTA_PS, ctx.scheduled.get(0).timePs());
        assertTrue(p.onWake(PfcPauses.Wake.INSTANCE, 1_000 + TEN_QUANTA_PS));
        assertFalse(p.onWake(TxDone.INSTANCE, 1_000 + TEN_QUANTA_PS));
        p.received(PfcFrame.of(0, 10), 100_000);
        ctx.nowPs = 100_000;
        p.armWake(0, ctx);
        assertEquals(2, ctx.scheduled.size(), "after the wake fired a new one can be armed");
    }
}

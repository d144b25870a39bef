package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.RecordingContext;
import io.fabricemu.stats.PdcWaits;
import org.junit.jupiter.api.Test;

/** A source's PDC held by a target's full table (US 12,388,756 FIG. 2D): RNR, retry timer, release by ACK_CC. */
class PdcHoldsTest {
    private static final long US = 1_000_000;

    @Test
    void anRnr_holdsThePdcUntilItsTimer_andCountsTheWait() {
        PdcHolds h = new PdcHolds(1, 20 * US);
        RecordingContext ctx = new RecordingContext();
        ctx.nowPs = 3 * US;
        h.onNotReady(0, 0, ctx);
        assertFalse(h.mayGo(0));
        assertEquals(1, ctx.scheduled.size());
        PdcHolds.Retry retry = (PdcHolds.Retry) ctx.scheduled.get(0).signal();
        assertEquals(23 * US, retry.atPs());
        ctx.nowPs = 4 * US;
        h.onNotReady(0, 1, ctx);
        assertEquals(1, ctx.scheduled.size(), "already held: no second timer");
        assertEquals(0, h.onRetry(retry, 23 * US));
        assertTrue(h.mayGo(0));
        assertEquals(new PdcWaits(2, 1, 20 * US, 0), h.waits(0));
    }

    @Test
    void anRnrForACopyOfAnEarlierAttempt_doesNotHoldTheNewOne() {
        PdcHolds h = new PdcHolds(1, 20 * US);
        RecordingContext ctx = new RecordingContext();
        ctx.nowPs = 3 * US;
        h.onNotReady(0, 0, ctx);
        h.onRetry((PdcHolds.Retry) ctx.scheduled.get(0).signal(), 23 * US);
        ctx.nowPs = 24 * US;
        h.onNotReady(0, 2 * US, ctx); // sent before the retry, its RNR late
        assertTrue(h.mayGo(0));
        h.onNotReady(0, 23 * US, ctx);
        assertFalse(h.mayGo(0), "a copy of the retry is refused: held again");
    }

    @Test
    void anAckCc_releasesTheHold_andTheTimerThenIsStale() {
        PdcHolds h = new PdcHolds(1, 20 * US);
        RecordingContext ctx = new RecordingContext();
        ctx.nowPs = 3 * US;
        h.onNotReady(0, 0, ctx);
        assertTrue(h.onEstablished(0, 5 * US));
        assertTrue(h.mayGo(0));
        assertFalse(h.onEstablished(0, 6 * US), "not held");
        assertEquals(-1, h.onRetry((PdcHolds.Retry) ctx.scheduled.get(0).signal(), 23 * US));
        assertEquals(new PdcWaits(1, 0, 2 * US, 0), h.waits(0));
    }
}

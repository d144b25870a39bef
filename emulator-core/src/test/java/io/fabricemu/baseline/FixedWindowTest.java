package io.fabricemu.baseline;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.Decision;
import org.junit.jupiter.api.Test;

class FixedWindowTest {
    @Test
    void canSend_comparesTheTransportsBytesInFlightWithTheWindow() {
        long[] inflight = {0};
        FixedWindow w = new FixedWindow(3_000, () -> inflight[0]);
        assertTrue(w.canSend(3_000));
        inflight[0] = 2_000;
        assertTrue(w.canSend(1_000), "2,000 + 1,000 fills the window exactly");
        assertFalse(w.canSend(1_001));
        assertTrue(w.full(1_001));
        assertFalse(w.full(1_000));
    }

    @Test
    void congestionSignals_leaveTheWindowAndDoNotPace() {
        long[] inflight = {1_000};
        FixedWindow w = new FixedWindow(3_000, () -> inflight[0]);
        w.onSent(5, 1_000);
        assertEquals(Decision.HOLD, w.onAck(new AckCc(20, 5, 0, 1_000, true, 127, false), NO_ENTROPY));
        assertFalse(w.onNack(30, 1_000, NO_ENTROPY, 25));
        w.onTimeout(40, 1_000);
        assertEquals(Decision.HOLD, w.onCongestionNotice(50, 5, 1_000_000));
        assertEquals(3_000, w.windowBytes());
        assertEquals(-1, w.rateBps());
        assertEquals(60, w.nextSendPs(60));
        assertTrue(w.canSend(2_000));
    }

    @Test
    void window_mustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new FixedWindow(0, () -> 0));
    }
}

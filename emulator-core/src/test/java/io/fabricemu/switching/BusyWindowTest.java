package io.fabricemu.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/**
 * A port's recent bandwidth as the reference quantises it ({@code BaseQueue::quantized_utilization} over a 30 us
 * window): idle, under 15%, under 50%, 50% or more; and it falls back as the window moves past what was sent.
 */
class BusyWindowTest {
    private static final long US = 1_000_000;

    @Test
    void levels_followTheBusyShareOfThe30usWindow_andFallAsItMovesOn() {
        BusyWindow w = new BusyWindow();
        assertEquals(0, w.level(0));
        w.sent(5 * US, 4 * US);                 // 4 of 30 us: 13%
        assertEquals(1, w.level(5 * US));
        w.sent(6 * US, 1 * US);                 // 5 of 30: 16.7%
        assertEquals(2, w.level(6 * US));
        w.sent(20 * US, 10 * US);               // 15 of 30: 50%
        assertEquals(3, w.level(20 * US));
        assertEquals(3, w.level(34 * US + 999_999), "the window is the 30 slots up to now's: 5 to 34");
        assertEquals(2, w.level(35 * US), "slot 5 gone: 11 of 30 us, 37%");
        assertEquals(2, w.level(36 * US), "slot 6 gone too: 10 of 30 us, 33%");
        assertEquals(2, w.level(49 * US + 999_999), "slot 20, 10 us, is the window's oldest");
        assertEquals(0, w.level(50 * US), "all gone 30 us after the last packet's slot");
        assertFalse(w.counting());
    }
}

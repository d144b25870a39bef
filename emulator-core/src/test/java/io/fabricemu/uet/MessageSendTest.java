package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.stats.MessageWaits;
import org.junit.jupiter.api.Test;

/** The source's per-message state machine of US 12,388,756 ¶(60): sending, waiting, sending, done. */
class MessageSendTest {
    private static final int PAYLOAD = 4086;
    private static final long US = 1_000_000L;

    @Test
    void fig1e_rtwStopsRtsRestartsAndTheWaitIsCounted() {
        MessageSend m = new MessageSend();
        assertTrue(m.sending());
        assertTrue(m.onRtw(0, PAYLOAD, 2 * US), "the first RTW stops the message");
        assertEquals(MessageSend.State.WAITING, m.state());
        assertFalse(m.onRtw(US / 10, PAYLOAD, 2 * US + 100), "later RTWs of the same attempt only count");
        assertFalse(m.sending());
        assertTrue(m.onRts(20 * US));
        assertTrue(m.sending());
        m.done();
        assertEquals(MessageSend.State.DONE, m.state());
        assertEquals(new MessageWaits(2, 1, 2L * PAYLOAD, 18 * US), m.waits());
    }

    @Test
    void anRtwAboutACopyOfAnEarlierAttempt_doesNotStopTheRestartedMessage() {
        MessageSend m = new MessageSend();
        m.onRtw(0, PAYLOAD, 2 * US);
        m.onRts(20 * US);
        assertFalse(m.onRtw(US, PAYLOAD, 21 * US), "sent at 1 us, before the restart at 20 us: stale");
        assertTrue(m.sending());
        assertTrue(m.onRtw(20 * US, PAYLOAD, 22 * US), "a copy of the new attempt stops it again");
    }

    @Test
    void anRtsWhileSending_changesNothing() {
        MessageSend m = new MessageSend();
        assertFalse(m.onRts(US), "a repeated RTS, or one that overtook the RTW");
        assertTrue(m.sending());
        assertEquals(new MessageWaits(0, 1, 0, 0), m.waits());
    }

    @Test
    void aMessageNeverStopped_reportsNone() {
        assertEquals(MessageWaits.NONE, new MessageSend().waits());
    }
}

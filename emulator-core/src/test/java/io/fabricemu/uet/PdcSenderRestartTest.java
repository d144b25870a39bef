package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A RUD PDC answered by requests-to-wait (US 12,388,756 ¶(59)): each RTW'd copy is queued to go again, and a
 * request-to-send sends them from the first PSN.
 */
class PdcSenderRestartTest {
    private static final int PAYLOAD = 4_096;
    private static final long RTO_PS = 1_000_000;

    /** A PDC of {@code packets} packets that sent all of them, PSN p at time 10 p. */
    private static PdcSender sentAll(int packets) {
        PdcSender s = new PdcSender(1, (long) packets * PAYLOAD, PAYLOAD, 64, RTO_PS);
        for (int p = 0; p < packets; p++) {
            assertEquals(p, s.nextPsn());
            s.sent(p, 0, 10L * p);
        }
        return s;
    }

    @Test
    void rtwsArrivingOutOfOrder_restartFromTheFirstPsn() {
        PdcSender s = sentAll(4);
        assertTrue(s.onRequestToWait(2, 20));
        assertTrue(s.onRequestToWait(0, 0));
        assertTrue(s.onRequestToWait(1, 10));
        assertFalse(s.onRequestToWait(1, 10), "already queued");
        s.restartFromFirst();
        for (int expected = 0; expected < 3; expected++) {
            assertEquals(expected, s.nextPsn());
            assertTrue(s.sent(expected, 0, 100 + expected), "a resend");
        }
        assertEquals(-1, s.nextPsn(), "PSN 3 was not answered by an RTW: still in flight");
        assertEquals(0, s.nacks(), "an RTW is no NACK");
    }

    @Test
    void anRtwAboutAnOlderCopy_isStale() {
        PdcSender s = sentAll(2);
        assertFalse(s.onRequestToWait(1, 999), "echoes a transmit time that is not the latest copy's");
        assertEquals(-1, s.nextPsn());
    }

    @Test
    void rtwdPacketsAreNotTimedOutAgain() {
        PdcSender s = sentAll(2);
        s.onRequestToWait(0, 0);
        int[] lost = {0};
        s.expire(RTO_PS * 10, (psn, payload, ev) -> lost[0]++);
        assertEquals(1, lost[0], "only PSN 1, still in flight, times out");
    }
}

package io.fabricemu.roce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.time.Ps;
import org.junit.jupiter.api.Test;

/**
 * A flow of 10,000 B in messages of 4,000 B, packets of at most 1,500 B (see {@link MessageLayoutTest}):
 * PSNs 0..7 with payloads 1,500, 1,500, 1,000 | 1,500, 1,500, 1,000 | 1,500, 500; messages end at PSNs 2, 5
 * and 7. Timeout 10 us.
 */
class RcRequesterTest {
    private static final long RTO = 10 * Ps.PER_US;

    private static RcRequester qp(int rnrRetry, long maxOutstandingBytes) {
        return new RcRequester(1, 10_000, 4_000, 1_500, RTO, rnrRetry, maxOutstandingBytes);
    }

    /** Sends every PSN the QP offers up to {@code lastPsn}; returns how many. */
    private static int sendThrough(RcRequester r, long lastPsn, long nowPs) {
        int n = 0;
        while (r.nextPsn() >= 0 && r.nextPsn() <= lastPsn) {
            r.sent(r.nextPsn(), nowPs);
            n++;
        }
        return n;
    }

    @Test
    void ack_ofTheLastPsn_completesTheFlow() {
        RcRequester r = qp(7, 0);
        sendThrough(r, 7, 0);
        assertEquals(-1, r.nextPsn());
        assertFalse(r.onAck(2, 1, 1_000));
        assertEquals(3, r.ackedPsn());
        assertTrue(r.onAck(7, 3, 2_000));
        assertEquals(2_000, r.completedPs());
        assertEquals(3, r.ackedMsn());
        assertEquals(Ps.NEVER, r.readyAtPs(3_000));
        assertEquals(0, r.retransmittedBytes());
    }

    @Test
    void ack_whoseMsnDisagreesWithItsPsn_isRejected() {
        RcRequester r = qp(7, 0);
        sendThrough(r, 3, 0);
        // PSN 2 ends the first message: an ACK of it must carry MSN 1.
        assertThrows(IllegalStateException.class, () -> r.onAck(2, 0, 1_000));
    }

    @Test
    void ack_ofAPsnNeverSent_isRejected() {
        RcRequester r = qp(7, 0);
        sendThrough(r, 1, 0);
        assertThrows(IllegalArgumentException.class, () -> r.onAck(2, 1, 1_000));
    }

    @Test
    void window_limitsOutstandingPayload() {
        // 3,000 B: PSN 0 (1,500), PSN 1 (3,000 outstanding) pass; PSN 2 would make 4,000.
        RcRequester r = qp(7, 3_000);
        assertEquals(2, sendThrough(r, 7, 0));
        assertEquals(-1, r.nextPsn());
        // ACK of PSN 0: outstanding 1,500 (PSN 1) + 1,000 (PSN 2) = 2,500 <= 3,000; PSN 3 would make 4,000.
        r.onAck(0, 0, 1_000);
        assertEquals(1, sendThrough(r, 7, 1_000));
    }

    @Test
    void sequenceNak_goesBackToItsPsnAndCountsTheResentBytes() {
        RcRequester r = qp(7, 0);
        sendThrough(r, 4, 0);
        // The responder expects PSN 2: PSNs 0 and 1 are acknowledged, 2.. go again.
        r.onSequenceNak(2, 5_000);
        assertEquals(2, r.ackedPsn());
        assertEquals(2, r.nextPsn());
        r.sent(2, 6_000); // 1,000 again
        r.sent(3, 6_000); // 1,500 again
        r.sent(4, 6_000); // 1,500 again
        r.sent(5, 6_000); // new
        assertEquals(4_000, r.retransmittedBytes());
        assertEquals(1, r.sequenceNaks());
        // A stale NAK (below what is acknowledged) changes nothing.
        r.onAck(3, 1, 7_000);
        r.onSequenceNak(2, 8_000);
        assertEquals(6, r.nextPsn());
        assertEquals(1, r.sequenceNaks());
    }

    @Test
    void timeout_goesBackToTheOldestUnacknowledgedPsn() {
        RcRequester r = qp(7, 0);
        r.sent(0, 0);
        r.sent(1, Ps.PER_US);
        // The timer started with PSN 0 (nothing was outstanding): deadline 0 + 10 us.
        assertEquals(RTO, r.rtoDeadlinePs());
        assertFalse(r.timerFired(RTO - 1));
        // An ACK of PSN 0 at 5 us makes progress and restarts it: 15 us.
        r.onAck(0, 0, 5 * Ps.PER_US);
        assertEquals(15 * Ps.PER_US, r.rtoDeadlinePs());
        assertFalse(r.timerFired(RTO));
        assertTrue(r.timerFired(15 * Ps.PER_US));
        assertEquals(1, r.nextPsn());
        assertEquals(Ps.NEVER, r.rtoDeadlinePs(), "nothing outstanding after going back");
        r.sent(1, 15 * Ps.PER_US);
        assertEquals(1_500, r.retransmittedBytes());
        assertEquals(25 * Ps.PER_US, r.rtoDeadlinePs());
        assertEquals(1, r.timeouts());
    }

    @Test
    void rnrNak_pausesThenResumesFromItsPsn() {
        RcRequester r = qp(7, 0);
        sendThrough(r, 3, 0);
        assertFalse(r.onRnrNak(1, 40 * Ps.PER_US, 5 * Ps.PER_US));
        // PSN 0 is acknowledged by the NAK; the QP waits until 5 + 40 = 45 us and its timer does not run.
        assertEquals(1, r.ackedPsn());
        assertEquals(45 * Ps.PER_US, r.readyAtPs(6 * Ps.PER_US));
        assertEquals(-1, r.nextPsn());
        assertEquals(Ps.NEVER, r.rtoDeadlinePs());
        // An RNR NAK of a later packet, sent before the pause, is ignored.
        assertFalse(r.onRnrNak(2, 40 * Ps.PER_US, 7 * Ps.PER_US));
        assertEquals(1, r.rnrNaks());
        assertEquals(45 * Ps.PER_US, r.readyAtPs(45 * Ps.PER_US));
        assertEquals(1, r.nextPsn());
        r.sent(1, 45 * Ps.PER_US);
        assertEquals(1_500, r.retransmittedBytes());
        assertEquals(55 * Ps.PER_US, r.rtoDeadlinePs());
    }

    @Test
    void rnrNak_beyondRnrRetry_putsTheQpInError() {
        // rnr_retry 2: two retries; the third RNR NAK in a row is one too many.
        RcRequester r = qp(2, 0);
        sendThrough(r, 3, 0);
        assertFalse(r.onRnrNak(1, 10, 100));
        r.readyAtPs(110);
        r.sent(1, 110);
        assertFalse(r.onRnrNak(1, 10, 200));
        r.readyAtPs(210);
        r.sent(1, 210);
        assertTrue(r.onRnrNak(1, 10, 300));
        assertTrue(r.failed());
        assertEquals(300, r.failedPs());
        assertEquals(Ps.NEVER, r.readyAtPs(1_000));
        assertEquals(-1, r.nextPsn());
        assertEquals(Ps.NEVER, r.rtoDeadlinePs());
        assertFalse(r.onAck(1, 0, 2_000), "a QP in error takes no more acknowledgements");
        assertEquals(-1, r.completedPs());
    }

    @Test
    void rnrNak_countRestartsWhenAnAckMakesProgress() {
        RcRequester r = qp(1, 0);
        sendThrough(r, 3, 0);
        assertFalse(r.onRnrNak(1, 10, 100));
        r.readyAtPs(110);
        r.sent(1, 110);
        r.sent(2, 110);
        r.onAck(1, 0, 150); // progress: the count starts again
        assertFalse(r.onRnrNak(2, 10, 200));
        r.readyAtPs(210);
        r.sent(2, 210);
        assertTrue(r.onRnrNak(2, 10, 300));
    }

    @Test
    void rnrNak_withRnrRetrySeven_retriesForever() {
        RcRequester r = qp(7, 0);
        r.sent(0, 0);
        for (int i = 0; i < 20; i++) {
            assertFalse(r.onRnrNak(0, 10, 100L * i + 50));
            r.readyAtPs(100L * i + 60);
            r.sent(0, 100L * i + 60);
        }
        assertFalse(r.failed());
        assertEquals(20, r.rnrNaks());
    }

    @Test
    void constructor_rejectsAnRnrRetryAboveSeven() {
        assertThrows(IllegalArgumentException.class, () -> qp(8, 0));
    }

    @Test
    void dropNotice_goesBackAtOnce_andTheResponderSequenceNakForItDoesNotGoBackAgain() {
        RcRequester r = qp(7, 0);
        sendThrough(r, 5, 0);
        assertTrue(r.onDropNotice(3, 1_000));
        assertEquals(3, r.nextPsn(), "go-back-N from the dropped PSN");
        assertFalse(r.onDropNotice(4, 1_100), "PSN 4 is not outstanding any more: it will be resent anyway");
        sendThrough(r, 4, 2_000);
        assertEquals(3_000, r.retransmittedBytes(), "PSNs 3 and 4 again");
        // PSN 4's first copy reached the responder out of order: its sequence NAK asks for 3, already resent.
        r.onSequenceNak(3, 3_000);
        assertEquals(3, r.ackedPsn());
        assertEquals(5, r.nextPsn(), "no second go-back");
        assertEquals(1, r.dropNotices());
        // A later NAK for the same PSN (the resent copy was lost too) goes back as usual.
        r.onSequenceNak(3, 4_000);
        assertEquals(3, r.nextPsn());
    }

    @Test
    void dropNotice_ofAnAcknowledgedPsn_isStale() {
        RcRequester r = qp(7, 0);
        sendThrough(r, 3, 0);
        r.onAck(2, 1, 1_000);
        assertFalse(r.onDropNotice(1, 1_500));
        assertEquals(4, r.nextPsn());
    }
}

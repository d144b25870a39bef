package io.fabricemu.uet;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.Decision;
import io.fabricemu.uet.cc.CreditSender;
import io.fabricemu.uet.cc.Nscc;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccParams;
import io.fabricemu.uet.cc.PerAckNscc;
import org.junit.jupiter.api.Test;

/**
 * A sender's congestion context on a 100 Gb/s path with a 6 us base RTT (target delay 4.5 us), packets of
 * 4,096 B payload and 4,150 B on the wire. NSCC's window counts payload, RCCC's credit wire bytes.
 */
class SenderCccTest {
    private static final int PAYLOAD = 4_096;
    private static final int WIRE = 4_150;
    private static final long BASE_RTT_PS = 6_000_000;

    /** NSCC with an initial window of two packets' payload, 8,192 B (the floor is one MTU, 4,150 B). */
    private static Nscc nscc() {
        return new PerAckNscc(NsccParams.defaults(100_000_000_000L, BASE_RTT_PS, WIRE)
                .withInitialWindowBytes(2 * PAYLOAD), NsccCompanions.OFF);
    }

    /** The NSCC context {@code c} runs. */
    private static Nscc nsccOf(SenderCcc c) {
        return (Nscc) c.window();
    }

    private static SenderCcc ready(Nscc nscc, CreditSender credit) {
        SenderCcc c = new SenderCcc(7);
        c.configure(nscc, credit);
        return c;
    }

    /** An ACK_CC of a packet sent at 0 arriving after 12 us: 6 us queuing delay, above the target, no ECN. */
    private static AckCc lateAck(long rcvdBytes) {
        return AckCc.of(12_000_000, 0, rcvdBytes, false);
    }

    // ---------------------------------------------------------------- states

    @Test
    void new_isIdleAndLetsNothingGo() {
        SenderCcc c = new SenderCcc(7);
        assertEquals(7, c.id());
        assertEquals(SenderCcc.State.IDLE, c.state());
        assertFalse(c.mayGo(PAYLOAD, WIRE));
        assertThrows(IllegalStateException.class, () -> c.open(WIRE));
        assertThrows(IllegalStateException.class, c::pdcClosed);
    }

    @Test
    void configure_becomesReadyWithItsAlgorithms() {
        Nscc n = nscc();
        CreditSender cs = new CreditSender(0);
        SenderCcc c = ready(n, cs);
        assertEquals(SenderCcc.State.READY, c.state());
        assertSame(n, c.window());
        assertSame(cs, c.credit());
    }

    @Test
    void configure_neitherAlgorithm_isRejected() {
        SenderCcc c = new SenderCcc(7);
        assertThrows(IllegalArgumentException.class, () -> c.configure(null, null));
        assertEquals(SenderCcc.State.IDLE, c.state());
    }

    @Test
    void configure_twice_isRejected() {
        SenderCcc c = ready(nscc(), null);
        assertThrows(IllegalStateException.class, () -> c.configure(nscc(), null));
    }

    @Test
    void pdcClosed_lastOfItsPdcs_closesTheContext() {
        SenderCcc c = ready(nscc(), null);
        c.open(10_162);
        c.open(4_150);
        c.pdcClosed();
        assertEquals(SenderCcc.State.READY, c.state(), "one PDC is still open");
        assertTrue(c.mayGo(PAYLOAD, WIRE));
        c.pdcClosed();
        assertEquals(SenderCcc.State.CLOSED, c.state());
        assertFalse(c.mayGo(PAYLOAD, WIRE), "a closed context authorises nothing");
        // a later PDC to the destination needs a new context
        assertThrows(IllegalStateException.class, () -> c.open(WIRE));
        assertThrows(IllegalStateException.class, c::pdcClosed);
    }

    // ---------------------------------------------------------------- the gate

    @Test
    void mayGo_nsccOnly_whileInflightBelowCwnd() {
        SenderCcc c = ready(nscc(), null);
        c.open(3L * WIRE);
        assertTrue(c.mayGo(PAYLOAD, WIRE));
        c.onSent(0, PAYLOAD, WIRE);
        assertTrue(c.mayGo(PAYLOAD, WIRE)); // 4,096 < 8,192
        c.onSent(0, PAYLOAD, WIRE);
        assertFalse(c.mayGo(PAYLOAD, WIRE)); // 8,192 = 8,192
        assertEquals(8_192, nsccOf(c).inflightBytes());
        // rcvd_bytes advances by one packet: inflight 4,096; above target without ECN, the fair-increase
        // count (4,096) is below one window, so cwnd stays 8,192
        assertEquals(Decision.FAIR_INCREASE, c.onAck(lateAck(PAYLOAD), -1, NO_ENTROPY));
        assertEquals(8_192, c.window().windowBytes());
        assertTrue(c.mayGo(PAYLOAD, WIRE));
    }

    @Test
    void mayGo_rcccOnly_whileCreditCoversThePacket() {
        SenderCcc c = ready(null, new CreditSender(WIRE));
        c.open(3L * WIRE);
        assertTrue(c.mayGo(PAYLOAD, WIRE));
        assertFalse(c.mayGo(PAYLOAD, WIRE + 1), "the credit must cover the whole packet");
        c.onSent(0, PAYLOAD, WIRE);
        assertFalse(c.mayGo(PAYLOAD, WIRE));
        assertNull(c.onAck(lateAck(PAYLOAD), 3L * WIRE, NO_ENTROPY), "no NSCC to decide anything");
        assertTrue(c.mayGo(PAYLOAD, WIRE));
        c.onSent(0, PAYLOAD, WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        assertFalse(c.mayGo(PAYLOAD, WIRE), "credit and backlog are both spent");
    }

    @Test
    void mayGo_rcccOnly_nothingBeyondTheBacklog() {
        SenderCcc c = ready(null, new CreditSender(10 * WIRE));
        c.open(1_862);
        assertFalse(c.mayGo(PAYLOAD, WIRE));
        assertTrue(c.mayGo(PAYLOAD, 1_862));
    }

    @Test
    void mayGo_both_needsWindowAndCredit() {
        SenderCcc c = ready(nscc(), new CreditSender(3L * WIRE));
        c.open(10L * WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        // credit for one more packet, but NSCC's window is full
        assertEquals(WIRE, c.credit().availableCreditBytes());
        assertFalse(c.mayGo(PAYLOAD, WIRE));
        c.onAck(lateAck(2 * PAYLOAD), -1, NO_ENTROPY);
        assertEquals(0, nsccOf(c).inflightBytes());
        assertTrue(c.mayGo(PAYLOAD, WIRE));
        c.onSent(0, PAYLOAD, WIRE);
        // window open (4,096 < 8,192), credit spent
        assertTrue(nsccOf(c).canSend(PAYLOAD));
        assertFalse(c.mayGo(PAYLOAD, WIRE));
        c.onCredit(4L * WIRE);
        assertTrue(c.mayGo(PAYLOAD, WIRE));
    }

    @Test
    void onAck_withoutCredit_leavesTheCreditAlone() {
        SenderCcc c = ready(nscc(), new CreditSender(WIRE));
        c.open(3L * WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onAck(lateAck(PAYLOAD), -1, NO_ENTROPY);
        assertEquals(WIRE, c.credit().cumulativeCreditBytes());
        assertFalse(c.mayGo(PAYLOAD, WIRE));
    }

    @Test
    void onAck_staleRcvdBytes_isStale() {
        SenderCcc c = ready(nscc(), null);
        c.open(3L * WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onAck(lateAck(PAYLOAD), -1, NO_ENTROPY);
        assertEquals(Decision.STALE, c.onAck(lateAck(PAYLOAD), -1, NO_ENTROPY));
    }

    // ---------------------------------------------------------------- credit target

    @Test
    void creditTargetBytes_backlogNotCoveredByCredit() {
        SenderCcc c = ready(nscc(), new CreditSender(WIRE));
        c.open(10_162);
        assertEquals(10_162 - WIRE, c.creditTargetBytes());
        c.onSent(0, PAYLOAD, WIRE);
        assertEquals(10_162 - WIRE, c.creditTargetBytes());
        c.onCredit(2L * WIRE);
        assertEquals(10_162 - 2 * WIRE, c.creditTargetBytes());
        c.open(WIRE); // a second PDC adds its bytes
        assertEquals(10_162 - WIRE, c.creditTargetBytes());
    }

    @Test
    void creditTargetBytes_withoutRccc_isMinusOne() {
        SenderCcc c = ready(nscc(), null);
        c.open(10_162);
        assertEquals(-1, c.creditTargetBytes());
    }

    // ---------------------------------------------------------------- loss

    @Test
    void onLoss_nack_takesThePacketOutOfFlightAndOffTheWindow() {
        SenderCcc c = ready(nscc(), new CreditSender(2L * WIRE));
        c.open(2L * WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onNack(0, PAYLOAD, WIRE, NO_ENTROPY, 0);
        assertEquals(PAYLOAD, nsccOf(c).inflightBytes());
        assertEquals(4_150, c.window().windowBytes(), "8,192 - 4,096 is below the floor of one MTU");
        // the retransmission is new demand for credit
        assertEquals(WIRE, c.credit().backlogBytes());
        assertEquals(WIRE, c.creditTargetBytes());
        assertFalse(c.mayGo(PAYLOAD, WIRE), "no credit left for it");
        c.onCredit(3L * WIRE);
        assertTrue(c.mayGo(PAYLOAD, WIRE), "4,096 < 4,150 and the credit is back");
    }

    @Test
    void onLoss_timeout_actsOnTheWindowLikeANack() {
        SenderCcc c = ready(nscc(), null);
        c.open(2L * WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onTimeout(0, PAYLOAD, WIRE);
        c.onTimeout(0, PAYLOAD, WIRE);
        assertEquals(0, nsccOf(c).inflightBytes());
        assertEquals(4_150, c.window().windowBytes());
        assertTrue(c.mayGo(PAYLOAD, WIRE));
    }

    @Test
    void onResendCancelled_putsThePacketBackInFlightAndWithdrawsTheCreditDemand() {
        SenderCcc c = ready(nscc(), new CreditSender(2L * WIRE));
        c.open(2L * WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onTimeout(0, PAYLOAD, WIRE);
        assertEquals(PAYLOAD, nsccOf(c).inflightBytes());
        assertEquals(WIRE, c.credit().backlogBytes());
        c.onResendCancelled(PAYLOAD, WIRE);
        assertEquals(2 * PAYLOAD, nsccOf(c).inflightBytes(), "the ACK_CC's rcvd_bytes takes it out next");
        assertEquals(0, c.credit().backlogBytes());
        assertEquals(0, c.creditTargetBytes());
    }

    @Test
    void onResendCancelled_withoutRccc_onlyPutsThePacketBack() {
        SenderCcc c = ready(nscc(), null);
        c.open(WIRE);
        c.onSent(0, PAYLOAD, WIRE);
        c.onTimeout(0, PAYLOAD, WIRE);
        c.onResendCancelled(PAYLOAD, WIRE);
        assertEquals(PAYLOAD, nsccOf(c).inflightBytes());
        assertEquals(-1, c.creditTargetBytes());
    }
}

package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CreditSenderTest {
    private static final long WRITE_256_MB = 256_000_000L;

    /** The RCCC post's example: CCC 0xA1 with a 256 MB write, after spending its 12.5 KB of pre-provisioned credit. */
    private static CreditSender afterFirstBurst() {
        CreditSender s = CreditSender.create(RcccParams.withDefaults(100_000_000_000L));
        s.enqueue(WRITE_256_MB);
        s.onSent(12_500);
        return s;
    }

    @Test
    void create_seedDefaults_holdsThePreProvisionedCredit() {
        CreditSender s = CreditSender.create(RcccParams.withDefaults(100_000_000_000L));
        assertEquals(12_500, s.availableCreditBytes());
        assertEquals(12_500, s.cumulativeCreditBytes());
        assertEquals(0, s.backlogBytes());
    }

    @Test
    void onSent_firstBurstOf256MbWrite_leaves255987500Reported() {
        CreditSender s = afterFirstBurst();
        assertEquals(255_987_500L, s.backlogBytes());
        assertEquals(255_987_500L, s.creditTargetBytes()); // what the RUD_CC_REQ carries
        assertEquals(0, s.availableCreditBytes());
        assertFalse(s.canSend(1));
    }

    @Test
    void onGrant_cumulative25000OverLocal12500_allows12500() {
        CreditSender s = afterFirstBurst();
        assertEquals(12_500, s.onGrant(25_000));
        assertEquals(25_000, s.cumulativeCreditBytes());
        assertEquals(12_500, s.availableCreditBytes());
        assertTrue(s.canSend(12_500));
        assertFalse(s.canSend(12_501));
        // RCCC post: the demand signal drops by the 12,500 B just granted, before any of it is sent
        assertEquals(255_975_000L, s.creditTargetBytes());
        assertEquals(255_987_500L, s.backlogBytes());
    }

    @ParameterizedTest(name = "cumulative {0} after 25,000 adds nothing")
    @ValueSource(longs = {25_000, 24_999, 12_500, 0})
    void onGrant_staleOrDuplicate_addsNothing(long staleCumulative) {
        CreditSender s = afterFirstBurst();
        s.onGrant(25_000);
        assertEquals(0, s.onGrant(staleCumulative));
        assertEquals(25_000, s.cumulativeCreditBytes());
        assertEquals(12_500, s.availableCreditBytes());
    }

    @Test
    void onGrant_lostGrant_isRepairedByTheNextCumulative() {
        CreditSender s = afterFirstBurst();
        // the ACK_CCs carrying 25,000 and 37,500 were lost; 50,000 brings everything
        assertEquals(37_500, s.onGrant(50_000));
        assertEquals(37_500, s.availableCreditBytes());
        // a reordered older one arriving late adds nothing
        assertEquals(0, s.onGrant(37_500));
    }

    @ParameterizedTest(name = "credit {0}, backlog {1}: canSend({2}) = {3}")
    @CsvSource({
            "12500, 100000, 4096, true",
            "12500, 100000, 12500, true",
            "12500, 100000, 12501, false",   // credit must cover the whole packet
            "12500, 1000, 4096, false",      // nothing beyond the backlog
            "12500, 1000, 1000, true",
            "0, 100000, 1, false"})          // no pre-provisioned credit: wait for a grant
    void canSend_needsCreditAndBacklogForTheWholePacket(long initialCredit, long backlog, long bytes, boolean expected) {
        CreditSender s = new CreditSender(initialCredit);
        s.enqueue(backlog);
        assertEquals(expected, s.canSend(bytes));
    }

    @Test
    void onSent_beyondCredit_isRejectedAndChangesNothing() {
        CreditSender s = new CreditSender(12_500);
        s.enqueue(100_000);
        s.onSent(8_192);
        assertThrows(IllegalStateException.class, () -> s.onSent(4_309));
        assertEquals(4_308, s.availableCreditBytes());
        assertEquals(8_192, s.sentBytes());
    }

    @Test
    void onSent_emptyBacklog_isRejected() {
        CreditSender s = new CreditSender(12_500);
        assertFalse(s.canSend(1));
        assertThrows(IllegalStateException.class, () -> s.onSent(1));
    }

    @Test
    void creditTargetBytes_creditCoveringTheBacklog_isZero() {
        CreditSender s = new CreditSender(12_500);
        s.enqueue(5_000);
        assertEquals(0, s.creditTargetBytes());
        s.enqueue(10_000); // retransmission or a new write: demand grows past the credit held
        assertEquals(2_500, s.creditTargetBytes());
    }

    @Test
    void creditTargetBytes_unusedGrantsAtTheEnd_neverGoesNegative() {
        CreditSender s = new CreditSender(0);
        s.enqueue(3_000);
        s.onGrant(10_000);
        s.onSent(3_000);
        assertEquals(0, s.backlogBytes());
        assertEquals(0, s.creditTargetBytes());
        assertEquals(7_000, s.availableCreditBytes());
    }

    @Test
    void arguments_outOfRange_areRejected() {
        assertThrows(IllegalArgumentException.class, () -> new CreditSender(-1));
        CreditSender s = new CreditSender(12_500);
        assertThrows(IllegalArgumentException.class, () -> s.enqueue(0));
        assertThrows(IllegalArgumentException.class, () -> s.canSend(0));
        assertThrows(IllegalArgumentException.class, () -> s.onSent(-1));
        assertThrows(IllegalArgumentException.class, () -> s.onGrant(-1));
        s.enqueue(Long.MAX_VALUE - 1);
        assertThrows(ArithmeticException.class, () -> s.enqueue(2));
    }
}

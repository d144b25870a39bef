package io.fabricemu.rnrnak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SnoopTableTest {
    private static final int FLOW = 7;

    /** Forwards PSNs from..to of a flow whose messages are 4 packets (ends at 3, 7, 11, ...). */
    private static void forward(SnoopTable t, long from, long to) {
        for (long psn = from; psn <= to; psn++) {
            t.dataSeen(FLOW, psn, 10);
            t.forwarded(FLOW, psn, psn % 4 == 3, 10);
        }
    }

    @Test
    void acknowledged_learnsTheRequesterQpnAndResolves() {
        SnoopTable t = new SnoopTable(16, 1_000);
        forward(t, 0, 2);
        assertFalse(t.lookup(FLOW, 10).resolved(), "no acknowledgement yet: the requester's QPN is unknown");
        assertEquals(-1, t.lookup(FLOW, 10).requesterQpn());
        t.acknowledged(FLOW, 99, 0, 0, 20);
        SnoopTable.Entry e = t.lookup(FLOW, 20);
        assertTrue(e.resolved());
        assertEquals(99, e.requesterQpn(), "the ACK's DestQP is the requester's QPN");
    }

    @Test
    void msnBefore_carriesTheAcknowledgedMsnForwardOverForwardedMessageEnds() {
        SnoopTable t = new SnoopTable(16, 1_000);
        forward(t, 0, 9);
        t.acknowledged(FLOW, 1, 2, 0, 20);
        SnoopTable.Entry e = t.lookup(FLOW, 20);
        assertEquals(0, e.msnBefore(3), "the end at 3 is not before 3");
        assertEquals(1, e.msnBefore(4));
        assertEquals(2, e.msnBefore(10), "ends at 3 and 7 passed after the ACK of 2");
        t.acknowledged(FLOW, 1, 5, 1, 30);
        assertEquals(2, e.msnBefore(10), "the ACK of 5 says 1 message, the end at 7 makes 2");
        t.acknowledged(FLOW, 1, 4, 1, 31);
        assertEquals(2, e.msnBefore(10), "an older acknowledgement changes nothing");
        forward(t, 3, 5);
        assertEquals(2, e.msnBefore(10), "resent packets are not counted twice");
    }

    @Test
    void resolved_onlyOnceAnAcknowledgementCoversWhereCountingStarted() {
        SnoopTable t = new SnoopTable(16, 1_000);
        forward(t, 10, 12);
        t.acknowledged(FLOW, 1, 5, 1, 20);
        assertFalse(t.lookup(FLOW, 20).resolved(), "message ends in 6..9 passed unseen");
        t.acknowledged(FLOW, 1, 9, 2, 21);
        SnoopTable.Entry e = t.lookup(FLOW, 21);
        assertTrue(e.resolved());
        assertEquals(3, e.msnBefore(13), "2 messages at the ACK of 9, then the end at 11");
    }

    @Test
    void lookup_forgetsEntriesUnseenForTheAgingTime() {
        SnoopTable t = new SnoopTable(16, 1_000);
        t.acknowledged(FLOW, 1, 0, 0, 100);
        assertTrue(t.lookup(FLOW, 1_100) != null, "exactly the aging time: kept");
        assertNull(t.lookup(FLOW, 1_101));
        assertEquals(0, t.size());
    }

    @Test
    void acknowledged_beyondCapacity_evictsTheLeastRecentlySeen() {
        SnoopTable t = new SnoopTable(2, 1_000);
        t.acknowledged(1, 1, 0, 0, 10);
        t.acknowledged(2, 2, 0, 0, 11);
        SnoopTable.Entry first = t.lookup(1, 12);
        t.acknowledged(3, 3, 0, 0, 13);
        assertSame(first, t.lookup(1, 14), "flow 1 was looked up last, so flow 2 went");
        assertNull(t.lookup(2, 14));
        assertEquals(1, t.evictions());
        assertEquals(2, t.size());
    }

    @Test
    void dataSeen_aGapInThePsns_countsTheFirstMissingOneAsLost() {
        SnoopTable t = new SnoopTable(16, 1_000);
        forward(t, 0, 4);
        t.dataSeen(FLOW, 8, 20);
        SnoopTable.Entry e = t.lookup(FLOW, 20);
        assertEquals(5, e.lostPsn(), "5..7 never reached the port");
        t.dataSeen(FLOW, 5, 30);
        assertEquals(5, e.lostPsn(), "seen again is not yet forwarded");
        t.forwarded(FLOW, 5, false, 30);
        assertEquals(-1, e.lostPsn());
        t.dataSeen(FLOW, 6, 31);
        assertEquals(-1, e.lostPsn(), "a go-back resend is no gap");
    }

    @Test
    void lost_aPsnAcknowledgedOrPassedOverByANak_isADuplicateNotALoss() {
        SnoopTable t = new SnoopTable(16, 1_000);
        forward(t, 0, 9);
        t.acknowledged(FLOW, 1, 3, 1, 20);
        SnoopTable.Entry e = t.lookup(FLOW, 20);
        e.nacked(8);
        t.lost(FLOW, 3, 21);
        t.lost(FLOW, 7, 22);
        assertEquals(-1, e.lostPsn(), "3 was acknowledged, 7 was below the NAK's 8");
        t.lost(FLOW, 8, 23);
        assertEquals(8, e.lostPsn());
    }

    @Test
    void lost_keepsTheLowestLostPsnUntilItIsForwardedAgain() {
        SnoopTable t = new SnoopTable(16, 1_000);
        forward(t, 0, 4);
        t.lost(FLOW, 6, 20);
        t.lost(FLOW, 5, 21);
        t.lost(FLOW, 8, 22);
        SnoopTable.Entry e = t.lookup(FLOW, 22);
        assertEquals(5, e.lostPsn());
        t.forwarded(FLOW, 4, false, 23);
        assertEquals(5, e.lostPsn());
        t.forwarded(FLOW, 5, false, 24);
        assertEquals(-1, e.lostPsn());
    }
}

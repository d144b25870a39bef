package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.uet.MatchTable.Outcome;
import org.junit.jupiter.api.Test;

/** The target's match table through the packet sequences of US 12,388,756 FIG. 1D, 1E and 1F. */
class MatchTableTest {
    private static final int SOURCE = 7;
    private static final int OTHER_SOURCE = 9;

    /** FIG. 1D: the receive is posted before the send's packets arrive; both match, no RTW, no RTS. */
    @Test
    void fig1d_receiverReady_everyPacketMatches() {
        MatchTable t = new MatchTable();
        assertFalse(t.post(SOURCE, 0), "nothing failed before: no request-to-send");
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 0));
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 0));
        assertEquals(0, t.failedMatches());
    }

    /**
     * FIG. 1E: both packets of message 0 arrive before the receive: each fails (one RTW each); posting finds the
     * "failed match" canary and asks for an RTS; the restarted packets match.
     */
    @Test
    void fig1e_receiverNotReady_rtwPerPacketThenRtsThenMatch() {
        MatchTable t = new MatchTable();
        assertEquals(Outcome.FAILED_MATCH, t.onPacket(SOURCE, 0));
        assertEquals(Outcome.FAILED_MATCH, t.onPacket(SOURCE, 0), "a later packet of the message: its own RTW");
        assertFalse(t.posted(SOURCE, 0));
        assertTrue(t.post(SOURCE, 0), "the canary is replaced: request-to-send");
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 0));
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 0));
        assertEquals(2, t.failedMatches());
    }

    /** FIG. 1F: messages 0 and 1 are posted, message 1's packets arrive first; each matches its own receive. */
    @Test
    void fig1f_twoMessagesOutOfOrder_matchedInOrder() {
        MatchTable t = new MatchTable();
        assertFalse(t.post(SOURCE, 0));
        assertFalse(t.post(SOURCE, 1));
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 1));
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 0));
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 1));
        assertEquals(Outcome.MATCH, t.onPacket(SOURCE, 0));
        assertEquals(0, t.failedMatches());
    }

    /** Entries are per (source, MSN): a failed match of one message leaves the others' receives alone. */
    @Test
    void entriesAreKeyedBySourceAndMsn() {
        MatchTable t = new MatchTable();
        assertEquals(Outcome.FAILED_MATCH, t.onPacket(SOURCE, 1));
        assertFalse(t.post(SOURCE, 0), "message 0 never failed");
        assertFalse(t.post(OTHER_SOURCE, 1), "the other source's message 1 never failed");
        assertEquals(Outcome.MATCH, t.onPacket(OTHER_SOURCE, 1));
        assertEquals(Outcome.FAILED_MATCH, t.onPacket(SOURCE, 1), "still not posted");
        assertTrue(t.post(SOURCE, 1));
    }

    @Test
    void postingTwice_isRefused() {
        MatchTable t = new MatchTable();
        t.post(SOURCE, 0);
        assertThrows(IllegalStateException.class, () -> t.post(SOURCE, 0));
    }
}

package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The source's rendezvous state machine (eager part, wait, fetch, rest; US 12,388,756 ¶(59), UE 1.0 SES). */
class RendezvousSendTest {
    @Test
    void eagerPart_thenWait_thenFetch_thenTheRest() {
        RendezvousSend m = new RendezvousSend(10, 257);
        assertTrue(m.needsFetch());
        for (int psn = 0; psn < 9; psn++) {
            assertTrue(m.mayGo(psn));
            m.onSent(psn, psn * 100L);
        }
        assertEquals(RendezvousSend.State.EAGER, m.state());
        m.onSent(9, 900);
        assertEquals(RendezvousSend.State.WAITING, m.state(), "the eager part's last packet left");
        assertFalse(m.mayGo(10), "the rest waits for the fetch");
        assertTrue(m.mayGo(3), "a lost eager packet may still be resent");
        assertTrue(m.onFetch(20_900));
        assertEquals(RendezvousSend.State.REST, m.state());
        assertTrue(m.mayGo(10), "the rest goes from the first packet after the eager part");
        assertEquals(20_000, m.waitedPs());
        assertFalse(m.onFetch(30_000), "a repeated fetch changes nothing");
        assertEquals(2, m.fetches());
        assertEquals(20_000, m.waitedPs());
        m.done();
        assertEquals(RendezvousSend.State.DONE, m.state());
    }

    @Test
    void aFetchDuringTheEagerPart_letsTheRestFollowWithoutAWait() {
        RendezvousSend m = new RendezvousSend(10, 257);
        m.onSent(0, 0);
        m.onSent(1, 100);
        assertTrue(m.onFetch(2_000));
        m.onSent(9, 900);
        assertEquals(RendezvousSend.State.REST, m.state(), "the last eager packet no longer starts a wait");
        assertTrue(m.mayGo(200));
        assertEquals(0, m.waitedPs());
    }

    @Test
    void aMessageNoLargerThanTheEagerPart_needsNoFetchAndNeverWaits() {
        RendezvousSend m = new RendezvousSend(3, 3);
        assertFalse(m.needsFetch());
        for (int psn = 0; psn < 3; psn++) {
            assertTrue(m.mayGo(psn));
            m.onSent(psn, psn);
        }
        assertEquals(RendezvousSend.State.EAGER, m.state());
        assertEquals(0, m.fetches());
    }

    @Test
    void theEagerPartIsTheWholePacketsTheSizeHolds_atLeastOne_atMostTheMessage() {
        assertEquals(10, RendezvousSend.eagerPackets(41_714, 4_086, 257), "41,714 B holds 10 packets of 4,086 B");
        assertEquals(1, RendezvousSend.eagerPackets(100, 4_086, 257));
        assertEquals(3, RendezvousSend.eagerPackets(1 << 20, 4_086, 3));
    }
}

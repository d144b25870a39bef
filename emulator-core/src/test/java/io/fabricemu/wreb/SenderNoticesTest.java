package io.fabricemu.wreb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.net.BtsCause;
import io.fabricemu.wreb.SenderNotices.Reaction;
import org.junit.jupiter.api.Test;

class SenderNoticesTest {
    @Test
    void earlyThenDrop_decreaseOnceThenRetransmitWithoutSecondDecrease() {
        SenderNotices n = new SenderNotices();
        assertEquals(Reaction.DECREASE, n.onNotice(7, 0, BtsCause.EARLY));
        assertEquals(1, n.tracked());
        assertEquals(Reaction.RETRANSMIT, n.onNotice(7, 1, BtsCause.DROP));
        assertEquals(0, n.tracked(), "the resent packet starts afresh");
        assertEquals(0, n.earlyRepeats(), "a drop after an early notice is the allowed second notice");
        assertEquals(1, n.decreases());
        assertEquals(1, n.retransmits());
        assertEquals(2, n.received());
    }

    @Test
    void secondNoticeWithTheOppositeBit_isASecondNoticeWhateverItsCause() {
        SenderNotices n = new SenderNotices();
        n.onNotice(3, 1, BtsCause.EARLY);
        assertEquals(Reaction.RETRANSMIT, n.onNotice(3, 0, BtsCause.EARLY));
        assertEquals(1, n.earlyRepeats(), "a second early notice: the switches broke the duplicate rule");
    }

    @Test
    void sameBitTwice_isADuplicate() {
        SenderNotices n = new SenderNotices();
        n.onNotice(3, 0, BtsCause.EARLY);
        assertEquals(Reaction.IGNORE, n.onNotice(3, 0, BtsCause.EARLY));
        assertEquals(1, n.decreases());
        assertEquals(1, n.earlyRepeats());
    }

    @Test
    void dropWithoutEarlierNotice_decreasesAndRetransmits() {
        SenderNotices n = new SenderNotices();
        assertEquals(Reaction.DECREASE_AND_RETRANSMIT, n.onNotice(4, 1, BtsCause.DROP));
        assertEquals(0, n.tracked());
        n.retransmitStale(4);
        assertEquals(0, n.retransmits(), "a resend that could not happen is not counted");
        assertEquals(1, n.decreases());
    }

    @Test
    void echo_ofANoticedPacketIsCoveredOnce_andAcknowledgementsForget() {
        SenderNotices n = new SenderNotices();
        n.onNotice(1, 0, BtsCause.EARLY);
        n.onNotice(2, 0, BtsCause.EARLY);
        n.onNotice(9, 0, BtsCause.EARLY);
        assertTrue(n.echoCovered(1, true));
        assertFalse(n.echoCovered(1, true), "forgotten after its acknowledgement");
        assertFalse(n.echoCovered(5, true), "never noticed: the echo counts");
        assertEquals(1, n.echoesIgnored());
        n.acknowledgedBelow(9);
        assertEquals(1, n.tracked(), "only PSN 9 is still in flight");
    }
}

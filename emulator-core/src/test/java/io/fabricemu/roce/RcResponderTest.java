package io.fabricemu.roce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.roce.RcResponder.Answer;
import org.junit.jupiter.api.Test;

/** Five packets of 1,000 B, messages of two packets (the last message one packet): ends at PSNs 1, 3, 4. */
class RcResponderTest {
    @Test
    void inOrder_eachPacketAcknowledgedAndMessagesCounted() {
        RcResponder r = new RcResponder(1, 5_000);
        assertEquals(Answer.ACK, r.onData(0, 1_000, false, 10));
        assertEquals(0, r.ackPsn());
        assertEquals(0, r.msn());
        assertEquals(Answer.ACK, r.onData(1, 1_000, true, 20));
        assertEquals(1, r.msn());
        r.onData(2, 1_000, false, 30);
        r.onData(3, 1_000, true, 40);
        assertEquals(-1, r.finishPs());
        assertEquals(Answer.ACK, r.onData(4, 1_000, true, 50));
        assertEquals(3, r.msn());
        assertEquals(4, r.ackPsn());
        assertEquals(5_000, r.deliveredBytes());
        assertEquals(50, r.finishPs());
    }

    @Test
    void gap_oneNakPerEpisode() {
        RcResponder r = new RcResponder(1, 5_000);
        r.onData(0, 1_000, false, 10);
        // PSN 1 is lost: 2, 3 and 4 arrive. One NAK (expected PSN 1), then silence.
        assertEquals(Answer.NAK_SEQUENCE, r.onData(2, 1_000, false, 20));
        assertEquals(1, r.expectedPsn());
        assertEquals(Answer.NONE, r.onData(3, 1_000, true, 30));
        assertEquals(Answer.NONE, r.onData(4, 1_000, true, 40));
        assertEquals(1_000, r.deliveredBytes());
        // The requester goes back: PSN 1 ends the episode.
        assertEquals(Answer.ACK, r.onData(1, 1_000, true, 50));
        assertEquals(1, r.msn());
        // A new gap is a new episode, with its own NAK.
        assertEquals(Answer.NAK_SEQUENCE, r.onData(3, 1_000, true, 60));
        assertEquals(4, r.outOfOrder()); // PSNs 2, 3, 4, then 3 again
    }

    @Test
    void duplicate_isReAcknowledgedWithoutDelivering() {
        RcResponder r = new RcResponder(1, 5_000);
        r.onData(0, 1_000, false, 10);
        r.onData(1, 1_000, true, 20);
        assertEquals(Answer.ACK, r.onData(0, 1_000, false, 30));
        assertEquals(1, r.ackPsn());
        assertEquals(1, r.msn());
        assertEquals(2_000, r.deliveredBytes());
        assertEquals(1, r.duplicates());
    }

    /**
     * IBTA 9.7.5.2.8: a SEND's first packet with no receive posted is NAKed (receiver not ready) and dropped; the
     * packets behind it are out of sequence and dropped silently (the RNR NAK opened the episode); each resend before
     * the post gets its own RNR NAK; the first after it is taken.
     */
    @Test
    void receiveNotPosted_rnrNakPerAttemptThenSilence() {
        RcResponder r = new RcResponder(1, 5_000);
        r.postAt(100);
        assertEquals(Answer.NAK_RNR, r.onData(0, 1_000, true, false, 10));
        assertEquals(0, r.expectedPsn());
        assertEquals(Answer.NONE, r.onData(1, 1_000, false, true, 20));
        assertEquals(Answer.NONE, r.onData(2, 1_000, true, false, 30));
        assertEquals(Answer.NAK_RNR, r.onData(0, 1_000, true, false, 60), "a resend before the post");
        assertEquals(Answer.ACK, r.onData(0, 1_000, true, false, 110));
        assertEquals(2, r.rnrNaks());
        assertEquals(4_000, r.rnrDroppedBytes(), "the two NAKed packets and the two behind the first");
        assertEquals(100, r.rnrWaitedPs(), "from the first NAK (10) to the packet taken (110)");
        assertEquals(Answer.NAK_SEQUENCE, r.onData(2, 1_000, true, false, 120), "a later gap is a plain one");
        assertEquals(4_000, r.rnrDroppedBytes());
    }

    /** A receive posted with the rank's own step ({@code postAt(NEVER)}, then the start) is the earlier of the two. */
    @Test
    void postedLater_byTheEarliestCall() {
        RcResponder r = new RcResponder(1, 1_000);
        r.postAt(io.fabricemu.time.Ps.NEVER);
        assertEquals(Answer.NAK_RNR, r.onData(0, 1_000, true, true, 1_000_000));
        r.postAt(1_500_000);
        assertEquals(Answer.ACK, r.onData(0, 1_000, true, true, 1_500_000));
        assertEquals(500_000, r.rnrWaitedPs());
    }
}

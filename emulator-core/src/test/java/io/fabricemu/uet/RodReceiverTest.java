package io.fabricemu.uet;

import static io.fabricemu.uet.RodReceiver.Verdict.DELIVER;
import static io.fabricemu.uet.RodReceiver.Verdict.DUPLICATE;
import static io.fabricemu.uet.RodReceiver.Verdict.IGNORE;
import static io.fabricemu.uet.RodReceiver.Verdict.NACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The target side of a ROD PDC of ten packets. */
class RodReceiverTest {
    private static RodReceiver deliveredUpTo(int psns) {
        RodReceiver r = new RodReceiver(10);
        for (int psn = 0; psn < psns; psn++) {
            assertEquals(DELIVER, r.onArrival(psn, false));
            r.delivered(psn);
        }
        return r;
    }

    @Test
    void onArrival_inOrder_deliversEachAndExpectsTheNext() {
        RodReceiver r = deliveredUpTo(10);
        assertEquals(10, r.expectedPsn());
        assertEquals(0, r.nacks());
    }

    @Test
    void onArrival_laterPsns_nackOncePerGapUntilTheNackedPsnIsDelivered() {
        RodReceiver r = deliveredUpTo(2);
        assertEquals(NACK, r.onArrival(3, false), "PSN 2 is missing");
        assertEquals(IGNORE, r.onArrival(4, false));
        assertEquals(IGNORE, r.onArrival(5, true), "a later trim within the same gap");
        assertTrue(r.gapReported());
        assertEquals(2, r.expectedPsn());
        assertEquals(DELIVER, r.onArrival(2, false));
        r.delivered(2);
        assertFalse(r.gapReported());
        assertEquals(NACK, r.onArrival(4, false), "a new gap at PSN 3");
        assertEquals(2, r.nacks());
        assertEquals(3, r.discardedPackets(), "PSNs 3, 4 and 4 again; the trimmed 5 carried nothing");
    }

    @Test
    void onArrival_theExpectedPsnTrimmed_isNackedEveryTime() {
        RodReceiver r = deliveredUpTo(1);
        assertEquals(NACK, r.onArrival(1, true));
        assertEquals(IGNORE, r.onArrival(2, false));
        assertEquals(NACK, r.onArrival(1, true), "its resend trimmed again");
        assertEquals(2, r.nacks());
    }

    @Test
    void onArrival_belowTheExpectedPsn_isADuplicateOrIgnoredWhenTrimmed() {
        RodReceiver r = deliveredUpTo(3);
        assertEquals(DUPLICATE, r.onArrival(1, false));
        assertEquals(IGNORE, r.onArrival(1, true));
        assertEquals(3, r.expectedPsn());
        assertEquals(0, r.nacks());
    }

    @Test
    void onArrival_expectedPsnNotTaken_isLostAndTheNextArrivalNacksIt() {
        RodReceiver r = deliveredUpTo(1);
        assertEquals(DELIVER, r.onArrival(1, false)); // memory refuses it: no delivered(1)
        assertEquals(NACK, r.onArrival(2, false));
        assertEquals(1, r.expectedPsn());
    }

    @Test
    void invalidUse_isRejected() {
        RodReceiver r = deliveredUpTo(1);
        assertThrows(IllegalArgumentException.class, () -> r.delivered(2));
        assertThrows(IllegalArgumentException.class, () -> r.onArrival(10, false));
        assertThrows(IllegalArgumentException.class, () -> new RodReceiver(0));
    }
}

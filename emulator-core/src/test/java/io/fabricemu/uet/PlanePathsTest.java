package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A two-port PDC whose packets on port 1 are lost beyond the sender (the target's plane-1 link is down): port 1 is
 * avoided only on the evidence {@link PlanePaths} asks for, probed after the hold, and taken back on an ACK.
 */
class PlanePathsTest {
    private static final long RTO_PS = 100_000_000;

    /** Sends PSNs 0 to 5 alternately on ports 0 and 1, as round robin does. */
    private static PlanePaths sprayed() {
        PlanePaths paths = new PlanePaths(2, RTO_PS);
        for (int psn = 0; psn < 6; psn++) {
            paths.sent(psn, psn % 2);
        }
        return paths;
    }

    @Test
    void twoTimeoutsOnOnePortWhileTheOtherIsAcked_avoidItForOneTimeout() {
        PlanePaths paths = sprayed();
        paths.acked(0, 10_000_000);
        paths.acked(2, 11_000_000);
        long now = 105_000_000;
        paths.timedOut(1, now);
        assertFalse(paths.avoids(1, now), "one loss may be congestion or a random drop");
        paths.timedOut(3, now);
        assertTrue(paths.avoids(1, now));
        assertFalse(paths.avoids(0, now));
        assertTrue(paths.avoids(1, now + RTO_PS - 1));
        assertFalse(paths.avoids(1, now + RTO_PS), "the hold is over: the next packet on port 1 probes");
        assertEquals(1, paths.avoidances());
    }

    @Test
    void anAckOnThePortBetweenTwoLosses_keepsItInUse() {
        PlanePaths paths = sprayed();
        paths.acked(0, 10_000_000);
        paths.timedOut(1, 105_000_000);
        paths.acked(3, 106_000_000);
        paths.timedOut(5, 107_000_000);
        assertFalse(paths.avoids(1, 107_000_000));
    }

    @Test
    void withNoAckOnAnyOtherPortWithinATimeout_nothingIsAvoided() {
        PlanePaths paths = sprayed();
        paths.acked(0, 1_000_000);
        paths.timedOut(1, 105_000_000);
        paths.timedOut(3, 105_000_000);
        assertFalse(paths.avoids(1, 105_000_000), "port 0's last ACK is older than a timeout: every path may be down");
    }

    @Test
    void aLostProbeDoublesTheHold_anAckedOneEndsTheAvoidance() {
        PlanePaths paths = sprayed();
        paths.acked(0, 10_000_000);
        paths.timedOut(1, 105_000_000);
        paths.timedOut(3, 105_000_000);
        long holdOverPs = 105_000_000 + RTO_PS;
        paths.sent(6, 1);
        assertTrue(paths.avoids(1, holdOverPs), "one probe at a time");
        paths.acked(4, holdOverPs + 1);
        paths.timedOut(6, holdOverPs + RTO_PS);
        assertTrue(paths.avoids(1, holdOverPs + 3 * RTO_PS - 1), "the second hold is two timeouts");
        assertFalse(paths.avoids(1, holdOverPs + 3 * RTO_PS));
        paths.sent(7, 1);
        paths.acked(7, holdOverPs + 3 * RTO_PS + 5_000_000);
        assertFalse(paths.avoids(1, holdOverPs + 3 * RTO_PS + 5_000_000));
        paths.sent(8, 1);
        assertFalse(paths.avoids(1, holdOverPs + 3 * RTO_PS + 5_000_000), "a healthy port is no probe");
    }

    @Test
    void aProbeSentAgainOnAnotherPort_letsTheNextPacketProbe() {
        PlanePaths paths = sprayed();
        paths.acked(0, 10_000_000);
        paths.timedOut(1, 105_000_000);
        paths.timedOut(3, 105_000_000);
        paths.sent(6, 1);
        paths.sent(6, 0);
        assertFalse(paths.avoids(1, 205_000_001));
    }

    @Test
    void aPortIsNeverAvoidedWhenEveryOtherIsToo() {
        PlanePaths paths = new PlanePaths(2, RTO_PS);
        for (int psn = 0; psn < 8; psn++) {
            paths.sent(psn, psn % 2);
        }
        paths.acked(0, 10_000_000);
        paths.acked(1, 10_000_000);
        paths.timedOut(3, 105_000_000);
        paths.timedOut(5, 105_000_000);
        paths.timedOut(2, 105_000_000);
        paths.timedOut(4, 105_000_000);
        assertEquals(2, paths.avoidances(), "each port had the other's ACK within a timeout");
        assertFalse(paths.avoids(1, 105_000_000), "both are suspect: the PDC keeps spraying over both");
        assertFalse(paths.avoids(0, 105_000_000));
    }
}

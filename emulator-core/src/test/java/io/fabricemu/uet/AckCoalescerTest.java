package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When a target sends ACK_CCs: the reference simulator's coalescing (htsim {@code UecSink::processData},
 * {@code shouldSack}: 16,384 B, the first packet, ECN and AR at once) and the other policies.
 */
class AckCoalescerTest {
    private static final int PACKET_BYTES = 4_150;

    /** Which of {@code n} in-order, unmarked packets without AR get an ACK_CC (1-based). */
    private static List<Integer> acked(AckPolicy policy, int n) {
        AckCoalescer c = new AckCoalescer(policy, 1);
        List<Integer> acked = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            if (c.onAccepted(0, PACKET_BYTES, k == 1, false, false, 0)) {
                acked.add(k);
            }
        }
        return acked;
    }

    @Test
    void referenceAcksTheFirstPacketThenEveryFourthOf4150Bytes() {
        // First: at once. Then 4,150, 8,300, 12,450 stay under 16,384; the fourth brings 16,600 >= 16,384.
        assertEquals(List.of(1, 5, 9, 13), acked(AckPolicy.REFERENCE, 15));
    }

    @Test
    void aThresholdOfExactlyFourPacketsAcksOnTheFourth() {
        assertEquals(List.of(1, 5, 9), acked(new AckPolicy(4 * PACKET_BYTES, 0, false), 10));
        assertEquals(List.of(1, 6, 11), acked(new AckPolicy(4 * PACKET_BYTES + 1, 0, false), 11));
    }

    @Test
    void everyPacketAndPacketCounts() {
        assertEquals(List.of(1, 2, 3, 4), acked(AckPolicy.EVERY_PACKET, 4));
        assertEquals(List.of(1, 3, 5, 7), acked(new AckPolicy(0, 2, false), 8));
    }

    /** ECN (as the first packet and owed credit) must be answered at once: it restarts the count. */
    @Test
    void ecnAcksAtOnceAndRestartsTheCount() {
        AckCoalescer c = new AckCoalescer(AckPolicy.REFERENCE, 1);
        assertEquals(true, c.onAccepted(0, PACKET_BYTES, true, false, false, 0));
        assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
        assertEquals(true, c.onAccepted(0, PACKET_BYTES, true, false, false, 0));
        // After the marked one, three more clean packets are under the threshold again; the fourth is not.
        assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
        assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
        assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
        assertEquals(true, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
    }

    @Test
    void anOutOfOrderRequestIsAnsweredAtOnceAndAgainWhenItsGapFills() {
        AckCoalescer c = new AckCoalescer(AckPolicy.REFERENCE, 1);
        c.onAccepted(0, PACKET_BYTES, true, false, false, 0);
        // PSN 2 arrives before PSN 1, with AR: answered now, one packet still held beyond the cumulative PSN.
        assertEquals(true, c.onAccepted(0, PACKET_BYTES, false, true, true, 1));
        // PSN 1 fills the gap: the owed ACK_CC leaves although the byte threshold is far.
        assertEquals(true, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
        // Owed once only.
        assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
    }

    @Test
    void anInOrderRequestOwesNothingLater() {
        AckCoalescer c = new AckCoalescer(AckPolicy.REFERENCE, 1);
        c.onAccepted(0, PACKET_BYTES, true, false, false, 0);
        assertEquals(true, c.onAccepted(0, PACKET_BYTES, false, true, false, 0));
        assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
    }

    @Test
    void outOfOrderAtOnceOnlyWhenAsked() {
        AckCoalescer coalesce = new AckCoalescer(AckPolicy.REFERENCE, 1);
        AckCoalescer immediate = new AckCoalescer(new AckPolicy(AckPolicy.REFERENCE_BYTES, 0, true), 1);
        coalesce.onAccepted(0, PACKET_BYTES, true, false, false, 0);
        immediate.onAccepted(0, PACKET_BYTES, true, false, false, 0);
        assertEquals(false, coalesce.onAccepted(0, PACKET_BYTES, false, false, true, 1));
        assertEquals(true, immediate.onAccepted(0, PACKET_BYTES, false, false, true, 1));
    }

    @Test
    void flowsCountApartAndADuplicateRestartsTheCount() {
        AckCoalescer c = new AckCoalescer(AckPolicy.REFERENCE, 2);
        c.onAccepted(0, PACKET_BYTES, true, false, false, 0);
        c.onAccepted(1, PACKET_BYTES, true, false, false, 0);
        for (int k = 0; k < 3; k++) {
            assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
        }
        assertEquals(false, c.onAccepted(1, PACKET_BYTES, false, false, false, 0));
        c.acknowledged(0);
        assertEquals(false, c.onAccepted(0, PACKET_BYTES, false, false, false, 0));
        assertEquals(false, c.onAccepted(1, PACKET_BYTES, false, false, false, 0));
        assertEquals(false, c.onAccepted(1, PACKET_BYTES, false, false, false, 0));
        assertEquals(true, c.onAccepted(1, PACKET_BYTES, false, false, false, 0));
    }

    @Test
    void aPolicyNeedsAThreshold() {
        assertThrows(IllegalArgumentException.class, () -> new AckPolicy(0, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new AckPolicy(-1, 1, false));
    }
}

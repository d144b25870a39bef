package io.fabricemu.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.host.FlowReceiver;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FlowTransportTest {
    @Test
    void sender_segmentsToTheMtuPayloadWithAShortLastPacket() {
        FlowSender s = new FlowSender(1, 1_000_000, 4086, 1000, 10_000_000);
        assertEquals(245, s.packetCount());
        assertEquals(4086, s.payloadOf(0));
        assertEquals(3016, s.payloadOf(244));
    }

    @Test
    void sender_ofAFlowNearTheLargestLong_countsItsPacketsAndSends() {
        FlowSender s = new FlowSender(1, Long.MAX_VALUE, 4086, 1000, 10_000_000);
        assertEquals(Long.MAX_VALUE / 4086 + 1, s.packetCount());
        assertEquals(0, s.nextSendablePsn(0), "a count wrapped negative left nothing to send");
        assertEquals(Long.MAX_VALUE % 4086, s.payloadOf(s.packetCount() - 1));
    }

    @Test
    void receiver_ofMorePacketsThanItCanIndex_isRejected() {
        assertEquals(Integer.MAX_VALUE - 1, new FlowReceiver(1, Integer.MAX_VALUE - 1, 1).packetCount());
        assertThrows(IllegalArgumentException.class, () -> new FlowReceiver(1, Integer.MAX_VALUE, 1));
        assertThrows(IllegalArgumentException.class, () -> new FlowReceiver(1, Long.MAX_VALUE, 4086));
        assertThrows(IllegalArgumentException.class, () -> new FlowReceiver(1, 0, 4086));
    }

    @Test
    void sender_windowLimitsBytesInFlight() {
        FlowSender s = new FlowSender(1, 100_000, 1000, 1000, 3000);
        for (int i = 0; i < 3; i++) {
            assertEquals(i, s.nextSendablePsn(0));
            s.sent(i, 0);
        }
        assertEquals(-1, s.nextSendablePsn(0));
        assertEquals(3000, s.inflightBytes());
        s.acked(2, 10, 0, false);
        assertEquals(1000, s.inflightBytes());
        assertEquals(3, s.nextSendablePsn(10));
    }

    @Test
    void sender_timeoutGoesBackToTheFirstUnackedPsnAndCountsRetransmissions() {
        FlowSender s = new FlowSender(1, 5000, 1000, 100, 10_000);
        for (int i = 0; i < 5; i++) {
            s.sent(i, 0);
        }
        s.acked(2, 50, 0, false);
        assertFalse(s.timerFired(100), "the ACK moved the deadline to 150");
        assertTrue(s.timerFired(150));
        assertEquals(2, s.nextSendablePsn(150));
        s.sent(2, 150);
        assertEquals(1000, s.retransmittedBytes());
        s.acked(5, 160, 0, false);
        assertTrue(s.done());
        assertEquals(-1, s.nextSendablePsn(160));
    }

    @Test
    void sender_nackedPsnGoesAgainAheadOfNewDataWithoutWaitingForTheWindow() {
        FlowSender s = new FlowSender(1, 10_000, 1000, 1000, 3000);
        for (int i = 0; i < 3; i++) {
            s.sent(i, 0);
        }
        assertEquals(-1, s.nextSendablePsn(5), "window full");
        s.nacked(1, 5);
        s.nacked(1, 6);
        assertEquals(1, s.nextSendablePsn(6), "the NACKed PSN is already in flight: no window needed");
        s.sent(1, 6);
        assertEquals(1000, s.retransmittedBytes());
        assertEquals(-1, s.nextSendablePsn(7), "a duplicate NACK queued nothing more");
        assertEquals(3000, s.inflightBytes());
    }

    @Test
    void sender_staleNackIsIgnored() {
        FlowSender s = new FlowSender(1, 10_000, 1000, 1000, 5000);
        for (int i = 0; i < 3; i++) {
            s.sent(i, 0);
        }
        s.acked(2, 5, 0, false);
        s.nacked(1, 6);
        s.nacked(7, 6);
        assertEquals(3, s.nextSendablePsn(6), "PSN 1 is acknowledged and PSN 7 was never sent");
    }

    @Test
    void receiver_countsEachByteOnceAndAcksCumulatively() {
        FlowReceiver r = new FlowReceiver(1, 2500, 1000);
        assertEquals(0, r.onData(1, 1000, 10));
        assertEquals(0, r.onData(1, 1000, 11));
        assertEquals(2, r.onData(0, 1000, 12));
        assertFalse(r.complete());
        assertEquals(3, r.onData(2, 500, 13));
        assertTrue(r.complete());
        assertEquals(13, r.finishPs());
        assertEquals(2500, r.deliveredBytes());
        assertEquals(1, r.duplicatePackets());
    }

    /**
     * Sender and receiver over a lossy, reordering channel in both directions: every byte arrives exactly
     * once and the sender learns it, whatever is lost.
     */
    @ParameterizedTest(name = "loss {0}%")
    @ValueSource(ints = {0, 1, 10, 30})
    void transport_deliversEveryByteExactlyOnceUnderLoss(int lossPercent) {
        deliverEveryByteExactlyOnce(lossPercent, false);
    }

    /** As above, but half the lost packets are trimmed instead: their NACKs come back (or are lost too). */
    @ParameterizedTest(name = "loss {0}%")
    @ValueSource(ints = {1, 10, 30})
    void transport_deliversEveryByteExactlyOnceWithTrimming(int lossPercent) {
        deliverEveryByteExactlyOnce(lossPercent, true);
    }

    private static void deliverEveryByteExactlyOnce(int lossPercent, boolean trimInsteadOfLoss) {
        SplittableRandom random = new SplittableRandom(lossPercent);
        long rto = 1_000;
        FlowSender s = new FlowSender(7, 1_234_567, 4086, rto, 64 * 1024);
        FlowReceiver r = new FlowReceiver(7, 1_234_567, 4086);
        ArrayDeque<long[]> toReceiver = new ArrayDeque<>();
        ArrayDeque<Long> toSender = new ArrayDeque<>();
        ArrayDeque<Long> toNackBack = new ArrayDeque<>();
        long now = 0;
        for (int step = 0; step < 2_000_000 && !s.done(); step++) {
            now += 10;
            long psn = s.nextSendablePsn(now);
            if (psn >= 0) {
                int payload = s.payloadOf(psn);
                s.sent(psn, now);
                int fate = random.nextInt(100);
                if (fate >= lossPercent) {
                    toReceiver.addLast(new long[] {psn, payload});
                } else if (trimInsteadOfLoss && fate % 2 == 0) {
                    toNackBack.addLast(psn);
                }
            }
            if (!toReceiver.isEmpty() && random.nextInt(3) == 0) {
                long[] p = random.nextBoolean() || toReceiver.size() == 1 ? toReceiver.pollFirst() : toReceiver.pollLast();
                long cumulative = r.onData(p[0], (int) p[1], now);
                if (random.nextInt(100) >= lossPercent) {
                    toSender.addLast(cumulative);
                }
            }
            if (!toSender.isEmpty() && random.nextInt(2) == 0) {
                s.acked(toSender.pollFirst(), now, Math.max(0, now - 100), false);
            }
            if (!toNackBack.isEmpty() && random.nextInt(2) == 0) {
                s.nacked(toNackBack.pollFirst(), now);
            }
            s.timerFired(now);
        }
        assertTrue(s.done(), "sender finished");
        assertTrue(r.complete());
        assertEquals(1_234_567, r.deliveredBytes());
        if (lossPercent > 0) {
            assertTrue(s.retransmittedBytes() > 0);
        }
    }
}

package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The packet state of one PDC: a flow of 10,000 B in packets of 4,096 B payload and 54 B header, so three
 * packets of 4,096, 4,096 and 1,808 B payload (4,150, 4,150 and 1,862 B on the wire), with a 1 us
 * retransmission timeout. The target's PDC id is 5 throughout.
 */
class PdcSenderTest {
    private static final int FLOW = 42;
    private static final long BYTES = 10_000;
    private static final int PAYLOAD = 4_096;
    private static final int HEADER = 54;
    private static final long RTO_PS = 1_000_000;
    private static final int TARGET_PDC = 5;

    /** What {@link PdcSender#expire} gave up, in order. */
    private record Lost(int psn, int payloadBytes, int entropy) {
    }

    private static PdcSender pdc() {
        return new PdcSender(FLOW, BYTES, PAYLOAD, HEADER, RTO_PS);
    }

    /** A PDC whose three packets left at 0, 400,000 and 800,000 ps with entropy 11, 12 and 13. */
    /** An ACK_CC without a SACK bitmap; the wire bytes of the resends it cancels. */
    private static long ack(PdcSender s, long ackPsn, long cumulativePsn, int spdcid, long nowPs) {
        return ack(s, ackPsn, cumulativePsn, -1, 0, spdcid, nowPs);
    }

    /** An ACK_CC, SACK bitmap and all; the wire bytes of the resends it cancels. */
    private static long ack(PdcSender s, long ackPsn, long cumulativePsn, long sackBasePsn, long sackBitmap, int spdcid,
                            long nowPs) {
        long[] wireBytes = {0};
        s.onAck(ackPsn, cumulativePsn, sackBasePsn, sackBitmap, spdcid, nowPs,
                (psn, payloadBytes, wire) -> wireBytes[0] += wire);
        return wireBytes[0];
    }

    private static PdcSender allSent() {
        PdcSender s = pdc();
        for (int psn = 0; psn < 3; psn++) {
            assertEquals(psn, s.nextPsn());
            assertFalse(s.sent(psn, 11 + psn, psn * 400_000L));
        }
        return s;
    }

    private static List<Lost> expire(PdcSender s, long nowPs, long expectedNextDeadlinePs) {
        List<Lost> lost = new ArrayList<>();
        assertEquals(expectedNextDeadlinePs, s.expire(nowPs, (psn, payload, ev) -> lost.add(new Lost(psn, payload, ev))));
        return lost;
    }

    // ---------------------------------------------------------------- sizes

    @Test
    void constructor_tenThousandBytes_makesThreePacketsTheLastShort() {
        PdcSender s = pdc();
        assertEquals(FLOW, s.flowId());
        assertEquals(3, s.packetCount());
        assertEquals(4_096, s.payloadOf(0));
        assertEquals(4_096, s.payloadOf(1));
        assertEquals(1_808, s.payloadOf(2)); // 10,000 - 2 x 4,096
        assertEquals(4_150, s.wireBytesOf(0));
        assertEquals(1_862, s.wireBytesOf(2));
        assertEquals(10_162, s.wireBytes()); // 10,000 + 3 x 54: what RCCC asks credit for
    }

    @ParameterizedTest(name = "totalBytes {0}, payload {1}, header {2}, rto {3}")
    @CsvSource({"0, 4096, 54, 1000", "10000, 0, 54, 1000", "10000, 4096, 0, 1000", "10000, 4096, 54, 0",
            "-1, 4096, 54, 1000"})
    void constructor_nonPositiveArgument_isRejected(long totalBytes, int payload, int header, long rtoPs) {
        assertThrows(IllegalArgumentException.class, () -> new PdcSender(FLOW, totalBytes, payload, header, rtoPs));
    }

    @Test
    void constructor_moreThanAnIntOfPackets_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> new PdcSender(FLOW, 1L << 32, 1, HEADER, RTO_PS));
        // so large that counting its packets as (bytes + payload - 1) / payload wrapped to a negative count
        assertThrows(IllegalArgumentException.class, () -> new PdcSender(FLOW, Long.MAX_VALUE, PAYLOAD, HEADER,
                RTO_PS));
    }

    // ---------------------------------------------------------------- order of transmission

    @Test
    void nextPsn_newData_goesInPsnOrderThenNothing() {
        PdcSender s = allSent();
        assertEquals(-1, s.nextPsn());
        assertEquals(12, s.entropyOf(1));
        assertEquals(0, s.retransmittedBytes());
    }

    @Test
    void sent_aPsnThatIsNotNext_isRejected() {
        PdcSender s = pdc();
        assertThrows(IllegalArgumentException.class, () -> s.sent(1, 0, 0));
        s.sent(0, 0, 0);
        // 0 has gone and is not queued for retransmission: sending it again is a caller error
        assertThrows(IllegalArgumentException.class, () -> s.sent(0, 0, 10));
    }

    @Test
    void nextPsn_retransmissionWaiting_goesBeforeNewData() {
        PdcSender s = pdc();
        s.sent(0, 11, 0);
        s.sent(1, 12, 400_000);
        assertTrue(s.onNack(0, 0));
        assertEquals(0, s.nextPsn(), "the NACKed PSN 0 goes before new PSN 2");
        assertTrue(s.sent(0, 21, 500_000));
        assertEquals(2, s.nextPsn());
        assertFalse(s.sent(2, 13, 600_000));
        assertEquals(-1, s.nextPsn());
        assertEquals(21, s.entropyOf(0), "the retransmission's entropy replaces the first one's");
        assertEquals(4_096, s.retransmittedBytes());
        assertEquals(1, s.nacks());
    }

    @Test
    void nextPsn_severalRetransmissions_goInTheOrderTheyWereGivenUp() {
        PdcSender s = allSent();
        assertTrue(s.onNack(2, 800_000));
        assertTrue(s.onNack(0, 0));
        assertEquals(2, s.nextPsn());
        assertTrue(s.sent(2, 0, 900_000));
        assertEquals(0, s.nextPsn());
        assertTrue(s.sent(0, 0, 1_000_000));
        assertEquals(-1, s.nextPsn());
        assertEquals(1_808 + 4_096, s.retransmittedBytes());
    }

    // ---------------------------------------------------------------- SYN and the target's PDC id

    @Test
    void syn_untilTheFirstAck_thenTheTargetPdcIdForGood() {
        PdcSender s = allSent();
        assertTrue(s.syn());
        assertEquals(0, s.dpdcid());
        ack(s, 0, 1, TARGET_PDC, 1_000_000);
        assertFalse(s.syn());
        assertEquals(TARGET_PDC, s.dpdcid());
        ack(s, 1, 2, TARGET_PDC, 1_100_000);
        assertEquals(TARGET_PDC, s.dpdcid());
    }

    @Test
    void onAck_targetPdcIdChanges_isRejected() {
        PdcSender s = allSent();
        ack(s, 0, 1, TARGET_PDC, 1_000_000);
        assertThrows(IllegalStateException.class, () -> ack(s, 1, 2, TARGET_PDC + 1, 1_100_000));
    }

    @Test
    void onAck_targetPdcIdNotPositive_isRejected() {
        PdcSender s = allSent();
        assertThrows(IllegalArgumentException.class, () -> ack(s, 0, 1, 0, 1_000_000));
        assertTrue(s.syn());
    }

    // ---------------------------------------------------------------- acknowledgement

    @Test
    void onAck_sackBitmap_acknowledgesEveryPsnItNames() {
        PdcSender s = allSent();
        // A coalesced ACK_CC caused by PSN 2: nothing cumulative yet, the bitmap from PSN 1 names 1 and 2.
        ack(s, 2, 0, 1, 0b11, TARGET_PDC, 1_000_000);
        assertFalse(s.closed());
        List<Lost> lost = new ArrayList<>();
        s.expire(2_000_000, (psn, payload, ev) -> lost.add(new Lost(psn, payload, ev)));
        assertEquals(List.of(new Lost(0, PAYLOAD, 11)), lost, "only PSN 0 was not acknowledged");
        ack(s, 0, 3, -1, 0, TARGET_PDC, 2_100_000);
        assertTrue(s.closed());
    }

    @Test
    void onAck_sackBitmap_cancelsTheResendOfAPacketGivenUp() {
        PdcSender s = allSent();
        s.expire(1_000_000, (psn, payload, ev) -> { });
        assertEquals(0, s.nextPsn());
        // PSN 0 arrived after all: a later ACK_CC caused by PSN 2 names it in its bitmap.
        assertEquals(4_150, ack(s, 2, 0, 0, 0b101, TARGET_PDC, 1_100_000));
        assertEquals(-1, s.nextPsn(), "nothing left to resend; PSN 1 is still outstanding");
        ack(s, 1, 3, -1, 0, TARGET_PDC, 1_200_000);
        assertTrue(s.closed());
    }

    @Test
    void onAck_selectiveOutOfOrder_closesWhenTheGapFills() {
        PdcSender s = allSent();
        assertEquals(0, ack(s, 2, 0, TARGET_PDC, 1_000_000)); // PSN 2 first: 0 and 1 still missing
        assertFalse(s.closed());
        assertEquals(0, ack(s, 0, 1, TARGET_PDC, 1_100_000));
        assertFalse(s.closed());
        assertEquals(-1, s.closedPs());
        assertEquals(0, ack(s, 1, 3, TARGET_PDC, 1_200_000));
        assertTrue(s.closed());
        assertEquals(1_200_000, s.closedPs());
        // a late duplicate changes nothing, not even the closing time
        assertEquals(0, ack(s, 2, 3, TARGET_PDC, 1_300_000));
        assertEquals(1_200_000, s.closedPs());
    }

    @Test
    void onAck_cumulativePsn_acknowledgesEverythingBelowIt() {
        PdcSender s = allSent();
        ack(s, 0, 0, TARGET_PDC, 900_000);
        // an ACK_CC whose own PSN was already acknowledged still carries the cumulative PSN 3
        ack(s, 0, 3, TARGET_PDC, 1_000_000);
        assertTrue(s.closed());
        assertEquals(1_000_000, s.closedPs());
        assertEquals(Long.MAX_VALUE, s.expire(5_000_000, (psn, payload, ev) -> {
            throw new AssertionError("nothing is outstanding");
        }));
    }

    @Test
    void onAck_staleCumulativePsn_changesNothing() {
        PdcSender s = allSent();
        ack(s, -1, 2, TARGET_PDC, 1_000_000);
        ack(s, -1, 1, TARGET_PDC, 1_100_000);
        assertFalse(s.closed());
        assertEquals(List.of(new Lost(2, 1_808, 13)), expire(s, 1_800_000, Long.MAX_VALUE));
    }

    @Test
    void onAck_psnNotYetSent_isRejected() {
        PdcSender s = pdc();
        s.sent(0, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> ack(s, 1, 0, TARGET_PDC, 100));
        // nor may the cumulative PSN run past what was sent
        assertThrows(IllegalArgumentException.class, () -> ack(s, -1, 2, TARGET_PDC, 100));
    }

    // ---------------------------------------------------------------- NACK

    @Test
    void onNack_outstandingPacket_queuesItOnce() {
        PdcSender s = allSent();
        assertTrue(s.onNack(1, 400_000));
        assertFalse(s.onNack(1, 400_000), "already queued: a second NACK is stale");
        assertEquals(1, s.nacks());
        assertEquals(1, s.nextPsn());
    }

    @Test
    void onNack_ofACopyTimedOutAndSentAgain_isStale() {
        // PSN 1 leaves at 400,000, times out at 1,400,000 and leaves again at 1,500,000; the NACK of its first
        // copy comes back only then. The second copy may still arrive: giving it up too would resend it once
        // more and count its bytes out of flight twice.
        PdcSender s = allSent();
        ack(s, 0, 1, TARGET_PDC, 500_000);
        assertEquals(List.of(new Lost(1, 4_096, 12)), expire(s, 1_400_000, 1_800_000));
        assertTrue(s.sent(1, 22, 1_500_000));
        assertFalse(s.onNack(1, 400_000), "the NACK is about the copy already given up");
        assertEquals(0, s.nacks());
        assertEquals(-1, s.nextPsn(), "nothing is queued");
        assertTrue(s.onNack(1, 1_500_000), "a NACK of the latest copy counts");
        assertEquals(1, s.nextPsn());
    }

    @Test
    void onNack_acknowledgedPacket_isStale() {
        PdcSender s = allSent();
        ack(s, 1, 0, TARGET_PDC, 1_000_000);
        assertFalse(s.onNack(1, 400_000));
        assertEquals(0, s.nacks());
        assertEquals(-1, s.nextPsn());
    }

    @Test
    void onNack_psnNeverSent_isRejected() {
        PdcSender s = pdc();
        s.sent(0, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> s.onNack(1, 0));
        assertThrows(IllegalArgumentException.class, () -> s.onNack(-1, 0));
    }

    @Test
    void onNack_retransmittedPacketTrimmedAgain_isQueuedAgain() {
        PdcSender s = allSent();
        assertTrue(s.onNack(0, 0));
        assertTrue(s.sent(0, 21, 900_000));
        assertTrue(s.onNack(0, 900_000));
        assertEquals(0, s.nextPsn());
        assertTrue(s.sent(0, 22, 1_000_000));
        assertEquals(-1, s.nextPsn());
        assertEquals(2, s.nacks());
        assertEquals(2 * 4_096, s.retransmittedBytes());
    }

    // ---------------------------------------------------------------- given up, then acknowledged

    @Test
    void onAck_packetQueuedForRetransmission_returnsItsWireBytesAndIsNotResent() {
        PdcSender s = allSent();
        assertTrue(s.onNack(2, 800_000));
        // the NACK was for a copy the switch trimmed; the data arrived after all (or a duplicate did)
        assertEquals(1_862, ack(s, 2, 0, TARGET_PDC, 1_000_000));
        assertEquals(-1, s.nextPsn(), "PSN 2 is acknowledged: its retransmission is cancelled");
        assertEquals(0, s.retransmittedBytes());
    }

    @Test
    void onAck_cumulativeOverQueuedPackets_returnsTheirWireBytes() {
        PdcSender s = allSent();
        assertEquals(List.of(new Lost(0, 4_096, 11), new Lost(1, 4_096, 12), new Lost(2, 1_808, 13)),
                expire(s, 1_800_000, Long.MAX_VALUE));
        assertEquals(4_150 + 4_150, ack(s, -1, 2, TARGET_PDC, 1_900_000));
        assertEquals(2, s.nextPsn());
        assertEquals(1_862, ack(s, 2, 3, TARGET_PDC, 2_000_000));
        assertEquals(-1, s.nextPsn());
        assertTrue(s.closed());
    }

    // ---------------------------------------------------------------- timeout

    @Test
    void expire_givesUpOnlyPacketsSentAtLeastOneTimeoutAgo() {
        PdcSender s = allSent(); // sent at 0, 400,000 and 800,000 ps: deadlines 1,000,000, 1,400,000, 1,800,000
        assertEquals(List.of(), expire(s, 999_999, 1_000_000));
        assertEquals(List.of(new Lost(0, 4_096, 11)), expire(s, 1_000_000, 1_400_000));
        assertEquals(1, s.timeouts());
        assertEquals(0, s.nextPsn());
        // a packet already queued is not given up twice
        assertEquals(List.of(), expire(s, 1_000_000, 1_400_000));
        assertEquals(1, s.timeouts());
    }

    @Test
    void expire_afterARetransmission_countsFromTheNewTransmission() {
        PdcSender s = allSent();
        expire(s, 1_000_000, 1_400_000);
        assertTrue(s.sent(0, 21, 1_100_000)); // deadline now 2,100,000
        ack(s, 1, 0, TARGET_PDC, 1_200_000);
        assertEquals(List.of(new Lost(2, 1_808, 13)), expire(s, 1_800_000, 2_100_000));
        assertEquals(List.of(new Lost(0, 4_096, 21)), expire(s, 2_100_000, Long.MAX_VALUE));
        assertEquals(3, s.timeouts());
        assertEquals(4_096, s.retransmittedBytes());
    }

    @Test
    void expire_skipsAcknowledgedPackets() {
        PdcSender s = allSent();
        ack(s, 0, 1, TARGET_PDC, 500_000);
        ack(s, 2, 1, TARGET_PDC, 600_000);
        assertEquals(List.of(), expire(s, 1_399_999, 1_400_000));
        assertEquals(List.of(new Lost(1, 4_096, 12)), expire(s, 1_400_000, Long.MAX_VALUE));
    }

    @Test
    void deadlineAfterSend_isOneTimeoutLater() {
        assertEquals(1_250_000, pdc().deadlineAfterSend(250_000));
    }

    @Test
    void retransmittedBytes_countsThePayloadOfEveryResend() {
        PdcSender s = allSent();
        long lastTxPs = 800_000;
        for (long t = 1_000_000; t <= 3_000_000; t += 1_000_000) {
            assertTrue(s.onNack(2, lastTxPs));
            assertTrue(s.sent(2, 13, t));
            lastTxPs = t;
        }
        assertEquals(3 * 1_808, s.retransmittedBytes());
        assertEquals(3, s.nacks());
        assertEquals(0, s.timeouts());
    }

    @Test
    void dropNotice_queuesTheLatestTransmission_notAnOlderOne() {
        PdcSender s = allSent();
        assertFalse(s.onDropNotice(1, 123), "a notice about a transmission at 123 ps, not the one at 400,000");
        assertTrue(s.onDropNotice(1, 400_000));
        assertEquals(1, s.nextPsn(), "resent ahead of anything new");
        assertFalse(s.onDropNotice(1, 400_000), "already queued");
        s.sent(1, 21, 900_000);
        assertFalse(s.onDropNotice(1, 400_000), "the copy sent at 900,000 may still arrive");
        assertThrows(IllegalArgumentException.class, () -> s.onDropNotice(3, 0));
    }
}

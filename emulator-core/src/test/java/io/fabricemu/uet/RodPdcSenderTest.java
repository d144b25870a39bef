package io.fabricemu.uet;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.uet.cc.CreditSender;
import io.fabricemu.uet.cc.Nscc;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccParams;
import io.fabricemu.uet.cc.PerAckNscc;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sending side of a ROD PDC: a flow of 20,000 B in packets of 4,096 B payload and 54 B header, so five
 * packets (four of 4,096 B and one of 3,616 B), a 1 us retransmission timeout, PSN {@code n} sent at
 * {@code n x 400,000} ps with entropy {@code 10 + n}. The target's PDC id is 5.
 */
class RodPdcSenderTest {
    private static final int FLOW = 42;
    private static final long BYTES = 20_000;
    private static final int PAYLOAD = 4_096;
    private static final int HEADER = 54;
    private static final long RTO_PS = 1_000_000;
    private static final int TARGET_PDC = 5;

    /** Records what a go-back or an ACK told the listener, in order. */
    private static final class Recorder implements RodPdcSender.Listener {
        final List<String> events = new ArrayList<>();

        @Override
        public void lost(int psn, int payloadBytes, int entropy) {
            events.add("lost " + psn + " " + payloadBytes + " ev" + entropy);
        }

        @Override
        public void discarded(int psn, int payloadBytes) {
            events.add("discarded " + psn + " " + payloadBytes);
        }

        @Override
        public void resendCancelled(int psn, int payloadBytes) {
            events.add("cancelled " + psn + " " + payloadBytes);
        }
    }

    private static RodPdcSender pdc() {
        return new RodPdcSender(FLOW, BYTES, PAYLOAD, HEADER, RTO_PS);
    }

    /** A PDC with PSNs 0 to {@code count - 1} sent. */
    private static RodPdcSender sent(int count) {
        RodPdcSender s = pdc();
        for (int psn = 0; psn < count; psn++) {
            assertEquals(psn, s.nextPsn());
            assertFalse(s.sent(psn, 10 + psn, psn * 400_000L));
        }
        return s;
    }

    @Test
    void sent_inPsnOrderOnly_thenNothingUntilAGoBack() {
        RodPdcSender s = sent(5);
        assertEquals(DeliveryMode.ROD, s.mode());
        assertEquals(5, s.packetCount());
        assertEquals(3_616, s.payloadOf(4));
        assertEquals(20_270, s.wireBytes()); // 20,000 + 5 x 54
        assertEquals(-1, s.nextPsn());
        assertThrows(IllegalArgumentException.class, () -> pdc().sent(1, 0, 0));
    }

    @Test
    void onNack_ofTheExpectedPsn_goesBackAndResendsEverythingFromIt() {
        RodPdcSender s = sent(5);
        Recorder r = new Recorder();
        // The target expects PSN 2 and saw PSN 3 (sent at 1,200,000): PSN 2 is lost, 3 and 4 will be discarded.
        assertTrue(s.onNack(2, 1_200_000, r));
        assertEquals(List.of("lost 2 4096 ev12", "discarded 3 4096", "discarded 4 3616"), r.events);
        assertEquals(1, s.nacks());
        assertEquals(2, s.nextPsn());
        assertTrue(s.sent(2, 20, 5_000_000));
        assertTrue(s.sent(3, 21, 5_400_000));
        assertTrue(s.sent(4, 22, 5_800_000));
        assertEquals(-1, s.nextPsn());
        assertEquals(4_096 + 4_096 + 3_616, s.retransmittedBytes());
    }

    @Test
    void onNack_stale_changesNothing() {
        RodPdcSender s = sent(5);
        Recorder r = new Recorder();
        s.onAck(2, TARGET_PDC, 3_000_000, r);
        assertFalse(s.onNack(1, 1_200_000, r), "PSN 1 is acknowledged");
        assertTrue(s.onNack(2, 1_200_000, r));
        r.events.clear();
        assertFalse(s.onNack(3, 1_600_000, r), "PSN 3 is already given up and not resent");
        assertTrue(s.sent(2, 20, 5_000_000));
        assertFalse(s.onNack(2, 1_600_000, r), "caused by PSN 4's first copy, which left before PSN 2's resend");
        assertTrue(s.onNack(2, 5_000_000, r), "the resend of PSN 2 itself, trimmed");
        assertEquals(List.of("lost 2 4096 ev20"), r.events);
        assertEquals(2, s.nacks());
        assertThrows(IllegalArgumentException.class, () -> sent(2).onNack(2, 0, r), "PSN 2 never sent");
    }

    @Test
    void onAck_cumulative_closesWhenEverythingIsAcknowledged() {
        RodPdcSender s = sent(5);
        Recorder r = new Recorder();
        assertTrue(s.syn());
        s.onAck(3, TARGET_PDC, 2_000_000, r);
        assertFalse(s.syn());
        assertEquals(TARGET_PDC, s.dpdcid());
        assertEquals(3, s.cumulativePsn());
        s.onAck(1, TARGET_PDC, 2_100_000, r); // stale
        assertEquals(3, s.cumulativePsn());
        assertFalse(s.closed());
        s.onAck(5, TARGET_PDC, 2_500_000, r);
        assertTrue(s.closed());
        assertEquals(2_500_000, s.closedPs());
        assertEquals(List.of(), r.events);
        assertThrows(IllegalArgumentException.class, () -> sent(2).onAck(3, TARGET_PDC, 0, r));
        assertThrows(IllegalStateException.class, () -> s.onAck(5, TARGET_PDC + 1, 0, r));
    }

    @Test
    void onAck_overPacketsGivenUpAndNotResent_cancelsTheirResend() {
        RodPdcSender s = sent(5);
        Recorder r = new Recorder();
        assertTrue(s.onNack(1, 800_000, r));
        r.events.clear();
        assertTrue(s.sent(1, 30, 4_000_000));
        // PSN 1's first copy was only late: the target acknowledges up to 3. PSN 1 went again (its resend will
        // be a duplicate); PSN 2 was given up and not resent, so it is cancelled and the PDC moves on to 3.
        s.onAck(3, TARGET_PDC, 4_100_000, r);
        assertEquals(List.of("cancelled 2 4096"), r.events);
        assertEquals(3, s.nextPsn());
    }

    @Test
    void expire_goesBackToTheOldestUnacknowledgedPsnOnceItsCopyIsATimeoutOld() {
        RodPdcSender s = sent(3);
        Recorder r = new Recorder();
        s.onAck(1, TARGET_PDC, 500_000, r);
        assertEquals(1_400_000, s.expire(1_000_000, r), "PSN 1 left at 400,000");
        assertEquals(List.of(), r.events);
        assertEquals(Long.MAX_VALUE, s.expire(1_400_000, r));
        assertEquals(List.of("lost 1 4096 ev11", "discarded 2 4096"), r.events);
        assertEquals(1, s.timeouts());
        assertEquals(1, s.nextPsn());
        assertEquals(Long.MAX_VALUE, s.expire(2_000_000, r), "nothing in flight");
    }

    // ---------------------------------------------------------------- with the congestion context

    /** The NIC's wiring of the listener to the context: NACK-driven go-backs. */
    private static RodPdcSender.Listener wired(SenderCcc ccc, boolean nacked) {
        return new RodPdcSender.Listener() {
            @Override
            public void lost(int psn, int payloadBytes, int entropy) {
                if (nacked) {
                    ccc.onNack(0, payloadBytes, payloadBytes + HEADER, NO_ENTROPY, 0);
                } else {
                    ccc.onTimeout(0, payloadBytes, payloadBytes + HEADER);
                }
            }

            @Override
            public void discarded(int psn, int payloadBytes) {
                ccc.onDiscarded(payloadBytes, payloadBytes + HEADER);
            }

            @Override
            public void resendCancelled(int psn, int payloadBytes) {
                ccc.onResendCancelled(payloadBytes, payloadBytes + HEADER);
            }
        };
    }

    private static void send(RodPdcSender s, SenderCcc ccc, long nowPs) {
        int psn = s.nextPsn();
        assertTrue(ccc.mayGo(s.payloadOf(psn), s.wireBytesOf(psn)), "PSN " + psn + " may go");
        s.sent(psn, 0, nowPs);
        ccc.onSent(nowPs, s.payloadOf(psn), s.wireBytesOf(psn));
    }

    @Test
    void goBacks_withNsccAndRccc_leaveInflightAndBacklogExact() {
        Nscc nscc = new PerAckNscc(NsccParams.defaults(100_000_000_000L, 6_000_000, PAYLOAD + HEADER)
                .withInitialWindowBytes(112_500), NsccCompanions.OFF);
        SenderCcc ccc = new SenderCcc(1);
        ccc.configure(nscc, new CreditSender(1_000_000));
        RodPdcSender s = pdc();
        ccc.open(s.wireBytes());
        for (int i = 0; i < 5; i++) {
            send(s, ccc, i * 400_000L);
        }
        assertEquals(BYTES, nscc.inflightBytes());

        // Target: 0 delivered, 1 trimmed, 2 to 4 discarded. The NACK of 1: 1 lost (off the window too),
        // 2 to 4 discarded (off inflight only). Only PSN 0 is still in flight.
        long cwndBefore = nscc.windowBytes();
        assertTrue(s.onNack(1, 400_000, wired(ccc, true)));
        assertEquals(PAYLOAD, nscc.inflightBytes());
        assertEquals(cwndBefore - PAYLOAD, nscc.windowBytes());
        assertEquals(4L * PAYLOAD - 4_096 + 3_616 + 4L * HEADER, ccc.credit().backlogBytes(), "PSNs 1 to 4 again");

        // The ACK_CC of PSN 0, then all four go again and are acknowledged: nothing in flight or backlogged.
        s.onAck(1, TARGET_PDC, 3_000_000, wired(ccc, false));
        ccc.onAck(AckCc.of(3_000_000, 0, PAYLOAD, false), -1, NO_ENTROPY);
        assertEquals(0, nscc.inflightBytes());
        for (int i = 0; i < 4; i++) {
            send(s, ccc, 4_000_000 + i * 200_000L);
        }
        // At 5,000,000 PSN 1's copy is a timeout old: back to 1, although 1 to 3 did arrive. PSNs 1 and 2 go
        // again (their copies will be duplicates); then the ACK_CC covering 1 to 3 reinstates PSN 3 (given up,
        // not resent) before its rcvd_bytes takes the three out: nothing is left in flight.
        assertEquals(Long.MAX_VALUE, s.expire(5_000_000, wired(ccc, false)));
        assertEquals(0, nscc.inflightBytes());
        send(s, ccc, 5_100_000);
        send(s, ccc, 5_500_000);
        s.onAck(4, TARGET_PDC, 6_000_000, wired(ccc, false));
        assertEquals(3L * PAYLOAD, nscc.inflightBytes());
        ccc.onAck(AckCc.of(6_000_000, 4_000_000, 4L * PAYLOAD, false), -1, NO_ENTROPY);
        assertEquals(0, nscc.inflightBytes(), "the duplicates will not be counted, so they are not in flight");
        assertEquals(4, s.nextPsn());
        send(s, ccc, 6_100_000);
        assertEquals(3_616, nscc.inflightBytes());
        s.onAck(5, TARGET_PDC, 7_000_000, wired(ccc, false));
        ccc.onAck(AckCc.of(7_000_000, 6_100_000, BYTES, false), -1, NO_ENTROPY);
        assertEquals(0, nscc.inflightBytes());
        assertEquals((3L + 2) * PAYLOAD + 2 * 3_616, s.retransmittedBytes(), "1 to 4 after the NACK, 1, 2 and 4 after the timeout");
        assertTrue(s.closed());
        assertEquals(0, ccc.credit().backlogBytes());
    }
}

package io.fabricemu.uet.cc;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static io.fabricemu.cc.Decision.HOLD;
import static io.fabricemu.cc.Decision.MULTIPLICATIVE_DECREASE;
import static io.fabricemu.cc.Decision.PROPORTIONAL_INCREASE;
import static io.fabricemu.cc.Decision.QUICK_ADAPT;
import static io.fabricemu.uet.cc.BaseRttLearning.OFF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import org.junit.jupiter.api.Test;

/**
 * The reference loop of NSCC ({@link ReferenceNscc}, {@link NsccLoop#REFERENCE}, htsim's
 * {@code UecSrc::updateCwndOnAck_NSCC})
 * on NsccTest's path: 100 Gb/s, base RTT 6 us (BDP 75,000 B, a = 0.5, MaxWnd 112,500 B), no trimming
 * (target 4.5 us), 4,096 B packets.
 */
class NsccLoopTest {
    private static final NsccParams P = NsccParams.defaults(100_000_000_000L, 6_000_000L, 4096);
    private static final long BASE_RTT_PS = 6_000_000;
    private static final long US = 1_000_000;

    @Test
    void resolve_derivesTheReferenceConstantsFromThePath() {
        ReferenceLoop r = NsccLoop.REFERENCE.resolve(P);
        // fi = 5 x 4,096 x 0.5; eta = 0.15 x 4,096 x 0.5 = 307.2; 8 MTU; the base RTT.
        assertEquals(10_240, r.fairIncreaseBytes());
        assertEquals(307, r.etaBytes());
        assertEquals(32_768, r.adjustBytes());
        assertEquals(BASE_RTT_PS, r.adjustPeriodPs());
        assertEquals(new ReferenceLoop(true, 3, 80, 1, 2, 3, 4, 80, OFF),
                new ReferenceLoop(true, 3, 80, 1, 2, 3, 4, 80, OFF).resolve(P));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceLoop(true, 21, 80, -1, -1, -1, -1, 80, OFF));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceLoop(true, 3, 0, -1, -1, -1, -1, 80, OFF));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceLoop(true, 3, 80, -2, -1, -1, -1, 80, OFF));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceLoop(true, 3, 80, -1, -1, -1, -1, 101, OFF));
    }

    @Test
    void increases_areBatchedUntilMoreThanEightMtuAreAcked() {
        Nscc n = reference(NsccLoop.REFERENCE);
        n.onSent(0, 1_000_000);
        // Delay 2.25 us, half the target: 1,536 B per window. The first ACK (8.25 us) is more than one period
        // after time 0, so its batch is due at once: 1,536 x 4,096 / 75,000 = 83.9 B, plus eta 307 B.
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 2_250_000, 4_096, false), NO_ENTROPY));
        assertEquals(75_390, n.windowBytes());
        long held = n.cwndFixed();
        for (int k = 2; k <= 9; k++) {      // 8 x 4,096 = 32,768 B: not more than 8 MTU yet
            assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 2_250_000, 4_096L * k, false), NO_ENTROPY));
            assertEquals(held, n.cwndFixed(), "ACK " + k);
        }
        n.onAck(ack(0, 2_250_000, 4_096L * 10, false), NO_ENTROPY);
        // 9 ACKs x 1,536 x 4,096 / 75,390 = 751.1 B, no eta (no period since the last).
        assertEquals(76_141, n.windowBytes());
    }

    @Test
    void eta_isAddedOncePerPeriod() {
        Nscc n = reference(NsccLoop.REFERENCE);
        n.onSent(0, 100_000);
        // Marked below the target: no increase of its own, so only eta moves cwnd.
        assertEquals(HOLD, n.onAck(ack(2 * US, 0, 4_096, true), NO_ENTROPY));       // 8 us: due, +307
        assertEquals(75_307, n.windowBytes());
        n.onAck(ack(4 * US, 0, 8_192, true), NO_ENTROPY);                          // 10 us: 2 us after, nothing
        assertEquals(75_307, n.windowBytes());
        n.onAck(ack(8_500_000, 0, 12_288, true), NO_ENTROPY);                      // 14.5 us: 6.5 us after, +307
        assertEquals(75_614, n.windowBytes());
    }

    @Test
    void decrease_isSizedByTheAverageDelayAtMostOncePerBaseRtt() {
        ReferenceLoop lastSample = new ReferenceLoop(false, 3, 1, ReferenceLoop.DERIVE, 0, ReferenceLoop.DERIVE,
                ReferenceLoop.DERIVE, 80, OFF);
        Nscc n = reference(lastSample);
        n.onSent(0, 100_000);
        // Average = this 9 us sample: cwnd x (1 - 0.8 x 4.5 / 9) = 75,000 x 0.6.
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(0, 9 * US, 4_096, true), NO_ENTROPY));
        assertEquals(45_000, n.windowBytes());
        assertEquals(HOLD, n.onAck(ack(US, 9 * US, 8_192, true), NO_ENTROPY));      // 1 us later: within a base RTT
        assertEquals(45_000, n.windowBytes());
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(7 * US, 9 * US, 12_288, true), NO_ENTROPY));
        assertEquals(27_000, n.windowBytes());
        // 100 us: 0.8 x 95.5 / 100 = 0.764 of cwnd, capped at half.
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(14 * US, 100 * US, 16_384, true), NO_ENTROPY));
        assertEquals(13_500, n.windowBytes());
    }

    @Test
    void decrease_waitsForTheAverageToExceedTheTarget() {
        ReferenceNscc n = reference(new ReferenceLoop(false, 3, 80, ReferenceLoop.DERIVE, 0, ReferenceLoop.DERIVE,
                ReferenceLoop.DERIVE, 80, OFF));
        n.onSent(0, 100_000);
        // One 9 us sample moves the average from 0 to 9 / 80 = 0.1125 us, far below the 4.5 us target;
        // the per-ACK loop would cut here.
        assertEquals(HOLD, n.onAck(ack(0, 9 * US, 4_096, true), NO_ENTROPY));
        assertEquals(112_500, n.averageDelayPs());
        assertEquals(75_000, n.windowBytes());
        // An unmarked sample over the target counts as base RTT / 4: 112,500 + (1,500,000 - 112,500) / 80.
        n.onAck(ack(0, 5 * US, 8_192, false), NO_ENTROPY);
        assertEquals(129_843, n.averageDelayPs());
    }

    @Test
    void quickAdapt_afterALossSetsCwndToTheBytesAchievedInThePeriod() {
        Nscc n = reference(NsccLoop.REFERENCE);
        n.onSent(0, 60_000);
        n.onAck(ack(0, 0, 4_096, false), NO_ENTROPY);          // 6 us: opens the first period, to 16.5 us
        n.onAck(ack(US, 0, 8_192, false), NO_ENTROPY);         // 7 us and 8 us: 8,192 B achieved in it
        n.onAck(ack(2 * US, 0, 12_288, false), NO_ENTROPY);
        long inflight = n.inflightBytes();
        // A NACK after the period: 8,192 < MaxWnd / 8 = 14,062, so cwnd becomes 8,192 and the NACK cuts no more.
        assertTrue(n.onNack(17 * US, 4_096, NO_ENTROPY, 0));
        assertEquals(8_192, n.windowBytes());
        assertEquals(inflight - 4_096, n.inflightBytes());
        // The next NACK, for a packet that was already in flight, is ignored: no second cut.
        assertFalse(n.onNack(18 * US, 4_096, NO_ENTROPY, 0));
        assertEquals(8_192, n.windowBytes());
    }

    @Test
    void quickAdapt_aLateAckTriggersItAndEnoughAchievedBytesPreventIt() {
        Nscc late = reference(NsccLoop.REFERENCE);
        late.onSent(0, 60_000);
        late.onAck(ack(0, 0, 4_096, false), NO_ENTROPY);
        late.onAck(ack(US, 0, 8_192, false), NO_ENTROPY);
        // 20 us of delay is over 4 x target (18 us): quick adapt to the 4,096 + 4,096 B of the period.
        assertEquals(QUICK_ADAPT, late.onAck(ack(2 * US, 20 * US, 12_288, false), NO_ENTROPY));
        assertEquals(8_192, late.windowBytes());

        Nscc busy = reference(NsccLoop.REFERENCE);
        busy.onSent(0, 60_000);
        for (int k = 1; k <= 5; k++) {               // 16,384 B achieved: not below 14,062
            busy.onAck(ack(0, 0, 4_096L * k, false), NO_ENTROPY);
        }
        long before = busy.cwndFixed();
        assertTrue(busy.onNack(17 * US, 4_096, NO_ENTROPY, 0));
        assertEquals(before - (4_096L << Nscc.FRACTION_BITS), busy.cwndFixed());
    }

    @Test
    void canSend_waitsForRoomForTheWholePacket() {
        Nscc ref = NsccLoop.REFERENCE.create(P.withInitialWindowBytes(12_000), NsccCompanions.OFF);
        Nscc perAck = NsccLoop.PER_ACK.create(P.withInitialWindowBytes(12_000), NsccCompanions.OFF);
        ref.onSent(0, 8_192);
        perAck.onSent(0, 8_192);
        // 8,192 + 4,096 > 12,000: the reference loop holds the third packet; per ACK, 8,192 < 12,000 lets it go.
        assertFalse(ref.canSend(4_096));
        assertTrue(ref.canSend(3_808));
        assertTrue(perAck.canSend(4_096));
    }

    @Test
    void perAckLoop_makesThePerAckContextExactly() {
        Nscc plain = new PerAckNscc(P, NsccCompanions.OFF);
        Nscc chosen = NsccLoop.PER_ACK.create(P, NsccCompanions.OFF);
        plain.onSent(0, 100_000);
        chosen.onSent(0, 100_000);
        for (int k = 1; k <= 12; k++) {
            AckCc a = ack(k * US, (k % 3) * 3 * US, 4_096L * k, k % 2 == 0);
            assertEquals(plain.onAck(a, NO_ENTROPY), chosen.onAck(a, NO_ENTROPY));
            assertEquals(plain.cwndFixed(), chosen.cwndFixed());
        }
        assertEquals(NsccLoop.PER_ACK, chosen.loop());
        assertInstanceOf(PerAckNscc.class, chosen);
        assertInstanceOf(ReferenceNscc.class, NsccLoop.REFERENCE.create(P, NsccCompanions.OFF));
    }

    @Test
    void baseRtt_aShorterAckRoundTripBecomesTheBaseAndMaxWndFollows() {
        ReferenceNscc n = reference(learning(BaseRttLearning.ACKS_AND_NACKS));
        n.onSent(0, 100_000);
        // An ACK 3 us after its packet left, against config_base_rtt 6 us: the base RTT becomes 3 us, the BDP
        // 37,500 B and MaxWnd 1.5 x that, 56,250 B, which caps the initial 75,000 B window at once. The sample's
        // own delay is 0: a proportional increase, whose batch is not due 3 us after the start.
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(AckCc.of(3 * US, 0, 4_096, false), NO_ENTROPY));
        assertEquals(3 * US, n.baseRttPs());
        assertEquals(56_250, n.windowBytes());
        assertEquals(0, n.averageDelayPs());
        // A round trip of 5 us now measures 2 us of queuing (against 6 us it would be 0): the average moves
        // 1/80 of the way, to 25,000 ps. The longer round trip leaves the base where it is.
        n.onAck(AckCc.of(15 * US, 10 * US, 8_192, false), NO_ENTROPY);
        assertEquals(3 * US, n.baseRttPs());
        assertEquals(25_000, n.averageDelayPs());
    }

    @Test
    void baseRtt_nacksTeachItOnlyWhenAskedAndOffKeepsTheConfiguredOne() {
        Nscc both = reference(learning(BaseRttLearning.ACKS_AND_NACKS));
        Nscc acksOnly = reference(learning(BaseRttLearning.ACKS));
        Nscc off = reference(NsccLoop.REFERENCE);
        for (Nscc n : new Nscc[] {both, acksOnly, off}) {
            n.onSent(0, 100_000);
            n.onNack(2 * US, 4_096, NO_ENTROPY, 2 * US);
        }
        assertEquals(2 * US, both.baseRttPs());
        assertEquals(33_404, both.windowBytes(), "MaxWnd 1.5 x the BDP at 2 us, 37,500 B, less the NACK's 4,096 B");
        assertEquals(BASE_RTT_PS, acksOnly.baseRttPs());
        assertEquals(BASE_RTT_PS, off.baseRttPs());
        acksOnly.onAck(AckCc.of(4 * US, 0, 4_096, false), NO_ENTROPY);
        off.onAck(AckCc.of(4 * US, 0, 4_096, false), NO_ENTROPY);
        assertEquals(4 * US, acksOnly.baseRttPs());
        assertEquals(BASE_RTT_PS, off.baseRttPs());
        assertEquals(70_904, acksOnly.windowBytes(), "MaxWnd 1.5 x the BDP at 4 us, 75,000 B, caps nothing");
        assertEquals(70_904, off.windowBytes(), "no learning: MaxWnd stays 112,500 B; the NACK took 4,096 B");
    }

    private static ReferenceLoop learning(BaseRttLearning learn) {
        return new ReferenceLoop(true, 3, 80, ReferenceLoop.DERIVE, ReferenceLoop.DERIVE, ReferenceLoop.DERIVE,
                ReferenceLoop.DERIVE, 80, learn);
    }

    private static ReferenceNscc reference(ReferenceLoop loop) {
        return loop.create(P, NsccCompanions.OFF);
    }

    private static AckCc ack(long txPs, long queuedPs, long rcvdBytes, boolean ecn) {
        return AckCc.of(txPs + BASE_RTT_PS + queuedPs, txPs, rcvdBytes, ecn);
    }
}

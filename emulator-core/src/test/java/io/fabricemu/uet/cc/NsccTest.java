package io.fabricemu.uet.cc;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static io.fabricemu.cc.Decision.FAIR_INCREASE;
import static io.fabricemu.cc.Decision.FAST_INCREASE;
import static io.fabricemu.cc.Decision.HOLD;
import static io.fabricemu.cc.Decision.MULTIPLICATIVE_DECREASE;
import static io.fabricemu.cc.Decision.PROPORTIONAL_INCREASE;
import static io.fabricemu.cc.Decision.STALE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules of {@link Nscc} on the blog's example path: 100 Gb/s, base RTT 6 us (BDP 75,000 B, MaxWnd 112,500 B),
 * no trimming (target 4.5 us), 4,096 B packets, floor one packet.
 */
class NsccTest {
    private static final NsccParams P = NsccParams.defaults(100_000_000_000L, 6_000_000L, 4096);
    private static final long BASE_RTT_PS = 6_000_000;
    private static final long TARGET_PS = 4_500_000;

    // ---------------------------------------------------------------- inflight, gate, stale ACKs

    @Test
    void onAck_rcvdBytesAdvance_reducesInflightByTheDifference() {
        Nscc n = nscc(75_000);
        n.onSent(0, 20_480);
        n.onAck(ack(0, 0, 12_288, true), NO_ENTROPY);
        assertEquals(8_192, n.inflightBytes());
        // Figure 6-12: rcvd_bytes 12,288 then 16,384: inflight drops by 4,096.
        n.onAck(ack(0, 0, 16_384, true), NO_ENTROPY);
        assertEquals(4_096, n.inflightBytes());
        assertEquals(16_384, n.rcvdBytes());
    }

    @ParameterizedTest(name = "rcvd_bytes {0} after 16,384")
    @ValueSource(longs = {16_384, 12_288, 0})
    void onAck_staleOrDuplicateRcvdBytes_changesNothing(long staleRcvd) {
        Nscc n = nscc(75_000);
        n.onSent(0, 40_960);
        n.onAck(pend(0, 0, 8_192, false, 64, false), NO_ENTROPY);    // opens a penalty episode: restore would matter
        n.onAck(ack(0, 0, 16_384, true), NO_ENTROPY);
        long cwnd = n.cwndFixed();
        long inflight = n.inflightBytes();
        // Everything in it would change the window if it were taken: ECN far above target, the strongest
        // penalty, the restore flag.
        assertEquals(STALE, n.onAck(new AckCc(BASE_RTT_PS + 50_000_000, 0, 0, staleRcvd, true, 127, true), NO_ENTROPY));
        assertEquals(cwnd, n.cwndFixed());
        assertEquals(inflight, n.inflightBytes());
        assertEquals(16_384, n.rcvdBytes());
        // The next fresh value counts from 16,384, not from the stale one.
        n.onAck(ack(0, 0, 20_480, true), NO_ENTROPY);
        assertEquals(inflight - 4_096, n.inflightBytes());
    }

    @Test
    void canSend_whileInflightBelowCwnd() {
        Nscc n = nscc(8_192);
        assertTrue(n.canSend(4_096));
        n.onSent(0, 4_096);
        assertTrue(n.canSend(4_096));
        n.onSent(0, 4_096);
        assertFalse(n.canSend(4_096));
        n.onAck(ack(0, 0, 1, true), NO_ENTROPY);
        assertTrue(n.canSend(4_096));
    }

    @Test
    void inflight_isExactThroughALostAckAndAResend() {
        // Y then X leave; Y arrives but its ACK_CC is lost; X's ACK_CC counts both (rcvd_bytes 8,192). Y's timer
        // then gives it up and it goes again; the copy arrives as a duplicate, which rcvd_bytes never counts.
        Nscc n = nscc(75_000);
        n.onSent(0, 4_096);
        n.onSent(0, 4_096);
        n.onAck(ack(0, 0, 8_192, false), NO_ENTROPY);
        assertEquals(0, n.inflightBytes());
        n.onTimeout(0, 4_096);
        assertEquals(-4_096, n.inflightBytes(), "for a moment: Y was counted received before it was given up");
        n.onSent(0, 4_096);
        assertEquals(0, n.inflightBytes(), "nothing is on the wire but a duplicate: a floor at zero would hold 4,096");
    }

    @Test
    void onReinstated_aCopyGivenUpThatArrived_isCountedOutOnce() {
        Nscc n = nscc(75_000);
        n.onSent(0, 4_096);
        n.onSent(0, 4_096);
        n.onTimeout(0, 4_096);
        n.onReinstated(4_096); // its ACK_CC cancels the resend...
        n.onAck(ack(0, 0, 4_096, false), NO_ENTROPY); // ...and counts it received
        assertEquals(4_096, n.inflightBytes(), "the other packet is still on its way");
    }

    // ---------------------------------------------------------------- increases

    @ParameterizedTest(name = "delay {0} ps adds {1}/65536 B")
    @CsvSource({
            // 3,072 B per window x (target - delay) / target, times 4,096 / 75,000 for one packet's ACK.
            "0,       10995116",   // 201,326,592 x 4,096 / 75,000 = 10,995,116.3
            "2250000, 5497558",    // half way to the target: half as much
            "3375000, 2748779",    // a quarter of the way left: a quarter
            "4499999, 2"})         // a picosecond short of the target: almost nothing
    void onAck_noEcnBelowTarget_increasesInProportionToTheDistance(long delayPs, long expectedIncrementFixed) {
        Nscc n = nscc(75_000);
        n.onSent(0, 75_000);
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, delayPs, 4_096, false), NO_ENTROPY));
        assertEquals(fixed(75_000) + expectedIncrementFixed, n.cwndFixed());
    }

    @Test
    void onAck_wholeWindowWithoutQueue_switchesToFastIncrease() {
        Nscc n = nscc(75_000);
        n.onSent(0, 1_000_000);
        // Each PI ACK adds about 168 B, so after k ACKs the window is about 75,000 + 168 (k - 1) B when the
        // k-th arrives: 19 x 4,096 = 77,824 B does not exceed ~78,015 B, 20 x 4,096 = 81,920 B exceeds ~78,183 B.
        for (int k = 1; k <= 19; k++) {
            assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 0, 4_096L * k, false), NO_ENTROPY), "ACK " + k);
        }
        long before = n.cwndFixed();
        assertEquals(FAST_INCREASE, n.onAck(ack(0, 0, 4_096L * 20, false), NO_ENTROPY));
        assertTrue(n.fastIncreaseActive());
        assertEquals(before + fixed(512), n.cwndFixed());    // 4,096 x 128 / 1,024
        assertEquals(FAST_INCREASE, n.onAck(ack(0, 999_999, 4_096L * 21, false), NO_ENTROPY));
        assertEquals(before + fixed(1_024), n.cwndFixed());
    }

    @Test
    void onAck_fastIncrease_stopsAtTheFirstEcn() {
        Nscc n = inFastIncrease();
        long rcvd = n.rcvdBytes();
        long cwnd = n.cwndFixed();
        assertEquals(HOLD, n.onAck(ack(0, 0, rcvd + 4_096, true), NO_ENTROPY));
        assertFalse(n.fastIncreaseActive());
        assertEquals(cwnd, n.cwndFixed());
        // The count starts again: one clean ACK is not a window of them.
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 0, rcvd + 8_192, false), NO_ENTROPY));
    }

    @Test
    void onAck_fastIncrease_stopsWhenTheQueueReappears() {
        Nscc n = inFastIncrease();
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 1_000_000, n.rcvdBytes() + 4_096, false), NO_ENTROPY));
        assertFalse(n.fastIncreaseActive());
    }

    @Test
    void onAck_queueAboveFastThreshold_neverFastIncreases() {
        Nscc n = nscc(75_000);
        n.onSent(0, 1_000_000);
        for (int k = 1; k <= 100; k++) {
            assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 2_000_000, 4_096L * k, false), NO_ENTROPY), "ACK " + k);
        }
    }

    @ParameterizedTest(name = "scaling factor {0}")
    @CsvSource({
            "512,   4934400000",   // 75,000 + 292.96875
            "1024,  4924800000",   // 75,000 + 146.484375 = 75,146.484375 (the blog's 75,146.5)
            "2048,  4920000000",   // 75,000 + 73.2421875
            "8192,  4916400000",   // 75,000 + 18.310546875
            "65536, 4915350000"})  // 75,000 + 2.288818359375
    void onAck_fairIncrease_addsBaseBdpOverScalingFactorExactly(int scalingFactor, long expectedFixed) {
        Nscc n = new PerAckNscc(P.withScalingFactor(scalingFactor), NsccCompanions.OFF);
        n.onSent(0, 75_000);
        // No ECN at the target delay: the queue has drained below the marking threshold.
        assertEquals(FAIR_INCREASE, n.onAck(ack(0, TARGET_PS, 75_000, false), NO_ENTROPY));
        assertEquals(expectedFixed, n.cwndFixed());
        assertEquals(fixed(75_000) + (150_000L << 16) / scalingFactor, n.cwndFixed());
    }

    @Test
    void onAck_fairIncrease_stepsOncePerWindowOfAckedBytes() {
        Nscc n = nscc(75_000);
        n.onSent(0, 200_000);
        for (int k = 1; k <= 18; k++) {    // 73,728 B: not yet a window
            assertEquals(FAIR_INCREASE, n.onAck(ack(0, 8_000_000, 4_096L * k, false), NO_ENTROPY));
            assertEquals(fixed(75_000), n.cwndFixed());
        }
        assertEquals(FAIR_INCREASE, n.onAck(ack(0, 8_000_000, 4_096L * 19, false), NO_ENTROPY));
        assertEquals(4_924_800_000L, n.cwndFixed());
        assertEquals(75_146, n.windowBytes());
    }

    @Test
    void onAck_fairIncrease_sameBytesForSmallAndLargeWindows() {
        Nscc small = nscc(20_000);
        Nscc large = nscc(80_000);
        small.onSent(0, 20_000);
        large.onSent(0, 80_000);
        small.onAck(ack(0, TARGET_PS, 20_000, false), NO_ENTROPY);
        large.onAck(ack(0, TARGET_PS, 80_000, false), NO_ENTROPY);
        assertEquals(fixed(20_000) + 9_600_000, small.cwndFixed());    // 146.484375 B each,
        assertEquals(fixed(80_000) + 9_600_000, large.cwndFixed());    // 0.73% against 0.18%
    }

    @ParameterizedTest(name = "delay {0} ps")
    @ValueSource(longs = {0, 2_000_000, 4_500_000})
    void onAck_ecnNotAboveTarget_holdsTheWindow(long delayPs) {
        // A marked packet that was not delayed: a queue is forming, and the EV rotation moves the flow.
        Nscc n = nscc(75_000);
        n.onSent(0, 75_000);
        assertEquals(HOLD, n.onAck(ack(0, delayPs, 4_096, true), NO_ENTROPY));
        assertEquals(fixed(75_000), n.cwndFixed());
    }

    // ---------------------------------------------------------------- multiplicative decrease

    @ParameterizedTest(name = "delay {0} ps")
    @CsvSource({
            // cwnd x (delay - target) / (base RTT + delay), at most half of cwnd.
            "6000000,   5734400000",   // 1.5 / 12: 100,000 -> 87,500
            "9000000,   4587520000",   // 4.5 / 15: 100,000 -> 70,000
            "4500001,   6553599376",   // a picosecond over: 624/65536 B
            "100000000, 3276800000"})  // 95.5 / 106 would be 90%: capped at 50,000
    void onAck_ecnAboveTarget_cutsInProportionToTheExcess(long delayPs, long expectedFixed) {
        Nscc n = nscc(100_000);
        n.onSent(0, 100_000);
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(0, delayPs, 4_096, true), NO_ENTROPY));
        assertEquals(expectedFixed, n.cwndFixed());
    }

    @Test
    void onAck_multiplicativeDecrease_atMostOncePerRoundTrip() {
        Nscc n = nscc(100_000);
        n.onSent(0, 100_000);
        // Sent at 1 us, queued 6 us: arrives at 13 us.
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(1_000_000, 6_000_000, 4_096, true), NO_ENTROPY));
        assertEquals(fixed(87_500), n.cwndFixed());
        // Sent at 2 us, before that decrease: it reports the queue the decrease has not drained yet.
        assertEquals(HOLD, n.onAck(ack(2_000_000, 6_000_000, 8_192, true), NO_ENTROPY));
        assertEquals(fixed(87_500), n.cwndFixed());
        // Sent at 13 us: a round trip later, the signal is new.
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(13_000_000, 6_000_000, 12_288, true), NO_ENTROPY));
        assertEquals(5_017_600_000L, n.cwndFixed());    // 87,500 x 7/8 = 76,562.5
    }

    // ---------------------------------------------------------------- back-to-sender notices (WREB)

    @Test
    void onCongestionNotice_cutsAsAnEcnAckWithTheReportedDelayWouldButLeavesInflight() {
        Nscc n = nscc(100_000);
        n.onSent(0, 100_000);
        assertEquals(MULTIPLICATIVE_DECREASE, n.onCongestionNotice(2_000_000, 1_000_000, 6_000_000));
        assertEquals(fixed(87_500), n.cwndFixed(), "1.5 / 12 of 100,000, as onAck_ecnAboveTarget_...");
        assertEquals(100_000, n.inflightBytes(), "the packet is still on its way");
        // The ACK echo of a packet sent before the notice's cut is not a new signal.
        assertEquals(HOLD, n.onAck(ack(1_500_000, 6_000_000, 4_096, true), NO_ENTROPY));
        assertEquals(fixed(87_500), n.cwndFixed());
    }

    @Test
    void onCongestionNotice_atOrBelowTarget_holdsAndEndsFastIncrease() {
        Nscc n = inFastIncrease();
        long cwnd = n.cwndFixed();
        assertEquals(HOLD, n.onCongestionNotice(50_000_000, 40_000_000, TARGET_PS));
        assertEquals(cwnd, n.cwndFixed());
        assertFalse(n.fastIncreaseActive());
    }

    // ---------------------------------------------------------------- clamps

    @Test
    void cwnd_neverAboveMaxWnd() {
        Nscc n = nscc(112_500);
        n.onSent(0, 1_000_000);
        n.onAck(ack(0, TARGET_PS, 112_500, false), NO_ENTROPY);                 // fair step
        assertEquals(fixed(112_500), n.cwndFixed());
        for (int k = 1; k <= 40; k++) {                                 // proportional, then fast
            n.onAck(ack(0, 0, 112_500 + 4_096L * k, false), NO_ENTROPY);
        }
        assertTrue(n.fastIncreaseActive());
        assertEquals(fixed(112_500), n.cwndFixed());
    }

    @Test
    void cwnd_neverBelowTheFloor() {
        Nscc n = nscc(8_192);
        n.onSent(0, 100_000);
        n.onAck(pend(0, 0, 40_960, false, 127, false), NO_ENTROPY);             // 40,640 B of penalty
        assertEquals(fixed(4_096), n.cwndFixed());
        n.onAck(ack(0, 100_000_000, 45_056, true), NO_ENTROPY);                  // a 50% cut of 4,096
        assertEquals(fixed(4_096), n.cwndFixed());
        n.onNack(0, 4_096, NO_ENTROPY, 0);
        assertEquals(fixed(4_096), n.cwndFixed());
    }

    // ---------------------------------------------------------------- destination flow control

    @ParameterizedTest(name = "{0} B new at pend {1}: -{2} B")
    @CsvSource({
            "4096, 64,  2048",    // Figure 6-14
            "4096, 127, 4064",
            "4096, 1,   32",
            "1000, 3,   23",      // 3,000 >> 7 = 23.4, rounded down
            "4096, 0,   0"})      // zero is ignored
    void onAck_rcvCwndPend_cutsNewBytesTimesPendOver128(long newBytes, int pend, long penaltyBytes) {
        Nscc n = nscc(75_776);
        n.onSent(0, 75_776);
        n.onAck(pend(0, 0, newBytes, true, pend, false), NO_ENTROPY);          // ECN below target: no network change
        assertEquals(fixed(75_776 - penaltyBytes), n.cwndFixed());
    }

    @Test
    void onAck_rcvCwndPend64_cutsTheSeedsWindowAndStallsThePdc() {
        Nscc n = nscc(75_776);
        while (n.canSend(4_096)) {
            n.onSent(0, 4_096);
        }
        assertEquals(77_824, n.inflightBytes());                        // 19 packets
        n.onAck(ack(0, 0, 12_288, true), NO_ENTROPY);
        while (n.canSend(4_096)) {
            n.onSent(0, 4_096);
        }
        assertEquals(77_824, n.inflightBytes());
        assertEquals(fixed(75_776), n.cwndFixed());
        // Figure 6-14: rcvd_bytes 12,288 -> 16,384, rcv_cwnd_pend 64: 4,096 x 64 >> 7 = 2,048 B,
        // cwnd 75,776 -> 73,728. A clean, undelayed ACK: the penalty suppresses its increase.
        assertEquals(HOLD, n.onAck(pend(0, 0, 16_384, false, 64, false), NO_ENTROPY));
        assertEquals(fixed(73_728), n.cwndFixed());
        assertEquals(73_728, n.inflightBytes());
        assertFalse(n.canSend(4_096));                                       // the PDC stalls
        n.onAck(ack(0, 0, 20_480, true), NO_ENTROPY);
        assertEquals(69_632, n.inflightBytes());
        assertTrue(n.canSend(4_096));
    }

    @Test
    void onAck_rcvCwndPend_stillLetsTheFabricDecrease() {
        Nscc n = nscc(100_000);
        n.onSent(0, 100_000);
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(pend(0, 9_000_000, 4_096, true, 64, false), NO_ENTROPY));
        // (100,000 - 2,048) less 4.5/15 of it, the cut rounded down.
        assertEquals(fixed(97_952) - fixed(97_952) * 3 / 10, n.cwndFixed());
    }

    @Test
    void onAck_restoreFlag_returnsToTheWindowBeforeThePenalties() {
        Nscc n = nscc(75_776);
        n.onSent(0, 75_776);
        n.onAck(pend(0, 0, 4_096, false, 64, false), NO_ENTROPY);              // -2,048
        n.onAck(pend(0, 0, 8_192, false, 127, false), NO_ENTROPY);             // -4,064
        assertEquals(fixed(69_664), n.cwndFixed());
        n.onAck(pend(0, 0, 12_288, true, 0, true), NO_ENTROPY);
        assertEquals(fixed(75_776), n.cwndFixed());
        n.onAck(pend(0, 0, 16_384, true, 0, true), NO_ENTROPY);                // nothing left to restore
        assertEquals(fixed(75_776), n.cwndFixed());
    }

    @Test
    void onAck_restoreWithoutPenalty_changesNothing() {
        Nscc n = nscc(75_776);
        n.onSent(0, 75_776);
        n.onAck(pend(0, 0, 4_096, true, 0, true), NO_ENTROPY);
        assertEquals(fixed(75_776), n.cwndFixed());
    }

    @Test
    void onAck_restoreAfterWindowGrew_keepsTheLargerWindow() {
        Nscc n = nscc(20_000);
        n.onSent(0, 20_000);
        n.onAck(pend(0, 0, 4_096, false, 1, false), NO_ENTROPY);               // -32 B
        n.onAck(ack(0, 0, 8_192, false), NO_ENTROPY);                          // +~630 B, proportional
        long grown = n.cwndFixed();
        assertTrue(grown > fixed(20_000));
        n.onAck(pend(0, 0, 12_288, true, 0, true), NO_ENTROPY);
        assertEquals(grown, n.cwndFixed());
    }

    @Test
    void onAck_restoreAndPenaltyInOneAck_restoresThenStartsANewEpisode() {
        Nscc n = nscc(75_776);
        n.onSent(0, 75_776);
        n.onAck(pend(0, 0, 4_096, true, 64, false), NO_ENTROPY);
        assertEquals(fixed(73_728), n.cwndFixed());
        n.onAck(pend(0, 0, 8_192, true, 64, true), NO_ENTROPY);                // back to 75,776, then -2,048
        assertEquals(fixed(73_728), n.cwndFixed());
        n.onAck(pend(0, 0, 12_288, true, 0, true), NO_ENTROPY);
        assertEquals(fixed(75_776), n.cwndFixed());
    }

    @Test
    void onAck_restoreAfterFabricDecrease_doesNotRestore() {
        Nscc n = nscc(100_000);
        n.onSent(0, 100_000);
        n.onAck(pend(0, 0, 4_096, true, 64, false), NO_ENTROPY);               // 97,952
        n.onAck(ack(0, 9_000_000, 8_192, true), NO_ENTROPY);                   // x 0.7
        long cut = n.cwndFixed();
        n.onAck(pend(0, 0, 12_288, true, 0, true), NO_ENTROPY);
        assertEquals(cut, n.cwndFixed());
    }

    @Test
    void onNack_restoreAfterTrim_doesNotRestore() {
        Nscc n = nscc(75_776);
        n.onSent(0, 75_776);
        n.onAck(pend(0, 0, 4_096, true, 64, false), NO_ENTROPY);
        n.onNack(0, 4_096, NO_ENTROPY, 0);
        n.onAck(pend(0, 0, 8_192, true, 0, true), NO_ENTROPY);
        assertEquals(fixed(73_728 - 4_096), n.cwndFixed());
    }

    // ---------------------------------------------------------------- loss

    @Test
    void onNackAndOnTimeout_takeThePacketOutOfInflightAndOffTheWindow() {
        Nscc n = nscc(75_000);
        n.onSent(0, 12_288);
        n.onNack(0, 4_096, NO_ENTROPY, 0);
        assertEquals(8_192, n.inflightBytes());
        assertEquals(fixed(70_904), n.cwndFixed());
        n.onTimeout(0, 4_096);
        assertEquals(4_096, n.inflightBytes());
        assertEquals(fixed(66_808), n.cwndFixed());
    }

    @Test
    void arguments_outOfRange_areRefused() {
        Nscc n = nscc(75_000);
        assertThrows(IllegalArgumentException.class, () -> n.onSent(0, 0));
        assertThrows(IllegalArgumentException.class, () -> n.onNack(0, 0, NO_ENTROPY, 0));
        assertThrows(IllegalArgumentException.class, () -> n.onTimeout(0, -1));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new AckCc(10, 0, 0, 1, false, 128, false))
                .getMessage().startsWith("rcvCwndPend"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new AckCc(10, 0, -1, 1, false, 0, false))
                .getMessage().startsWith("serviceTimePs"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new AckCc(10, 0, 0, -1, false, 0, false))
                .getMessage().startsWith("rcvdBytes"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AckCc.of(5, 6, 1, false))
                .getMessage().startsWith("arrivalPs"));
    }

    @Test
    void queuingDelayPs_isRoundTripLessServiceTimeLessBaseRtt() {
        // Sent at 10 us, back at 20 us, 1 us of it inside the target: 9 us of network, 3 us of queue.
        assertEquals(3_000_000, new AckCc(20_000_000, 10_000_000, 1_000_000, 1, false, 0, false)
                .queuingDelayPs(BASE_RTT_PS));
        // A shorter path than the base RTT was sized for: no queue, not a negative one.
        assertEquals(0, AckCc.of(15_000_000, 10_000_000, 1, false).queuingDelayPs(BASE_RTT_PS));
    }

    @Test
    void onAck_serviceTime_isNotQueuingDelay() {
        // 8 us of round trip of which 2 us is the target's service time: 0 queuing delay, so a proportional
        // increase by the full gain rather than a fair increase at 2 us of apparent queue.
        Nscc n = nscc(75_000);
        n.onSent(0, 75_000);
        assertEquals(PROPORTIONAL_INCREASE,
                n.onAck(new AckCc(BASE_RTT_PS + 2_000_000, 0, 2_000_000, 4_096, false, 0, false), NO_ENTROPY));
        assertEquals(fixed(75_000) + 10_995_116, n.cwndFixed());
    }

    // ---------------------------------------------------------------- helpers

    private static Nscc nscc(long initialWindowBytes) {
        return new PerAckNscc(P.withInitialWindowBytes(initialWindowBytes), NsccCompanions.OFF);
    }

    private static Nscc inFastIncrease() {
        Nscc n = nscc(75_000);
        n.onSent(0, 1_000_000);
        long rcvd = 0;
        while (!n.fastIncreaseActive()) {
            rcvd += 4_096;
            n.onAck(ack(0, 0, rcvd, false), NO_ENTROPY);
        }
        return n;
    }

    /** An ACK_CC for a packet sent at {@code txPs} that waited {@code queuedPs} in the fabric. */
    private static AckCc ack(long txPs, long queuedPs, long rcvdBytes, boolean ecn) {
        return AckCc.of(txPs + BASE_RTT_PS + queuedPs, txPs, rcvdBytes, ecn);
    }

    private static AckCc pend(long txPs, long queuedPs, long rcvdBytes, boolean ecn, int rcvCwndPend, boolean rc) {
        return new AckCc(txPs + BASE_RTT_PS + queuedPs, txPs, 0, rcvdBytes, ecn, rcvCwndPend, rc);
    }

    private static long fixed(long bytes) {
        return bytes << Nscc.FRACTION_BITS;
    }
}

package io.fabricemu.uet.cc;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static io.fabricemu.cc.Decision.GATED;
import static io.fabricemu.cc.Decision.HOLD;
import static io.fabricemu.cc.Decision.MULTIPLICATIVE_DECREASE;
import static io.fabricemu.cc.Decision.PATH_CLEAR_INCREASE;
import static io.fabricemu.cc.Decision.PROPORTIONAL_INCREASE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The companion mechanisms of US 12,388,756 inside {@link Nscc}, on the path of {@link NsccTest}: 100 Gb/s,
 * base RTT 6 us, BDP 75,000 B, MaxWnd 112,500 B, target 4.5 us, 4,096 B packets.
 */
class NsccCompanionsTest {
    private static final NsccParams P = NsccParams.defaults(100_000_000_000L, 6_000_000L, 4096);
    private static final long BASE_RTT_PS = 6_000_000;
    /** One 4,096 B packet at 100 Gb/s: the default slack of the RTT+ECN test. */
    private static final long ONE_PACKET_PS = 327_680;

    @Test
    void off_isPlainNscc() {
        assertFalse(NsccCompanions.OFF.any());
        Nscc n = new PerAckNscc(P, NsccCompanions.OFF);
        assertEquals(NsccCompanions.OFF, n.companions());
        assertTrue(n.gateOpen());
        assertFalse(n.pathNotCongested());
    }

    // ---------------------------------------------------------------- RTT+ECN path not congested

    @Test
    void pathNotCongested_afterACleanEpoch_growsByEveryAckedByte() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(8_192),
                with(PathNotCongested.Params.DEFAULTS, false, null, null));
        n.onSent(0, 100_000);
        // Epoch of 8,192 B: the first ACK is half of it, a proportional increase of 3,072 x 4,096 / 8,192.
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 0, 4_096, false), NO_ENTROPY));
        assertEquals(fixed(9_728), n.cwndFixed());
        // The epoch ends clean: from here on every clean ACK adds all its bytes (slow start).
        assertEquals(PATH_CLEAR_INCREASE, n.onAck(ack(0, 0, 8_192, false), NO_ENTROPY));
        assertEquals(fixed(13_824), n.cwndFixed());
        assertTrue(n.pathNotCongested());
        // An RTT of exactly base + one packet is still clean.
        assertEquals(PATH_CLEAR_INCREASE, n.onAck(ack(0, ONE_PACKET_PS, 12_288, false), NO_ENTROPY));
        assertEquals(fixed(17_920), n.cwndFixed());
        // One picosecond later is not: back to the proportional increase.
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, ONE_PACKET_PS + 1, 16_384, false), NO_ENTROPY));
        assertFalse(n.pathNotCongested());
    }

    @Test
    void pathNotCongested_ecnMark_revokesTheFasterIncrease() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(8_192),
                with(PathNotCongested.Params.DEFAULTS, false, null, null));
        n.onSent(0, 100_000);
        n.onAck(ack(0, 0, 4_096, false), NO_ENTROPY);
        n.onAck(ack(0, 0, 8_192, false), NO_ENTROPY);
        assertEquals(HOLD, n.onAck(ack(0, 0, 12_288, true), NO_ENTROPY));
        assertEquals(PROPORTIONAL_INCREASE, n.onAck(ack(0, 0, 16_384, false), NO_ENTROPY));
    }

    @Test
    void pathNotCongested_growthStopsAtMaxWnd() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(110_000), with(PathNotCongested.Params.DEFAULTS, false, null,
                null));
        n.onSent(0, 1_000_000);
        n.onAck(ack(0, 0, 110_000, false), NO_ENTROPY);
        n.onAck(ack(0, 0, 120_000, false), NO_ENTROPY);
        assertEquals(fixed(P.maxWndBytes()), n.cwndFixed());
    }

    // ---------------------------------------------------------------- responsibility-scaled decrease

    @ParameterizedTest(name = "cwnd {0} B, delay {1} ps")
    @CsvSource({
            // Unscaled cut cwnd x 1.5 / 12, then x cwnd / 75,000.
            "100000, 6000000,   5461333334",   // 12,500 x 4/3 = 16,666.67 B off 100,000
            "15000,  6000000,    958464000",   // 1,875 x 1/5 = 375 B off 15,000: 14,625 B
            "75000,  6000000,   4300800000",   // ratio 1: 9,375 B off, as unscaled
            "100000, 100000000, 3276800000"})  // 120,000 scaled is still capped at half
    void responsibilityScaled_multiplicativeDecrease_scalesTheCutByCwndOverBdp(long cwnd, long delayPs,
                                                                               long expectedFixed) {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(cwnd), with(null, true, null, null));
        n.onSent(0, (int) cwnd);
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(0, delayPs, 4_096, true), NO_ENTROPY));
        assertEquals(expectedFixed, n.cwndFixed());
    }

    @Test
    void responsibilityScaled_nack_cutsThePacketTimesCwndOverBdp() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(37_500), with(null, true, null, null));
        n.onSent(0, 12_288);
        assertTrue(n.onNack(0, 4_096, NO_ENTROPY, 0));
        assertEquals(fixed(37_500 - 2_048), n.cwndFixed());
        assertEquals(8_192, n.inflightBytes());
        // A timeout is not scaled.
        n.onTimeout(0, 4_096);
        assertEquals(fixed(37_500 - 2_048 - 4_096), n.cwndFixed());
    }

    // ---------------------------------------------------------------- spraying gates

    @Test
    void ewmaGate_holdsTheDecreaseUntilTheFifthMarkedAck() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(100_000),
                with(null, false, CongestionEwma.Params.DEFAULTS, null));
        n.onSent(0, 100_000);
        for (int k = 1; k <= 4; k++) {
            assertEquals(GATED, n.onAck(ack(0, 6_000_000, 4_096L * k, true), NO_ENTROPY), "ACK " + k);
            assertEquals(fixed(100_000), n.cwndFixed());
        }
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(0, 6_000_000, 20_480, true), NO_ENTROPY));
        assertEquals(fixed(87_500), n.cwndFixed());
    }

    @Test
    void ewmaGate_closed_nackLeavesCwndButNotInflight() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(75_000),
                with(null, false, CongestionEwma.Params.DEFAULTS, null));
        n.onSent(0, 12_288);
        assertFalse(n.onNack(0, 4_096, NO_ENTROPY, 0));
        assertEquals(fixed(75_000), n.cwndFixed());
        assertEquals(8_192, n.inflightBytes());
    }

    @Test
    void pathGate_decreasesOnlyOnceHalfTheTrackedPathsAreCongested() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(100_000), with(null, false, null, new CongestedPaths.Params(4,
                512)));
        n.onSent(0, 100_000);
        n.onAck(ack(0, 0, 4_096, false), 1);
        n.onAck(ack(0, 0, 8_192, false), 2);
        long cwnd = n.cwndFixed();
        assertEquals(GATED, n.onAck(ack(0, 6_000_000, 12_288, true), 3), "1 path of 3");
        assertEquals(cwnd, n.cwndFixed());
        assertEquals(MULTIPLICATIVE_DECREASE, n.onAck(ack(0, 6_000_000, 16_384, true), 4), "2 of 4");
        assertTrue(n.cwndFixed() < cwnd);
    }

    @Test
    void pathGate_acksWithoutEntropy_neverOpenIt() {
        Nscc n = new PerAckNscc(P.withInitialWindowBytes(100_000),
                with(null, false, null, CongestedPaths.Params.DEFAULTS));
        n.onSent(0, 100_000);
        assertEquals(GATED, n.onAck(ack(0, 6_000_000, 4_096, true), NO_ENTROPY));
        assertFalse(n.gateOpen());
    }

    @Test
    void pathGate_withOnePath_actsAsPlainNscc() {
        Nscc gated = new PerAckNscc(P.withInitialWindowBytes(100_000), with(null, false, null,
                CongestedPaths.Params.DEFAULTS));
        Nscc plain = new PerAckNscc(P.withInitialWindowBytes(100_000), NsccCompanions.OFF);
        gated.onSent(0, 100_000);
        plain.onSent(0, 100_000);
        long[] queued = {0, 6_000_000, 0, 9_000_000, 2_000_000};
        for (int k = 0; k < queued.length; k++) {
            AckCc a = ack(20_000_000L * k, queued[k], 4_096L * (k + 1), queued[k] > 0);
            assertEquals(plain.onAck(a, NO_ENTROPY), gated.onAck(a, 77), "ACK " + k);
            assertEquals(plain.cwndFixed(), gated.cwndFixed());
        }
    }

    private static NsccCompanions with(PathNotCongested.Params clear, boolean scaled, CongestionEwma.Params ewma,
                                       CongestedPaths.Params paths) {
        return new NsccCompanions(clear, scaled, ewma, paths);
    }

    private static AckCc ack(long txPs, long queuedPs, long rcvdBytes, boolean ecn) {
        return AckCc.of(txPs + BASE_RTT_PS + queuedPs, txPs, rcvdBytes, ecn);
    }

    private static long fixed(long bytes) {
        return bytes << Nscc.FRACTION_BITS;
    }
}

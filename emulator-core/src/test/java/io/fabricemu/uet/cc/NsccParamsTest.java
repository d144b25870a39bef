package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class NsccParamsTest {
    private static final long G100 = 100_000_000_000L;
    private static final long US6 = 6_000_000L;
    private static final NsccParams P = NsccParams.defaults(G100, US6, 4096);

    @Test
    void bdpAndMaxWnd_seedVector() {
        // Blog Figure 6-7: 100 Gb/s x 6.0 us = 600,000 bits = 75,000 B; MaxWnd = 1.5 x BDP = 112,500 B.
        assertEquals(75_000, P.bdpBytes());
        assertEquals(112_500, P.maxWndBytes());
    }

    @ParameterizedTest(name = "{0} b/s x {1} ps = {2} B")
    @CsvSource({
            "400000000000, 6000000, 300000",    // Blog: a 400G NIC's BDP at the same RTT
            "100000000000, 12000000, 150000",   // Base_BDP itself
            "800000000000, 1000000000, 100000000"}) // 800 Gb/s x 1 ms: the product needs more than a long
    void bdpBytes_isRateInBytesTimesRtt(long rateBps, long rttPs, long expectedBytes) {
        assertEquals(expectedBytes, NsccParams.defaults(rateBps, rttPs, 4096).bdpBytes());
    }

    @Test
    void targetDelayPs_threeQuartersWithoutTrimming_baseRttWith() {
        assertFalse(P.trimming());
        assertEquals(4_500_000, P.targetDelayPs());
        assertEquals(6_000_000, P.withTrimming(true).targetDelayPs());
    }

    @Test
    void defaults_scaleHtsimConstantsToThePath() {
        // a = 75,000 / 150,000 = 1/2, b = 4.5 us / 12 us = 3/8.
        assertEquals(75_000, P.initialWindowBytes());
        assertEquals(4096, P.minWindowBytes());
        assertEquals(150_000, P.baseBdpBytes());
        assertEquals(1024, P.scalingFactor());
        assertEquals(3, P.maxWndNumerator());
        assertEquals(2, P.maxWndDenominator());
        assertEquals(3072, P.proportionalGainBytes());    // 4 x a x b x 4,096
        assertEquals(1_000_000, P.fastIncreaseThresholdPs());
        assertEquals(128, P.fastIncreaseGainPer1024());    // 0.25 x a
        assertEquals(1024, P.decreaseGainPer1024());
        assertEquals(512, P.maxDecreasePer1024());
    }

    @Test
    void defaults_fastThresholdNeverAboveTarget() {
        // 1 us base RTT: target 0.75 us, under htsim's 1 us tolerance.
        NsccParams p = NsccParams.defaults(G100, 1_000_000, 1024);
        assertEquals(750_000, p.fastIncreaseThresholdPs());
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                bad("linkRateBps", p -> copy(p, 0, p.baseRttPs(), p.baseBdpBytes(), p.scalingFactor(), 3, 2)),
                bad("baseRttPs", p -> copy(p, p.linkRateBps(), -1, p.baseBdpBytes(), p.scalingFactor(), 3, 2)),
                bad("baseBdpBytes", p -> copy(p, p.linkRateBps(), p.baseRttPs(), 0, p.scalingFactor(), 3, 2)),
                bad("scalingFactor", p -> copy(p, p.linkRateBps(), p.baseRttPs(), p.baseBdpBytes(), 1000, 3, 2)),
                bad("scalingFactor", p -> copy(p, p.linkRateBps(), p.baseRttPs(), p.baseBdpBytes(), 1 << 17, 3, 2)),
                bad("maxWndNumerator", p -> copy(p, p.linkRateBps(), p.baseRttPs(), p.baseBdpBytes(), 1024, 0, 2)),
                bad("maxWndDenominator", p -> copy(p, p.linkRateBps(), p.baseRttPs(), p.baseBdpBytes(), 1024, 3, 0)),
                bad("linkRateBps x baseRttPs", p -> copy(p, 1_000, 1_000, p.baseBdpBytes(), 1024, 3, 2)),
                bad("initialWindowBytes", p -> p.withInitialWindowBytes(112_501)),
                bad("initialWindowBytes", p -> p.withInitialWindowBytes(4095)),
                bad("minWindowBytes", p -> p.withMinWindowBytes(0)),
                bad("minWindowBytes", p -> p.withMinWindowBytes(112_501)),
                bad("mtuBytes", p -> new NsccParams(p.linkRateBps(), p.baseRttPs(), p.baseBdpBytes(), 1024, 3, 2,
                        p.initialWindowBytes(), p.minWindowBytes(), 0, false, 3072, 1_000_000, 128, 1024, 512)),
                bad("proportionalGainBytes", p -> tuned(p, -1, 1_000_000, 128, 1024, 512)),
                bad("fastIncreaseThresholdPs", p -> tuned(p, 3072, 4_500_001, 128, 1024, 512)),
                bad("fastIncreaseThresholdPs", p -> tuned(p, 3072, -1, 128, 1024, 512)),
                bad("fastIncreaseGainPer1024", p -> tuned(p, 3072, 1_000_000, -1, 1024, 512)),
                bad("decreaseGainPer1024", p -> tuned(p, 3072, 1_000_000, 128, 1025, 512)),
                bad("maxDecreasePer1024", p -> tuned(p, 3072, 1_000_000, 128, 1024, -1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void constructor_invalidField_namesIt(String field, UnaryOperator<NsccParams> change) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> change.apply(P));
        assertTrue(e.getMessage().startsWith(field), () -> "message names " + field + ": " + e.getMessage());
    }

    @Test
    void defaults_invalidInputs_nameTheField() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NsccParams.defaults(0, US6, 4096))
                .getMessage().startsWith("linkRateBps"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NsccParams.defaults(G100, 0, 4096))
                .getMessage().startsWith("baseRttPs"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NsccParams.defaults(G100, US6, 0))
                .getMessage().startsWith("mtuBytes"));
    }

    @Test
    void withers_changeOneField() {
        assertEquals(8192, P.withInitialWindowBytes(8192).initialWindowBytes());
        assertEquals(2048, P.withMinWindowBytes(2048).minWindowBytes());
        assertEquals(4096, P.withScalingFactor(4096).scalingFactor());
        assertEquals(P.withScalingFactor(4096).withScalingFactor(1024), P);
    }

    private static Arguments bad(String field, UnaryOperator<NsccParams> change) {
        return Arguments.of(field, change);
    }

    private static NsccParams copy(NsccParams p, long rate, long rtt, long baseBdp, int scaling, int num, int den) {
        return new NsccParams(rate, rtt, baseBdp, scaling, num, den, p.initialWindowBytes(), p.minWindowBytes(),
                p.mtuBytes(), p.trimming(), p.proportionalGainBytes(), p.fastIncreaseThresholdPs(),
                p.fastIncreaseGainPer1024(), p.decreaseGainPer1024(), p.maxDecreasePer1024());
    }

    private static NsccParams tuned(NsccParams p, long gain, long fastPs, int fastGain, int decGain, int maxDec) {
        return new NsccParams(p.linkRateBps(), p.baseRttPs(), p.baseBdpBytes(), p.scalingFactor(), 3, 2,
                p.initialWindowBytes(), p.minWindowBytes(), p.mtuBytes(), p.trimming(), gain, fastPs, fastGain,
                decGain, maxDec);
    }
}

package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RcccParamsTest {
    private static final long GBPS_100 = 100_000_000_000L;

    @Test
    void withDefaults_isTheSeedConfiguration() {
        RcccParams p = RcccParams.withDefaults(GBPS_100);
        assertEquals(GBPS_100, p.receiverRateBps());
        assertEquals(1_000_000L, p.sliceLengthPs()); // RCCC post: 1 us slices
        assertEquals(12_500L, p.initialCreditBytes()); // RCCC post: 12.5 KB pre-provisioned
    }

    @ParameterizedTest(name = "{0}, {1}, {2} -> message names {3}")
    @CsvSource({
            "0, 1000000, 12500, receiverRateBps",
            "-1, 1000000, 12500, receiverRateBps",
            "100000000000, 0, 12500, sliceLengthPs",
            "100000000000, -5, 12500, sliceLengthPs",
            "100000000000, 1000000, -1, initialCreditBytes"})
    void constructor_invalidField_isRejectedByName(long rateBps, long slicePs, long initialBytes, String field) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RcccParams(rateBps, slicePs, initialBytes));
        assertTrue(e.getMessage().startsWith(field + " "), e.getMessage());
    }

    @Test
    void withDefaults_dividesEverySliceInBytes() {
        RcccParams p = RcccParams.withDefaults(GBPS_100);
        assertEquals(0, p.grantQuantumBytes());
        assertEquals(0, p.roundLimitBytes());
        RcccParams turns = p.withTurns(4_150, 95_800);
        assertEquals(4_150, turns.grantQuantumBytes());
        assertEquals(95_800, turns.roundLimitBytes());
        assertEquals(p.initialCreditBytes(), turns.initialCreditBytes());
    }

    @ParameterizedTest(name = "quantum {0}, round limit {1} -> message names {2}")
    @CsvSource({
            "-1, 0, grantQuantumBytes",
            "4150, -1, roundLimitBytes"})
    void constructor_negativeTurnsField_isRejectedByName(long quantumBytes, long roundLimitBytes, String field) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RcccParams(GBPS_100, 1_000_000, 12_500, quantumBytes, roundLimitBytes));
        assertTrue(e.getMessage().startsWith(field + " "), e.getMessage());
    }

    @Test
    void constructor_zeroInitialCredit_isAllowed() {
        assertEquals(0, new RcccParams(GBPS_100, 1_000_000, 0).initialCreditBytes());
    }
}

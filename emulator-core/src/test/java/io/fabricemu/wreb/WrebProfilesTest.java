package io.fabricemu.wreb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabricemu.ecn.EcnRamp;
import org.junit.jupiter.api.Test;

class WrebProfilesTest {
    private static final LinearProfile LINEAR = new LinearProfile(50_000, 250_000, 100_000);

    @Test
    void linear_zeroToKminThenRampThenCertainAtKmax() {
        assertEquals(0, LINEAR.probabilityPpm(0));
        assertEquals(0, LINEAR.probabilityPpm(50_000));
        assertEquals(0, LINEAR.probabilityPpm(50_001), "0.1 x 1 / 200,000 truncates to 0 ppm");
        assertEquals(50_000, LINEAR.probabilityPpm(150_000), "halfway: Pmax / 2");
        assertEquals(99_999, LINEAR.probabilityPpm(249_999));
        assertEquals(1_000_000, LINEAR.probabilityPpm(250_000), "at Kmax every packet");
        assertEquals(1_000_000, LINEAR.probabilityPpm(Long.MAX_VALUE));
    }

    @Test
    void linear_hugeSpanStaysExact() {
        LinearProfile wide = new LinearProfile(0, Long.MAX_VALUE, 1_000_000);
        assertEquals(500_000, wide.probabilityPpm(Long.MAX_VALUE / 2 + 1));
    }

    @Test
    void linear_rejectsKmaxNotAboveKminAndPmaxAboveOne() {
        assertThrows(IllegalArgumentException.class, () -> new LinearProfile(10, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> new LinearProfile(0, 10, 1_000_001));
        assertThrows(IllegalArgumentException.class, () -> new LinearProfile(-1, 10, 1));
    }

    @Test
    void step_lowAtOrBelowThresholdHighAbove() {
        StepProfile step = new StepProfile(100_000, 10_000, 500_000);
        assertEquals(10_000, step.probabilityPpm(0));
        assertEquals(10_000, step.probabilityPpm(100_000));
        assertEquals(500_000, step.probabilityPpm(100_001));
        assertThrows(IllegalArgumentException.class, () -> new StepProfile(1, 500_000, 500_000));
    }

    @Test
    void power_squareIsBelowTheLineAndMeetsItAtTheEnds() {
        PowerProfile square = new PowerProfile(50_000, 250_000, 100_000, 2_000);
        assertEquals(0, square.probabilityPpm(50_000));
        assertEquals(25_000, square.probabilityPpm(150_000), "Pmax x 0.5^2");
        assertEquals(1_000_000, square.probabilityPpm(250_000));
        PowerProfile root = new PowerProfile(0, 400, 1_000_000, 500);
        assertEquals(500_000, root.probabilityPpm(100), "sqrt(1/4)");
        assertThrows(IllegalArgumentException.class, () -> new PowerProfile(0, 1, 1, 0));
    }

    @Test
    void ecnRampProfile_isTheRamp() {
        EcnRamp ramp = new EcnRamp(20_000, 80_000, 200_000);
        EcnRampProfile shared = new EcnRampProfile(ramp);
        for (long q : new long[] {0, 20_000, 50_000, 80_000, 80_001}) {
            assertEquals(ramp.markProbabilityPpm(q), shared.probabilityPpm(q));
        }
    }
}

package io.fabricemu.results.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Student's t, the 95% interval and Welch's test against published values (scipy.stats 1.x gives the same). */
class StatisticsTest {

    @Test
    void quantile975_tabulatedInterpolatedAndExpanded() {
        assertEquals(12.7062, StudentT.quantile975(1), 1e-4);
        assertEquals(2.22814, StudentT.quantile975(10), 1e-5);
        assertEquals(2.21384, StudentT.quantile975(10.5), 2e-4, "between 10 and 11, linear in 1/df");
        assertEquals(2.00030, StudentT.quantile975(60), 1e-4);
        assertEquals(1.97993, StudentT.quantile975(120), 1e-4);
        assertEquals(2.02949, StudentT.quantile975(35.3), 1e-4);
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile975(0.5));
    }

    @Test
    void twoSidedP_matchesKnownTails() {
        assertEquals(0.5, StudentT.twoSidedP(1.0, 1), 1e-12, "Cauchy: P(|T| > 1) = 1/2");
        assertEquals(0.05, StudentT.twoSidedP(2.228139, 10), 1e-6);
        assertEquals(0.0010528258, StudentT.twoSidedP(5, 8), 1e-9);
        assertEquals(1.0, StudentT.twoSidedP(0, 5), 1e-12);
        assertEquals(StudentT.twoSidedP(-3, 4), StudentT.twoSidedP(3, 4), 1e-15);
    }

    @Test
    void logGamma_ofWholeNumbersIsTheLogFactorial() {
        assertEquals(Math.log(24), StudentT.logGamma(5), 1e-13);
        assertEquals(0.5 * Math.log(Math.PI), StudentT.logGamma(0.5), 1e-13);
    }

    @Test
    void spread_ofOneToFive() {
        Spread s = Spread.of(new long[] {1, 2, 3, 4, 5});
        assertEquals(3.0, s.mean(), 1e-12);
        assertEquals(Math.sqrt(2.5), s.sd(), 1e-12);
        // 2.77645 x 1.58114 / sqrt(5)
        assertEquals(1.96324, s.halfWidth(), 1e-5);
        assertEquals(1.03676, s.low(), 1e-5);
        assertEquals(4.96324, s.high(), 1e-5);
        Spread one = Spread.of(new long[] {7});
        assertEquals(0, one.halfWidth());
        assertThrows(IllegalArgumentException.class, () -> Spread.of(new long[0]));
    }

    @Test
    void welch_equalSpreadsFiveApart_isSignificant() {
        Welch w = Welch.test(Spread.of(new long[] {1, 2, 3, 4, 5}), Spread.of(new long[] {6, 7, 8, 9, 10}));
        assertEquals(5.0, w.t(), 1e-12);
        assertEquals(8.0, w.df(), 1e-12);
        assertEquals(0.0010528258, w.p(), 1e-9);
        assertTrue(w.significant());
    }

    @Test
    void welch_overlappingEnsembles_isNot() {
        Welch w = Welch.test(Spread.of(new long[] {486, 575, 520, 501, 560}), Spread.of(new long[] {447, 453, 600,
            430, 590}));
        assertTrue(w.p() > 0.05, "p = " + w.p());
        assertFalse(w.significant());
    }

    @Test
    void welch_withoutSpread_isCertainOrNothing() {
        assertEquals(0.0, Welch.test(Spread.of(new long[] {3, 3}), Spread.of(new long[] {4, 4})).p());
        assertEquals(1.0, Welch.test(Spread.of(new long[] {3, 3}), Spread.of(new long[] {3, 3})).p());
        assertThrows(IllegalArgumentException.class,
                () -> Welch.test(Spread.of(new long[] {3}), Spread.of(new long[] {4, 5})));
    }
}

package io.fabricemu.rnrnak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IncastDetectorTest {
    @Test
    void observe_incastAboveThresholdClearedOnlyBelowClear() {
        IncastDetector d = new IncastDetector(1000, 400);
        assertFalse(d.observe(1000, 1), "at the threshold is not above it");
        assertFalse(d.incast());
        assertEquals(0, d.episode());
        assertEquals(-1, d.firstOverPs());
        assertTrue(d.observe(1001, 2), "above: a new episode");
        assertEquals(1, d.episode());
        assertEquals(2, d.firstOverPs());
        assertFalse(d.observe(1500, 3));
        assertFalse(d.observe(500, 4), "between clear and threshold: still in incast");
        assertTrue(d.incast());
        assertFalse(d.observe(400, 5), "at clear: still in incast");
        assertTrue(d.incast());
        assertFalse(d.observe(399, 6), "below clear: cleared");
        assertFalse(d.incast());
        assertEquals(1500, d.episodePeakBytes());
        assertFalse(d.observe(900, 7), "back between the two thresholds: stays normal");
        assertFalse(d.incast());
        assertTrue(d.observe(1200, 8));
        assertEquals(2, d.episode());
        assertEquals(2, d.firstOverPs(), "the first crossing stays recorded");
        assertEquals(1200, d.episodePeakBytes(), "the peak is per episode");
    }

    @Test
    void constructor_clearAboveThreshold_rejected() {
        assertThrows(IllegalArgumentException.class, () -> new IncastDetector(1000, 1001));
        assertThrows(IllegalArgumentException.class, () -> new IncastDetector(0, 0));
    }
}

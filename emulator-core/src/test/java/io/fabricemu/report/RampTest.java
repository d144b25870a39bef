package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class RampTest {
    @Test
    void zeroIsGrey_endsAreTheFirstAndLastStops_valuesOutsideAreClamped() {
        assertEquals(Ramp.ZERO, Ramp.heat(0));
        assertEquals(Ramp.ZERO, Ramp.load(Double.NaN));
        assertEquals("#ffeda0", Ramp.heat(1e-12));
        assertEquals("#800026", Ramp.heat(1));
        assertEquals("#800026", Ramp.heat(7));
        assertEquals("#08306b", Ramp.load(1));
        assertEquals("#ffd076", Ramp.heat(1.0 / 6), "halfway between the first two of four stops");
        assertNotEquals(Ramp.heat(0.5), Ramp.heat(0.6));
    }

    @Test
    void quantityShow_picksTheUnitAndThreeDigits() {
        assertEquals("179 KB", Quantity.BYTES.show(178_898));
        assertEquals("1.05 MB", Quantity.BYTES.show(1_048_576));
        assertEquals("400 Gb/s", Quantity.RATE.show(400e9));
        assertEquals("0 B", Quantity.BYTES.show(0));
    }
}

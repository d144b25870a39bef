package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AxisTest {

    @ParameterizedTest(name = "nice({0}) = {1}")
    @CsvSource({"0.7, 1", "1, 1", "1.3, 2", "2, 2", "3, 5", "7, 10", "0.013, 0.02", "420, 500"})
    void nice_roundsUpToOneTwoOrFiveTimesAPowerOfTen(double rough, double expected) {
        assertEquals(expected, Axis.nice(rough), 1e-12);
    }

    @Test
    void of_timeInPicoseconds_showsMicrosecondsWithNiceTicks() {
        Axis a = Axis.of(Quantity.TIME, 0, 1_203_000_000, 8);
        assertEquals("ms", a.unit());
        assertEquals(0, a.lo(), 1e-12);
        assertEquals(1.4, a.hi(), 1e-9);
        assertEquals(0.2, a.step(), 1e-12);
        assertEquals("0.0", a.label(a.ticks().get(0)));
        assertEquals("1.2", a.label(a.ticks().get(6)));
        assertEquals(8, a.ticks().size());
    }

    @Test
    void of_bytes_scalesToKilobytes() {
        Axis a = Axis.of(Quantity.BYTES, 0, 178_898, 5);
        assertEquals("KB", a.unit());
        assertEquals(List.of(0.0, 50.0, 100.0, 150.0, 200.0), a.ticks());
        assertEquals("150", a.label(150));
    }

    @Test
    void of_rate_scalesToGigabits() {
        Axis a = Axis.of(Quantity.RATE, 0, 97_940_000_000L, 5);
        assertEquals("Gb/s", a.unit());
        assertEquals(100, a.hi(), 1e-9);
    }

    @Test
    void of_singleValue_spansOneStepAboveIt() {
        Axis zero = Axis.of(Quantity.COUNT, 0, 0, 5);
        assertEquals(0, zero.lo(), 1e-12);
        assertEquals(1, zero.hi(), 1e-12);
        Axis seven = Axis.of(Quantity.BYTES, 7, 7, 5);
        assertEquals(true, seven.hi() > seven.lo());
    }

    @Test
    void of_smallCounts_neverStepsBelowOne() {
        assertEquals(1, Axis.of(Quantity.COUNT, 0, 3, 8).step(), 1e-12);
    }

    @Test
    void position_mapsLoAndHiToTheirPixels() {
        Axis a = Axis.of(Quantity.BYTES, 0, 200_000, 4);
        assertEquals(300, a.position(0, 300, 40), 1e-9);
        assertEquals(40, a.position(200_000, 300, 40), 1e-9);
        assertEquals(170, a.position(100_000, 300, 40), 1e-9);
    }

    @Test
    void fraction_keepsRawValues() {
        Axis a = Axis.of(Quantity.FRACTION, 0, 1, 5);
        assertEquals("", a.unit());
        assertEquals(List.of(0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0), a.ticks());
        assertEquals("0.6", a.label(a.ticks().get(3)));
    }
}

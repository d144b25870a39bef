package io.fabricemu.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PsTest {
    @ParameterizedTest(name = "{0} B at {1} b/s = {2} ps")
    @CsvSource({
            "4150, 100000000000, 332000",     // the default MTU on the wire at 100 Gb/s
            "9216, 100000000000, 737280",     // Base RTT post: 9,216 B at 100 Gb/s = 0.737 us
            "64, 400000000000, 1280",
            "64, 800000000000, 640",
            "1, 3, 2666666666667",            // 8/3 s, rounded up to the next ps
            "1500, 25000000000, 480000",
            "0, 100000000000, 0"})
    void serializationPs_exact(long bytes, long rateBps, long expectedPs) {
        assertEquals(expectedPs, Ps.serializationPs(bytes, rateBps));
    }

    @Test
    void saturated_sumsAndProductsPastALong_areNever() {
        assertEquals(7, Ps.plusSaturated(3, 4));
        assertEquals(Ps.NEVER, Ps.plusSaturated(Long.MAX_VALUE - 1, 2));
        assertEquals(Ps.NEVER, Ps.plusSaturated(Ps.NEVER, Ps.NEVER));
        assertEquals(12, Ps.timesSaturated(3, 4));
        assertEquals(0, Ps.timesSaturated(Ps.NEVER, 0));
        assertEquals(Ps.NEVER, Ps.timesSaturated(Ps.PER_S, Ps.PER_S * 10));
        assertEquals(Ps.NEVER, Ps.timesSaturated(Long.MAX_VALUE / 2 + 1, 2));
        assertThrows(IllegalArgumentException.class, () -> Ps.plusSaturated(-1, 2));
        assertThrows(IllegalArgumentException.class, () -> Ps.timesSaturated(2, -1));
    }

    @Test
    void serializationPs_largeSizeDoesNotOverflow() {
        // 1 TB at 1 b/s is 8e12 s = 8e24 ps: beyond a long, so it must fail loudly rather than wrap.
        assertThrows(ArithmeticException.class, () -> Ps.serializationPs(1_000_000_000_000L, 1));
        // 2 GB at 100 Gb/s = 0.16 s, through the wide-multiplication path.
        assertEquals(160_000_000_000L, Ps.serializationPs(2_000_000_000L, 100_000_000_000L));
    }

    @Test
    void serializationPs_rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> Ps.serializationPs(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> Ps.serializationPs(1, 0));
    }

    @Test
    void bytesIn_isTheInverseRoundedDown() {
        assertEquals(12_500, Ps.bytesIn(Ps.PER_US, 100_000_000_000L));
        assertEquals(4149, Ps.bytesIn(331_999, 100_000_000_000L));
    }

    @Test
    void format_choosesAUnit() {
        assertEquals("1.500 us", Ps.format(1_500_000));
        assertEquals("12 ps", Ps.format(12));
        assertEquals("2.000 ms", Ps.format(2 * Ps.PER_MS));
    }
}

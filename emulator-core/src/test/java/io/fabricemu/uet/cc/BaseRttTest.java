package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BaseRttTest {
    private static final long G100 = 100_000_000_000L;
    private static final long G400 = 400_000_000_000L;

    @ParameterizedTest(name = "{0} B at {1} b/s = {2} ps")
    @CsvSource({
            "9216, 100000000000, 737280",    // Base RTT post: 73,728 bits / 100 Gb/s = 0.737 us
            "4096, 100000000000, 327680",
            "9216, 400000000000, 184320"})
    void plusSerialization_seedVectors(long mtuBytes, long rateBps, long expectedPs) {
        assertEquals(expectedPs, BaseRtt.ZERO.plusSerialization(mtuBytes, rateBps).oneWayPs());
    }

    @ParameterizedTest(name = "{0} m = {1} ps")
    @CsvSource({
            "50, 250000",   // Base RTT post: 50 m x 5 ns/m = 0.250 us
            "1, 5000",
            "0, 0"})
    void plusFibreMetres_fiveNanosecondsPerMetre(long metres, long expectedPs) {
        assertEquals(expectedPs, BaseRtt.ZERO.plusFibreMetres(metres).oneWayPs());
    }

    @Test
    void plusSwitches_threeAt400ns_is1200ns() {
        // Base RTT post: 3 x 400 ns = 1.2 us
        assertEquals(1_200_000, BaseRtt.ZERO.plusSwitches(3, 400_000).oneWayPs());
    }

    @Test
    void fecCodewordPs_rs544at400G_is13600ps() {
        // The Base RTT post works RS(544,514) out as 544 symbols x 10 bits = 5,440 bits, then says "At 400 Gbps,
        // this adds a fixed delay of ~150 ns per hop". Its own arithmetic does not give that: 5,440 bits / 400 Gb/s
        // is 13.6 ns, eleven times less. The ~150 ns is plausible as a measured end-to-end FEC latency (codeword
        // interleaving across lanes plus the decoder pipeline), which the post does not derive. We reproduce
        // the stated arithmetic; a caller with a measured figure passes it to plusFecHops directly.
        assertEquals(13_600, BaseRtt.fecCodewordPs(544, 10, G400));
        assertEquals(5_440, 544 * 10);
    }

    @Test
    void fecCodewordPs_roundsUpToWholePicoseconds() {
        // 5,440 bits at 3 b/s is 1,813.33... s; a bit is not there until all of it is.
        assertEquals(1_813_333_333_333_334L, BaseRtt.fecCodewordPs(544, 10, 3));
    }

    @Test
    void roundTripPs_isTwiceTheSumOfTheComponents() {
        long fecPs = BaseRtt.fecCodewordPs(544, 10, G400);
        BaseRtt path = BaseRtt.ZERO.plusSerialization(9_216, G100).plusFibreMetres(50).plusSwitches(3, 400_000)
                .plusFecHops(4, fecPs);
        long oneWay = 737_280 + 250_000 + 1_200_000 + 4 * 13_600;
        assertEquals(oneWay, path.oneWayPs());
        assertEquals(2 * oneWay, path.roundTripPs());
        assertEquals(4_483_360, path.roundTripPs());
    }

    @Test
    void plusSerialization_secondLink_isRefused() {
        // Cut-through: the frame is serialized once, on the first link.
        BaseRtt once = BaseRtt.ZERO.plusSerialization(9_216, G100);
        assertThrows(IllegalStateException.class, () -> once.plusSerialization(9_216, G100));
    }

    @Test
    void plusPropagationPs_addsAGivenDelay() {
        assertEquals(1_234, BaseRtt.ZERO.plusPropagationPs(1_000).plusPropagationPs(234).oneWayPs());
    }

    @Test
    void components_rejectNegativeOrZeroInputs() {
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.ZERO.plusSerialization(0, G100));
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.ZERO.plusSerialization(9_216, 0));
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.ZERO.plusFibreMetres(-1));
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.ZERO.plusPropagationPs(-1));
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.ZERO.plusSwitches(-1, 400_000));
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.ZERO.plusFecHops(1, -1));
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.fecCodewordPs(0, 10, G400));
        assertThrows(IllegalArgumentException.class, () -> BaseRtt.fecCodewordPs(544, 10, 0));
    }
}

package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CreditSupplyTest {

    @ParameterizedTest(name = "{0} b/s x {1} ps = {2} B per slice")
    @CsvSource({
            "100000000000, 1000000, 12500",    // RCCC post: 12.5 GB/s x 1 us
            "400000000000, 1000000, 50000",
            "800000000000, 1000000, 100000",
            "100000000000, 2000000, 25000"})
    void nextSliceBytes_wholeBytesPerSlice_isConstant(long rateBps, long slicePs, long expectedBytes) {
        CreditSupply supply = new CreditSupply(rateBps, slicePs);
        for (int k = 0; k < 1_000; k++) {
            assertEquals(expectedBytes, supply.nextSliceBytes());
        }
    }

    @ParameterizedTest(name = "{0} b/s x {1} ps over {2} slices")
    @CsvSource({
            "100000000000, 333333, 100000",   // 4,166.6625 B per slice
            "25000000000, 1, 5000",           // 0.003125 B per slice: mostly empty slices
            "1600000000000, 700001, 20000",   // 140,000.2 B per slice
            "7, 3, 1000"})                    // far below one byte per slice
    void nextSliceBytes_fractionalRate_sumsToTheExactFloor(long rateBps, long slicePs, int slices) {
        CreditSupply supply = new CreditSupply(rateBps, slicePs);
        BigInteger perSliceTimes8e12 = BigInteger.valueOf(rateBps).multiply(BigInteger.valueOf(slicePs));
        BigInteger divisor = BigInteger.valueOf(8_000_000_000_000L);
        long floorOfOne = perSliceTimes8e12.divide(divisor).longValueExact();
        long sum = 0;
        for (int k = 1; k <= slices; k++) {
            long b = supply.nextSliceBytes();
            assertTrue(b == floorOfOne || b == floorOfOne + 1, "slice " + k + " supplied " + b);
            sum += b;
            long exact = perSliceTimes8e12.multiply(BigInteger.valueOf(k)).divide(divisor).longValueExact();
            assertEquals(exact, sum, "after slice " + k);
        }
        assertEquals(sum, supply.suppliedBytes());
        assertEquals(slices, supply.slices());
    }

    @Test
    void nextSliceBytes_fractionalRate_alternatesRatherThanLosingBytes() {
        // 100 Gb/s x 333,333 ps = 4,166.6625 B: never 4,166 three times in a row.
        CreditSupply supply = new CreditSupply(100_000_000_000L, 333_333);
        int run = 0;
        for (int k = 0; k < 10_000; k++) {
            run = supply.nextSliceBytes() == 4_166 ? run + 1 : 0;
            assertTrue(run < 3, "slice " + k);
        }
    }
}

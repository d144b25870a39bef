package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MemoryParamsTest {
    private static final long GBPS_100 = 100_000_000_000L;

    @Test
    void constructor_validValues_areKept() {
        MemoryParams p = new MemoryParams(GBPS_100, 131_072, 65_536);
        assertEquals(GBPS_100, p.writeRateBps());
        assertEquals(131_072, p.bufferBytes());
        assertEquals(65_536, p.penaltyThresholdBytes());
    }

    @ParameterizedTest(name = "threshold {0} of a 131,072 B buffer is allowed")
    @CsvSource({"0", "1", "131071"})
    void constructor_thresholdWithinBuffer_isAllowed(long thresholdBytes) {
        assertEquals(thresholdBytes, new MemoryParams(GBPS_100, 131_072, thresholdBytes).penaltyThresholdBytes());
    }

    @ParameterizedTest(name = "{0}, {1}, {2} -> {3} {4}")
    @CsvSource(delimiter = ';', value = {
            "0; 131072; 65536; writeRateBps; must be > 0, was 0",
            "-1; 131072; 65536; writeRateBps; must be > 0, was -1",
            "100000000000; 0; 0; bufferBytes; must be > 0, was 0",
            "100000000000; -4096; 0; bufferBytes; must be > 0, was -4096",
            "100000000000; 131072; -1; penaltyThresholdBytes; "
                    + "must lie in [0, bufferBytes) = [0, 131072), was -1",
            "100000000000; 131072; 131072; penaltyThresholdBytes; "
                    + "must lie in [0, bufferBytes) = [0, 131072), was 131072",
            "100000000000; 131072; 200000; penaltyThresholdBytes; "
                    + "must lie in [0, bufferBytes) = [0, 131072), was 200000"})
    void constructor_invalidField_isRejectedWithFieldAndRange(long rateBps, long bufferBytes, long thresholdBytes,
                                                              String field, String rule) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MemoryParams(rateBps, bufferBytes, thresholdBytes));
        assertEquals(field + " " + rule, e.getMessage());
    }
}

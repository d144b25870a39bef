package io.fabricemu.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Adaptive routing's queue levels are the reference simulator's ({@code BaseQueue::quantized_queuesize}: under 5%,
 * 10% and 20% of the queue limit, and above), and its tiers are those asked for.
 */
class AdaptiveRoutingTest {
    @ParameterizedTest
    @CsvSource({"0,0", "9999,0", "10000,1", "19999,1", "20000,2", "39999,2", "40000,3", "200000,3"})
    void aQueueOf_bytes_outOf200000_hasTheReferencesLevel(long bytes, int level) {
        assertEquals(level, AdaptiveRouting.level(bytes, 200_000));
    }

    @Test
    void tiers_areTheOnesAskedFor_andOffHasNone() {
        AdaptiveRouting torsOnly = new AdaptiveRouting(AdaptiveRouting.Method.QUEUE, AdaptiveRouting.Granularity.PACKET,
                0, 1 << 1, 100_000);
        assertTrue(torsOnly.at(1));
        assertFalse(torsOnly.at(2));
        assertFalse(torsOnly.at(0));
        assertFalse(AdaptiveRouting.OFF.enabled());
        assertFalse(AdaptiveRouting.OFF.at(1));
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveRouting(AdaptiveRouting.Method.QUEUE,
                AdaptiveRouting.Granularity.FLOW, 0, 1 << 4, 1));
    }
}

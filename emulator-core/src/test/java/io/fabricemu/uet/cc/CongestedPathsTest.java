package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link CongestedPaths}: the share of congested paths among the last few EVs heard of. */
class CongestedPathsTest {

    @Test
    void open_whenAtLeastTheThresholdShareOfTrackedPathsIsCongested() {
        CongestedPaths p = new CongestedPaths(new CongestedPaths.Params(4, 512));
        assertFalse(p.open(), "nothing tracked");
        p.onFeedback(1, true);
        assertTrue(p.open(), "1 of 1");
        p.onFeedback(2, false);
        p.onFeedback(3, false);
        assertFalse(p.open(), "1 of 3");
        p.onFeedback(4, true);
        assertTrue(p.open(), "2 of 4 is half");
        assertEquals(2, p.congestedPaths());
    }

    @Test
    void onFeedback_latestFeedbackIsThePathsState() {
        CongestedPaths p = new CongestedPaths(new CongestedPaths.Params(4, 512));
        p.onFeedback(7, true);
        p.onFeedback(7, true);
        assertEquals(1, p.congestedPaths());
        assertEquals(1, p.trackedPaths());
        p.onFeedback(7, false);
        assertEquals(0, p.congestedPaths());
        assertFalse(p.open());
    }

    @Test
    void onFeedback_beyondCapacity_evictsTheLeastRecentlyHeardOf() {
        CongestedPaths p = new CongestedPaths(new CongestedPaths.Params(2, 1024));
        p.onFeedback(1, true);
        p.onFeedback(2, true);
        p.onFeedback(1, true);      // 1 is now the more recent
        p.onFeedback(3, false);     // evicts 2, a congested one
        assertEquals(2, p.trackedPaths());
        assertEquals(1, p.congestedPaths());
        assertFalse(p.open(), "1 of 2 with threshold all");
        p.onFeedback(3, true);
        assertTrue(p.open());
        p.onFeedback(4, false);     // evicts 1, congested
        assertEquals(1, p.congestedPaths());
    }

    @Test
    void params_outOfRange_isRejectedNamingTheField() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CongestedPaths.Params(0, 512))
                .getMessage().startsWith("paths"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CongestedPaths.Params(64, 0))
                .getMessage().startsWith("thresholdPer1024"));
    }
}

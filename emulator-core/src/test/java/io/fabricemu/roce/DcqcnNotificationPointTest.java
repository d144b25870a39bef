package io.fabricemu.roce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.time.Ps;
import org.junit.jupiter.api.Test;

class DcqcnNotificationPointTest {
    @Test
    void onCeMarked_atMostOneCnpPerInterval() {
        DcqcnNotificationPoint np = new DcqcnNotificationPoint(50 * Ps.PER_US);
        assertTrue(np.onCeMarked(10 * Ps.PER_US));
        assertFalse(np.onCeMarked(10 * Ps.PER_US));
        assertFalse(np.onCeMarked(60 * Ps.PER_US - 1));
        assertTrue(np.onCeMarked(60 * Ps.PER_US));
        assertFalse(np.onCeMarked(70 * Ps.PER_US));
        assertTrue(np.onCeMarked(200 * Ps.PER_US));
        assertEquals(3, np.cnps());
    }

    @Test
    void onCeMarked_zeroInterval_everyMarkMakesACnp() {
        DcqcnNotificationPoint np = new DcqcnNotificationPoint(0);
        assertTrue(np.onCeMarked(0));
        assertTrue(np.onCeMarked(0));
    }
}

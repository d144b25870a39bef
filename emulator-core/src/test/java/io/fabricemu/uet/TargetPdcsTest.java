package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.host.FlowReceiver;
import io.fabricemu.host.NicFlow;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.PdsRequest;
import org.junit.jupiter.api.Test;

/** A target's PDC table as US 12,388,756 FIG. 2D handles a data packet: operations 231, 233, 235, 237. */
class TargetPdcsTest {
    private static final PdsRequest SYN = new PdsRequest(1, true, 0, -1, DeliveryMode.RUD);

    private static TargetPdcs table(int limit) {
        NicFlow[] flows = new NicFlow[3];
        FlowReceiver[] receivers = new FlowReceiver[3];
        for (int i = 0; i < 3; i++) {
            flows[i] = new NicFlow(10 + i, 1 + i, 4 * 4_086, 0, 7);
            receivers[i] = new FlowReceiver(10 + i, 4 * 4_086, 4_086);
        }
        return new TargetPdcs("nic0", flows, receivers, limit);
    }

    private static PdsRequest addressed(int dpdcid) {
        return new PdsRequest(1, false, dpdcid, -1, DeliveryMode.RUD);
    }

    @Test
    void fig2d_notReadyWhileFull_thenUpdated_thenRemovedWhenComplete() {
        TargetPdcs t = table(1);
        assertTrue(t.admit(0, SYN), "231, no entry, one free: made (235)");
        assertEquals(1, t.id(0));
        assertFalse(t.admit(1, SYN), "233: no entry for flow 11's PDC and none free");
        assertEquals(0, t.id(1), "the refused packet leaves nothing behind");
        assertTrue(t.admit(0, addressed(1)), "235: the entry exists, its receive context is updated");
        assertFalse(t.admit(1, SYN), "still full");
        t.completed(0);
        assertEquals(0, t.inUse(), "237: every packet received, the entry is removed");
        assertTrue(t.admit(1, SYN), "the slot is free again");
        assertEquals(2, t.id(1), "ids are not reused");
        assertTrue(t.admit(0, addressed(1)), "a late duplicate of the completed PDC needs no new entry");
        assertEquals(1, t.inUse());
        t.completed(0);
        assertEquals(1, t.inUse(), "completing twice removes once");
        assertEquals(1, t.peak());
        assertEquals(1, t.entriesAtOpen(1));
    }

    @Test
    void withoutALimit_everyPdcGetsAnEntry() {
        TargetPdcs t = table(0);
        for (int i = 0; i < 3; i++) {
            assertTrue(t.admit(i, SYN));
        }
        assertEquals(3, t.peak());
        assertEquals(0, t.entriesAtOpen(2), "kept only under a limit, where results report it");
    }

    @Test
    void aRequestWithoutSynToNoEntry_orToAnotherId_isABug() {
        TargetPdcs t = table(1);
        assertThrows(IllegalStateException.class, () -> t.admit(0, addressed(1)));
        t.admit(0, SYN);
        assertThrows(IllegalStateException.class, () -> t.admit(0, addressed(2)));
    }
}

package io.fabricemu.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How many link directions a plan has down at a time: what the live gauge shows. */
class LinksDownTest {
    private static final long US = 1_000_000;

    private static Fault fault(int index, long atPs, FaultAction action, int... directions) {
        return new Fault(index, "f" + index, atPs, action, directions);
    }

    @Test
    void aCableDownAndUp_aFlap_andADownThatFindsTheLinkDown() {
        LinksDown d = LinksDown.of(new FaultPlan(List.of(
                fault(0, 10 * US, new LinkState(true), 0, 1),
                fault(1, 30 * US, new LinkState(false), 0, 1),
                // direction 4 flaps: down 20..25, 40..45 us (cycles start before 50 us)
                fault(2, 20 * US, new Flap(20 * US, 5 * US, 50 * US), 4),
                // direction 1 is already down at 15 us: nothing changes
                fault(3, 15 * US, new LinkState(true), 1),
                fault(4, 60 * US, new LinkState(true), 7),
                fault(5, 5 * US, new RateChange(1_000_000_000L), 9))));
        assertEquals(0, d.at(0));
        assertEquals(0, d.at(10 * US - 1));
        assertEquals(2, d.at(10 * US), "down from the fault's time on");
        assertEquals(3, d.at(20 * US));
        assertEquals(3, d.at(25 * US - 1));
        assertEquals(2, d.at(25 * US), "up again at the cycle's end");
        assertEquals(0, d.at(30 * US));
        assertEquals(1, d.at(42 * US));
        assertEquals(0, d.at(50 * US));
        assertEquals(1, d.at(60 * US));
        assertEquals(1, d.at(Long.MAX_VALUE - 1), "a link that never comes back stays down");
    }

    @Test
    void aHealthyPlan_neverHasALinkDown() {
        assertTrue(LinksDown.of(FaultPlan.NONE).isEmpty());
        assertEquals(0, LinksDown.of(FaultPlan.NONE).at(5 * US));
        LinksDown slow = LinksDown.of(new FaultPlan(List.of(fault(0, 0, new RateChange(1_000_000_000L), 3))));
        assertTrue(slow.isEmpty());
        assertEquals(0, slow.at(0));
    }
}

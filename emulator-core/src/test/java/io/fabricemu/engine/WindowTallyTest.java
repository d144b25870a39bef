package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class WindowTallyTest {

    @Test
    void completions_countInTheWindowTheirTimeFallsIn_notWhenTheyWereReported() {
        WindowTally t = new WindowTally();
        t.completed(new long[] {100, 1_200});
        t.completed(new long[] {2_500});
        t.settle(1_000);
        assertEquals(1, t.flowsCompleted());
        t.settle(2_000);
        assertEquals(2, t.flowsCompleted());
        t.settle(3_000);
        assertEquals(3, t.flowsCompleted());
    }

    @Test
    void halt_isTheLowestIdOfTheFirstWindowWithOne_laterOnesAndRepeatsDoNotCount() {
        WindowTally t = new WindowTally();
        t.halted(9, 2_100, "nine, second window");
        t.halted(7, 1_500, "seven");
        t.halted(4, 1_900, "four");
        t.halted(2, 2_050, "two, second window");
        t.halted(4, 1_950, "four again");
        t.settle(1_000);
        assertEquals(-1, t.haltElementId());
        assertNull(t.haltReason());
        t.settle(2_000);
        assertEquals(4, t.haltElementId());
        assertEquals("four", t.haltReason());
        t.settle(3_000);
        assertEquals(4, t.haltElementId(), "element 2 halted in a later window");
    }
}

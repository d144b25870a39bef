package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class WindowTallyTest {

    @Test
    void completions_countInTheWindowTheirTimeFallsIn_notWhenTheyWereReported() {
        WindowTally t = new WindowTally(1_000);
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
        WindowTally t = new WindowTally(1_000);
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

    @Test
    void windowOfTwoCells_haltOfItsEarlierCellCounts_andTheLastCompletionIsKept() {
        WindowTally t = new WindowTally(500);
        t.halted(4, 1_700, "four, second cell");
        t.halted(9, 1_100, "nine, first cell");
        t.completed(new long[] {1_400, 1_200, 2_300});
        t.settle(2_000);
        assertEquals(9, t.haltElementId(), "the earlier cell's halt, though its element id is higher");
        assertEquals(1_000, t.haltCellPs());
        assertEquals(2, t.flowsCompleted());
        assertEquals(1_400, t.lastCompletedPs());
        t.settle(3_000);
        assertEquals(2_300, t.lastCompletedPs());
        assertEquals(9, t.haltElementId());
    }
}

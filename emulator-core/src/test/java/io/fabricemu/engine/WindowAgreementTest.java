package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Shards agree on the next window from the same states, in whatever order those arrive. */
class WindowAgreementTest {

    @Test
    void theAgreedState_isTheEarliestTime_theSumOfFlows_andTheLowestHalt() {
        WindowAgreement a = new WindowAgreement(2);
        a.open(1_000);
        a.peer(1_000, new WindowState(5_000, 3, 40, "element 40"));
        assertFalse(a.complete());
        a.own(new WindowState(4_000, 1, -1, null));
        assertFalse(a.complete());
        a.peer(1_000, new WindowState(Long.MAX_VALUE, 2, 7, "element 7"));
        assertTrue(a.complete());
        assertEquals(new WindowState(4_000, 6, 7, "element 7"), a.agreed());
    }

    @Test
    void everyOrder_agrees() {
        WindowState x = new WindowState(9, 1, -1, null);
        WindowState y = new WindowState(3, 2, 12, "y");
        WindowState z = new WindowState(6, 4, 5, "z");
        assertEquals(x.with(y).with(z), z.with(x).with(y));
        assertEquals(x.with(y).with(z), y.with(z.with(x)));
    }

    @Test
    void aPeerOneWindowAhead_isKeptForThatWindow() {
        WindowAgreement a = new WindowAgreement(1);
        a.open(1_000);
        a.peer(2_000, new WindowState(2_500, 0, -1, null));
        a.own(new WindowState(1_500, 0, -1, null));
        assertFalse(a.complete(), "the peer's state is for the next window");
        a.peer(1_000, new WindowState(1_200, 0, -1, null));
        assertEquals(1_200, a.agreed().earliestPs());
        a.open(2_000);
        a.own(new WindowState(2_700, 0, -1, null));
        assertTrue(a.complete());
        assertEquals(2_500, a.agreed().earliestPs());
    }

    @Test
    void aPeerTwoWindowsAhead_orAWrongNextWindow_isAnError() {
        WindowAgreement a = new WindowAgreement(2);
        a.open(1_000);
        a.peer(2_000, new WindowState(0, 0, -1, null));
        assertThrows(IllegalStateException.class, () -> a.peer(3_000, new WindowState(0, 0, -1, null)));
        assertThrows(IllegalStateException.class, () -> a.open(2_500));
        assertThrows(IllegalStateException.class, new WindowAgreement(1)::agreed);
    }

    @Test
    void aLoneShard_agreesWithItself() {
        WindowAgreement a = new WindowAgreement(0);
        a.open(250);
        a.own(new WindowState(300, 1, -1, null));
        assertTrue(a.complete());
        assertEquals(new WindowState(300, 1, -1, null), a.agreed());
    }
}

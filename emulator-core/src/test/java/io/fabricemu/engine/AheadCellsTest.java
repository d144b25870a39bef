package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AheadCellsTest {

    @Test
    void earliestFrom_isTheEarliestCellFromThere_andForgetsTheCellsBefore() {
        AheadCells cells = new AheadCells(3);
        cells.add(3_000);
        cells.add(1_000);
        cells.add(2_000);
        assertEquals(1_000, cells.earliestFrom(1_000));
        assertEquals(2_000, cells.earliestFrom(1_500));
        assertEquals(2_000, cells.earliestFrom(0), "the cell before 1,500 is forgotten");
        assertEquals(Long.MAX_VALUE, cells.earliestFrom(3_001));
    }

    @Test
    void aCellAddedAgain_takesNoMoreRoom() {
        AheadCells cells = new AheadCells(2);
        for (int i = 0; i < 5; i++) {
            cells.add(4_000);
            cells.add(5_000);
        }
        assertEquals(4_000, cells.earliestFrom(0));
    }
}

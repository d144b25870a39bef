package io.fabricemu.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PoolLedgerTest {

    @Test
    void grant_aloneInAnEmptyPool_isCappedAtAlphaTimesWhatIsLeftFree() {
        PoolLedger pool = new PoolLedger(900_000, 4);
        // held + g <= 2 x (free - g)  =>  g <= (2 x 900,000 - 0) / 3 = 600,000, leaving 300,000 free.
        assertEquals(600_000, pool.grant(0, 1_000_000));
        assertEquals(300_000, pool.freeBytes());
        assertEquals(600_000, pool.heldBytes(0));
        assertEquals(0, pool.grant(0, 1), "at its threshold: 600,000 = 2 x 300,000");
    }

    @Test
    void grant_belowTheThreshold_givesWhatWasAsked() {
        PoolLedger pool = new PoolLedger(900_000, 4);
        assertEquals(10_000, pool.grant(2, 10_000));
        assertEquals(890_000, pool.freeBytes());
    }

    @Test
    void grant_aSecondPort_findsRoomTheFirstLeftAndTheFirstCannotGrowFurther() {
        PoolLedger pool = new PoolLedger(900_000, 4);
        pool.grant(0, 1_000_000);
        // (2 x 300,000 - 0) / 3 = 200,000: port 1 holds 200,000 = 2 x the 100,000 left free.
        assertEquals(200_000, pool.grant(1, 1_000_000));
        assertEquals(100_000, pool.freeBytes());
        assertEquals(0, pool.grant(0, 1), "port 0's 600,000 is above 2 x 100,000 now; it keeps it but gets no more");
        assertEquals(800_000, pool.leasedBytes());
    }

    @Test
    void grant_equallyCongestedPorts_settleAtTwoSeventhsOfThePoolEachForThree() {
        PoolLedger pool = new PoolLedger(900_000, 3);
        // Ask round-robin in small steps until nobody gets more: each ends near held = 2 x (size - 3 x held),
        // that is 2 x size / (2n + 1) = 2 x 900,000 / 7 = 257,142.
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int p = 0; p < 3; p++) {
                grew |= pool.grant(p, 1_000) > 0;
            }
        }
        for (int p = 0; p < 3; p++) {
            assertEquals(257_142, pool.heldBytes(p), 1_000, "port " + p);
        }
    }

    @Test
    void giveBack_freesTheBytesAndKeepsThePeak() {
        PoolLedger pool = new PoolLedger(900_000, 2);
        pool.grant(0, 50_000);
        pool.grant(1, 70_000);
        pool.giveBack(0, 30_000);
        assertEquals(20_000, pool.heldBytes(0));
        assertEquals(90_000, pool.leasedBytes());
        assertEquals(120_000, pool.peakLeasedBytes());
        assertEquals(810_000, pool.freeBytes());
    }

    @Test
    void giveBack_moreThanHeld_isRefused() {
        PoolLedger pool = new PoolLedger(900_000, 2);
        pool.grant(0, 50_000);
        assertThrows(IllegalStateException.class, () -> pool.giveBack(0, 50_001));
        assertThrows(IllegalStateException.class, () -> pool.giveBack(1, 1));
    }
}

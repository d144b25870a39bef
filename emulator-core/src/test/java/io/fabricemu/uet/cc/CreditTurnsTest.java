package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CreditTurnsTest {
    private static final long PACKET = 4_150;
    private static final long BIG = 1L << 40;

    /** The byte division of {@code budget} among {@code needs}, rotation starting at 0. */
    private static long[] divided(long budget, long[] needs) {
        long[] grants = new long[needs.length];
        CreditShares.divide(budget, needs, 0, grants);
        return grants;
    }

    @Test
    void handOut_levelBelowAPacket_givesWholePacketsInIdOrderAndCarriesTheRest() {
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] ids = {10, 20, 30, 40, 50};
        long[] needs = {BIG, BIG, BIG, BIG, BIG};
        long[] grants = divided(12_500, needs); // 2,500 B each
        assertTrue(turns.handOut(ids, needs, grants));
        assertArrayEquals(new long[] {PACKET, PACKET, PACKET, 0, 0}, grants);
        assertEquals(50, turns.carryBytes());
        // the next slice continues after sender 30: 40, 50, then wraps to 10
        grants = divided(12_500, needs);
        assertTrue(turns.handOut(ids, needs, grants));
        assertArrayEquals(new long[] {PACKET, 0, 0, PACKET, PACKET}, grants);
        assertEquals(100, turns.carryBytes());
    }

    @Test
    void handOut_levelOfAPacketOrMore_leavesTheByteDivisionAndDropsTheCarry() {
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] ids = {1, 2, 3, 4};
        long[] four = {BIG, BIG, BIG, BIG};
        assertTrue(turns.handOut(ids, four, divided(12_500, four)));
        assertEquals(50, turns.carryBytes());
        long[] twoIds = {1, 2};
        long[] two = {BIG, BIG};
        long[] grants = divided(12_500, two);
        assertFalse(turns.handOut(twoIds, two, grants));
        assertArrayEquals(new long[] {6_250, 6_250}, grants, "RCCC post: 6.25 KB each to two senders");
        assertEquals(0, turns.carryBytes());
    }

    @Test
    void handOut_everyNeedMetBelowTheLevel_changesNothing() {
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] needs = {300, 1_000, 200};
        long[] grants = divided(12_500, needs);
        assertFalse(turns.handOut(new long[] {1, 2, 3}, needs, grants));
        assertArrayEquals(new long[] {300, 1_000, 200}, grants);
    }

    @Test
    void handOut_smallNeedsBelowTheLevelKeepTheirGrantWhileTheOthersTakeTurns() {
        // eleven senders: 12,500 / 11 = 1,136 B, so the need of 500 is met exactly; the other ten share
        // 12,000 B, 1,200 each, less than a packet: two of them get a packet, 3,700 B are carried
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] ids = new long[11];
        long[] needs = new long[11];
        for (int i = 0; i < 11; i++) {
            ids[i] = i + 1;
            needs[i] = i == 4 ? 500 : BIG;
        }
        long[] grants = divided(12_500, needs);
        assertTrue(turns.handOut(ids, needs, grants));
        assertArrayEquals(new long[] {PACKET, PACKET, 0, 0, 500, 0, 0, 0, 0, 0, 0}, grants);
        assertEquals(3_700, turns.carryBytes());
    }

    @Test
    void handOut_aTurnIsNeverMoreThanTheNeed() {
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] needs = {2_000, BIG, BIG, BIG, BIG, BIG, BIG, BIG};
        long[] grants = divided(12_500, needs); // 1,562 B each, every need above it
        assertTrue(turns.handOut(new long[] {1, 2, 3, 4, 5, 6, 7, 8}, needs, grants));
        assertArrayEquals(new long[] {2_000, PACKET, PACKET, 0, 0, 0, 0, 0}, grants);
        assertEquals(12_500 - 2_000 - 2 * PACKET, turns.carryBytes());
    }

    @Test
    void handOut_needsBetweenTheLevelAndAPacket_areTurnsOfTheirNeed() {
        // five senders needing 3,000 B each, a level of 2,500 B: turns of 3,000 B, four of which fit in
        // 12,500 B; the 500 B left are carried, and the fifth sender goes first in the next slice
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] ids = {1, 2, 3, 4, 5};
        long[] needs = {3_000, 3_000, 3_000, 3_000, 3_000};
        long[] grants = divided(12_500, needs);
        assertTrue(turns.handOut(ids, needs, grants));
        assertArrayEquals(new long[] {3_000, 3_000, 3_000, 3_000, 0}, grants);
        assertEquals(500, turns.carryBytes());
        grants = divided(12_500, needs);
        assertTrue(turns.handOut(ids, needs, grants));
        assertArrayEquals(new long[] {3_000, 3_000, 3_000, 0, 3_000}, grants);
        assertEquals(1_000, turns.carryBytes());
    }

    @Test
    void handOut_manySlices_carryStaysBelowAPacketAndNothingIsLost() {
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] ids = new long[255];
        long[] needs = new long[255];
        for (int i = 0; i < 255; i++) {
            ids[i] = 1_000 + i;
            needs[i] = BIG;
        }
        long granted = 0;
        long[] perSender = new long[255];
        for (int k = 1; k <= 2_550; k++) {
            long[] grants = divided(12_500, needs);
            assertTrue(turns.handOut(ids, needs, grants));
            for (int i = 0; i < 255; i++) {
                assertTrue(grants[i] == 0 || grants[i] == PACKET, "slice " + k + ": whole packets only");
                granted += grants[i];
                perSender[i] += grants[i];
            }
            assertTrue(turns.carryBytes() < PACKET, "slice " + k);
            assertEquals(k * 12_500L, granted + turns.carryBytes(), "slice " + k + ": every byte granted or carried");
        }
        long min = java.util.Arrays.stream(perSender).min().orElseThrow();
        long max = java.util.Arrays.stream(perSender).max().orElseThrow();
        assertTrue(max - min <= PACKET, "turns keep senders within a packet of each other: " + min + ".." + max);
    }

    @Test
    void handOut_roundWithinTheLimit_leavesTheByteDivision() {
        // seven senders at 1,785 B each: a round of seven packets is 29,050 B, within a 95,800 B limit (the
        // bandwidth-delay product of 100 Gb/s and a 7.664 us base RTT); thirty-two senders' 132,800 B is not
        CreditTurns turns = new CreditTurns(PACKET, 95_800);
        long[] seven = new long[7];
        long[] sevenIds = new long[7];
        java.util.Arrays.fill(seven, BIG);
        for (int i = 0; i < 7; i++) {
            sevenIds[i] = i + 1;
        }
        long[] grants = divided(12_500, seven);
        long[] bytes = grants.clone();
        assertFalse(turns.handOut(sevenIds, seven, grants));
        assertArrayEquals(bytes, grants);
        long[] many = new long[32];
        long[] manyIds = new long[32];
        java.util.Arrays.fill(many, BIG);
        for (int i = 0; i < 32; i++) {
            manyIds[i] = i + 1;
        }
        grants = divided(12_500, many);
        assertTrue(turns.handOut(manyIds, many, grants));
        assertEquals(3 * PACKET, java.util.Arrays.stream(grants).sum());
    }

    @Test
    void handOut_roundCountsOnlySendersHeldAtTheLevel() {
        // 24 senders, 20 of them needing only 100 B: the 4 at the level share 10,500 B, 2,625 B each; their
        // round of 16,600 B is within a 20,000 B limit although 24 packets would not be
        CreditTurns turns = new CreditTurns(PACKET, 20_000);
        long[] ids = new long[24];
        long[] needs = new long[24];
        for (int i = 0; i < 24; i++) {
            ids[i] = i + 1;
            needs[i] = i < 4 ? BIG : 100;
        }
        long[] grants = divided(12_500, needs);
        assertFalse(turns.handOut(ids, needs, grants));
        assertEquals(2_625, grants[0]);
    }

    @Test
    void constructor_negativeRoundLimit_isRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CreditTurns(PACKET, -1));
        assertTrue(e.getMessage().startsWith("roundLimitBytes"), e.getMessage());
    }

    @Test
    void idle_dropsTheCarry() {
        CreditTurns turns = new CreditTurns(PACKET, 0);
        long[] needs = {BIG, BIG, BIG, BIG};
        turns.handOut(new long[] {1, 2, 3, 4}, needs, divided(12_500, needs));
        assertEquals(50, turns.carryBytes());
        turns.idle();
        assertEquals(0, turns.carryBytes());
    }

    @Test
    void constructor_quantumNotPositive_isRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CreditTurns(0, 0));
        assertTrue(e.getMessage().startsWith("quantumBytes"), e.getMessage());
    }
}

package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReceiverMemoryTest {
    private static final long GBPS_100 = 100_000_000_000L;
    /** 8 Tb/s: one byte per picosecond, for small hand-checked cases. */
    private static final long BYTE_PER_PS = 8_000_000_000_000L;
    private static final int PKT = 4_096;
    /** 4,096 B x 8 / 100 Gb/s = 32,768 bits / 1e11 b/s = 327,680 ps. */
    private static final long W = 327_680L;
    /** 32 packets of 4 KiB; penalties above 16 packets; the restore at 8 packets or fewer. */
    private static final MemoryParams STD = new MemoryParams(GBPS_100, 32L * PKT, 16L * PKT);

    private static ReceiverMemory withBurst(MemoryParams params, long atPs, int packets) {
        ReceiverMemory m = new ReceiverMemory(params);
        for (int i = 0; i < packets; i++) {
            m.admit(atPs, PKT);
        }
        return m;
    }

    // --- the write path ---

    @Test
    void admit_idleMemory_commitsOneWriteTimeAfterArrival() {
        ReceiverMemory m = new ReceiverMemory(STD);
        assertEquals(1_327_680L, m.admit(1_000_000, PKT));
    }

    @Test
    void admit_burstAtOneInstant_commitsSpacedByOneWriteTime() {
        ReceiverMemory m = new ReceiverMemory(STD);
        assertEquals(327_680L, m.admit(0, PKT));
        assertEquals(655_360L, m.admit(0, PKT));
        assertEquals(983_040L, m.admit(0, PKT));
        assertEquals(1_310_720L, m.admit(0, PKT));
    }

    @Test
    void admit_whileBusy_startsWhenThePreviousWriteFinishes() {
        ReceiverMemory m = new ReceiverMemory(STD);
        m.admit(0, PKT);
        // arrives 100,000 ps in: waits 227,680 ps, then 327,680 ps of writing
        assertEquals(655_360L, m.admit(100_000, PKT));
    }

    @Test
    void admit_afterTheMemoryWentIdle_startsAtArrival() {
        ReceiverMemory m = new ReceiverMemory(STD);
        assertEquals(W, m.admit(0, PKT));
        assertEquals(1_327_680L, m.admit(1_000_000, PKT)); // not 655,360: idle time is not banked
        assertEquals(1_655_360L, m.admit(1_100_000, PKT)); // queued behind the second
    }

    @Test
    void admit_writeTime_isRoundedUpForEachWrite() {
        // 1,000 B at 300 Gb/s = 8,000 bits / 3e11 b/s = 26,666.67 ps -> 26,667 ps per write
        ReceiverMemory m = new ReceiverMemory(new MemoryParams(300_000_000_000L, 10_000, 0));
        assertEquals(26_667L, m.admit(0, 1_000));
        assertEquals(53_334L, m.admit(0, 1_000)); // not 53,333
    }

    @Test
    void admit_mixedSizes_eachTakesItsOwnWriteTime() {
        ReceiverMemory m = new ReceiverMemory(STD);
        assertEquals(5_120L, m.admit(0, 64));         // 512 bits / 1e11 = 5,120 ps
        assertEquals(742_400L, m.admit(0, 9_216));    // + 737,280 ps
        assertEquals(1_070_080L, m.admit(0, PKT));    // + 327,680 ps
    }

    @Test
    void occupancyBytes_decreasesAsWritesCommit() {
        ReceiverMemory m = withBurst(STD, 0, 4);
        assertEquals(16_384, m.occupancyBytes(0));
        assertEquals(16_384, m.occupancyBytes(W - 1)); // the write in progress counts in full
        assertEquals(12_288, m.occupancyBytes(W));     // committed at W: no longer counted
        assertEquals(8_192, m.occupancyBytes(2 * W));
        assertEquals(4_096, m.occupancyBytes(4 * W - 1));
        assertEquals(0, m.occupancyBytes(4 * W));
        assertEquals(0, m.occupancyBytes(100 * W));
    }

    @Test
    void committedBytes_countsFinishedWritesOnly() {
        ReceiverMemory m = withBurst(STD, 0, 4);
        assertEquals(0, m.committedBytes(0));
        assertEquals(0, m.committedBytes(W - 1));
        assertEquals(4_096, m.committedBytes(W));
        assertEquals(12_288, m.committedBytes(3 * W + 1));
        assertEquals(16_384, m.committedBytes(4 * W));
        m.admit(4 * W, 200_000); // dropped: never committed
        assertEquals(16_384, m.committedBytes(1_000 * W));
    }

    @Test
    void admit_manyWritesWrappingAndGrowingTheRing_stayInOrder() {
        // 1 B per ps: 1 B at 8 Tb/s takes 1 ps
        ReceiverMemory m = new ReceiverMemory(new MemoryParams(BYTE_PER_PS, 1_000, 0));
        for (int k = 1; k <= 100; k++) {
            assertEquals(k, m.admit(0, 1));
        }
        assertEquals(50, m.occupancyBytes(50));
        for (int j = 1; j <= 60; j++) {
            assertEquals(100 + j, m.admit(50, 1)); // the ring wraps
        }
        for (int j = 1; j <= 30; j++) {
            assertEquals(160 + j, m.admit(50, 1)); // and grows while wrapped
        }
        assertEquals(140, m.peakOccupancyBytes());
        assertEquals(40, m.occupancyBytes(150));
        assertEquals(150, m.committedBytes(150));
        assertEquals(1, m.occupancyBytes(189));
        assertEquals(0, m.occupancyBytes(190));
        assertEquals(190, m.committedBytes(190));
    }

    // --- the buffer ---

    @Test
    void admit_fullBuffer_dropsCountsAndLaterPacketsThatFitAreAdmitted() {
        ReceiverMemory m = withBurst(STD, 0, 32);
        assertEquals(131_072, m.occupancyBytes(0)); // exactly full is allowed
        assertEquals(-1, m.admit(0, PKT));
        assertEquals(1, m.droppedPackets());
        assertEquals(4_096, m.droppedBytes());
        assertEquals(131_072, m.occupancyBytes(0));
        assertEquals(131_072, m.peakOccupancyBytes());

        assertEquals(126_976, m.occupancyBytes(W)); // one write committed, room for one packet
        assertEquals(33 * W, m.admit(W, PKT));     // 10,813,440 ps: behind the 31 still queued
        assertEquals(-1, m.admit(W, 1));
        assertEquals(2, m.droppedPackets());
        assertEquals(4_097, m.droppedBytes());
    }

    @Test
    void admit_dropped_changesNothingElse() {
        ReceiverMemory m = withBurst(STD, 0, 31); // 126,976 B: 4,096 B of room
        assertEquals(-1, m.admit(0, 5_000));
        assertEquals(126_976, m.occupancyBytes(0));
        assertEquals(126_976, m.peakOccupancyBytes());
        assertEquals(32 * W, m.admit(0, PKT)); // 10,485,760 ps: the dropped packet took no write time
        assertEquals(1, m.droppedPackets());
        assertEquals(5_000, m.droppedBytes());
    }

    @Test
    void admit_largerThanTheBuffer_isAlwaysDropped() {
        ReceiverMemory m = new ReceiverMemory(STD);
        assertEquals(-1, m.admit(0, 131_073));
        assertEquals(0, m.occupancyBytes(0));
        assertEquals(0, m.peakOccupancyBytes());
        assertEquals(10_485_760L, m.admit(0, 131_072)); // 1,048,576 bits / 1e11 b/s
    }

    @Test
    void peakOccupancyBytes_keepsTheHighestOccupancy() {
        ReceiverMemory m = withBurst(STD, 0, 10);
        assertEquals(40_960, m.peakOccupancyBytes());
        assertEquals(0, m.occupancyBytes(10 * W));
        assertEquals(40_960, m.peakOccupancyBytes());
        m.admit(10 * W, PKT);
        m.admit(10 * W, PKT);
        assertEquals(40_960, m.peakOccupancyBytes());
        for (int i = 0; i < 9; i++) {
            m.admit(10 * W, PKT);
        }
        assertEquals(45_056, m.peakOccupancyBytes());
    }

    // --- rcv_cwnd_pend ---

    @ParameterizedTest(name = "occupancy {0} B of 131,072, threshold 65,536 -> pend {1}")
    @CsvSource({
            "1, 0",
            "65536, 0",         // at the threshold: no penalty
            "65537, 1",         // one byte above: ceil(127 / 65,536)
            "69632, 8",         // ceil(127 x 4,096 / 65,536) = ceil(7.9375)
            "98304, 64",        // ceil(127 x 32,768 / 65,536) = ceil(63.5): the blog's 64
            "131071, 127",      // ceil(126.998)
            "131072, 127"})     // full buffer
    void rcvCwndPend_occupancy_rampsFromThresholdToFullBuffer(int occupancyBytes, int expectedPend) {
        ReceiverMemory m = new ReceiverMemory(STD);
        m.admit(0, occupancyBytes); // one write, in progress at t = 0, counts in full
        assertEquals(occupancyBytes, m.occupancyBytes(0));
        assertEquals(expectedPend, m.rcvCwndPend(0));
    }

    @Test
    void rcvCwndPend_rangeOf127Packets_givesExactlyOnePerPacket() {
        // threshold 0, buffer 127 x 4,096: 64 packets queued is exactly 64 (the blog: a 50% penalty)
        ReceiverMemory m = withBurst(new MemoryParams(GBPS_100, 127L * PKT, 0), 0, 64);
        assertEquals(64, m.rcvCwndPend(0));
        assertEquals(63, m.rcvCwndPend(W));
        assertEquals(1, m.rcvCwndPend(63 * W));
        assertEquals(0, m.rcvCwndPend(64 * W));
    }

    @Test
    void rcvCwndPend_queueDraining_falls() {
        ReceiverMemory m = withBurst(STD, 0, 32);
        assertEquals(127, m.rcvCwndPend(0));
        assertEquals(64, m.rcvCwndPend(8 * W));   // 24 packets: 98,304 B
        assertEquals(32, m.rcvCwndPend(12 * W));  // 20 packets: ceil(127 x 16,384 / 65,536) = ceil(31.75)
        assertEquals(0, m.rcvCwndPend(16 * W));   // 16 packets: at the threshold
        assertEquals(0, m.rcvCwndPend(32 * W));
    }

    // --- the restore flag ---

    @Test
    void restoreLevel_isReachedAtHalfTheThreshold() {
        ReceiverMemory m = withBurst(STD, 0, 32);
        assertFalse(m.restoreLevelReached(0));
        assertEquals(0, m.rcvCwndPend(16 * W));          // 65,536 B: pend stops ...
        assertFalse(m.restoreLevelReached(16 * W));      // ... but the restore waits for 32,768 B
        assertFalse(m.restoreLevelReached(24 * W - 1));  // 9 packets: 36,864 B
        assertTrue(m.restoreLevelReached(24 * W));       // 8 packets: 32,768 B, half the threshold
        assertTrue(m.restoreLevelReached(32 * W));
    }

    @Test
    void restoreLevel_halfTheThreshold_isRoundedDown() {
        // 1 B per ps; threshold 3 B: the restore needs occupancy <= 1 B, not <= 2 B
        ReceiverMemory m = new ReceiverMemory(new MemoryParams(BYTE_PER_PS, 10, 3));
        for (int k = 1; k <= 5; k++) {
            assertEquals(k, m.admit(0, 1));
        }
        assertEquals(37, m.rcvCwndPend(0)); // ceil(127 x 2 / 7) = ceil(36.29)
        assertFalse(m.restoreLevelReached(3));      // 2 B queued
        assertTrue(m.restoreLevelReached(4));       // 1 B queued
    }

    @Test
    void restoreLevel_zeroThreshold_needsAnEmptyBuffer() {
        ReceiverMemory m = withBurst(new MemoryParams(GBPS_100, 32L * PKT, 0), 0, 1);
        assertEquals(4, m.rcvCwndPend(0)); // ceil(127 x 4,096 / 131,072) = ceil(3.97)
        assertFalse(m.restoreLevelReached(W - 1));
        assertTrue(m.restoreLevelReached(W));
    }

    // --- time and arguments ---

    @Test
    void everyTimedMethod_earlierTime_isRejectedAndChangesNothing() {
        ReceiverMemory m = withBurst(STD, 1_000, 32);
        assertEquals(127, m.rcvCwndPend(1_000));
        List<Executable> backwards = List.of(
                () -> m.admit(999, PKT),
                () -> m.occupancyBytes(999),
                () -> m.rcvCwndPend(999),
                () -> m.restoreLevelReached(999),
                () -> m.committedBytes(999));
        for (Executable call : backwards) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
            assertEquals("nowPs must be >= 1000 (time never goes backwards), was 999", e.getMessage());
        }
        assertEquals(131_072, m.occupancyBytes(1_000)); // the same time again is fine
        assertEquals(0, m.droppedPackets());
        assertEquals(0, m.committedBytes(1_000));
        assertTrue(m.restoreLevelReached(1_000 + 24 * W)); // the writes survived
    }

    @Test
    void queries_advanceTheClock_soALaterAdmitCannotGoBack() {
        ReceiverMemory m = new ReceiverMemory(STD);
        assertEquals(0, m.occupancyBytes(5_000));
        assertThrows(IllegalArgumentException.class, () -> m.admit(4_999, PKT));
        assertEquals(5_000 + W, m.admit(5_000, PKT));
    }

    @Test
    void arguments_outOfRange_areRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ReceiverMemory(null));
        ReceiverMemory m = new ReceiverMemory(STD);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.occupancyBytes(-1));
        assertTrue(e.getMessage().startsWith("nowPs "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> m.admit(0, 0));
        assertEquals("bytes must be > 0, was 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.admit(0, -4_096));
        assertEquals(0, m.droppedPackets());
        assertEquals(STD, m.params());
    }

    // --- against a direct reading of the definitions ---

    @Test
    void admit_randomOverloadWithIdleGaps_matchesTheDefinitions() {
        MemoryParams params = new MemoryParams(GBPS_100, 200_000, 80_000);
        ReceiverMemory m = new ReceiverMemory(params);
        List<long[]> admitted = new ArrayList<>(); // {commitPs, bytes}, never removed
        Random random = new Random(2026);
        long now = 0;
        long lastCommit = 0;
        long drops = 0;
        long peak = 0;
        long total = 0;
        int emptiedAfterDrops = 0;
        for (int op = 0; op < 5_000; op++) {
            // arrivals about 3x faster than the writes, with an idle gap long enough to drain now and then
            now += random.nextInt(300) == 0 ? random.nextInt(40_000_000) : random.nextInt(60_000);
            int bytes = 1 + random.nextInt(3_000);
            long occupancy = occupancyAt(admitted, now);
            if (occupancy == 0 && drops > 0) {
                emptiedAfterDrops++;
            }
            long expected;
            if (occupancy + bytes > params.bufferBytes()) {
                expected = -1;
                drops++;
            } else {
                // ceil(bytes x 8e12 / rate), computed here without Ps
                long writePs = (bytes * 8L * 1_000_000_000_000L + GBPS_100 - 1) / GBPS_100;
                expected = Math.max(now, lastCommit) + writePs;
                lastCommit = expected;
                admitted.add(new long[] {expected, bytes});
                total += bytes;
                peak = Math.max(peak, occupancy + bytes);
            }
            assertEquals(expected, m.admit(now, bytes), "op " + op);
            long probe = now + random.nextInt(20_000);
            now = probe;
            long occupancyNow = occupancyAt(admitted, probe);
            assertEquals(occupancyNow, m.occupancyBytes(probe), "op " + op);

            assertEquals(total - occupancyNow, m.committedBytes(probe), "op " + op);
        }
        assertEquals(drops, m.droppedPackets());
        assertEquals(peak, m.peakOccupancyBytes());
        assertTrue(drops > 100 && drops < 2_500, "some arrivals overflowed, most did not: " + drops);
        assertTrue(emptiedAfterDrops > 5, "arrivals found the buffer empty after drops: " + emptiedAfterDrops);
        assertTrue(peak > 190_000, "the buffer came close to full: " + peak);
    }

    private static long occupancyAt(List<long[]> admitted, long t) {
        long sum = 0;
        for (long[] a : admitted) {
            if (a[0] > t) {
                sum += a[1];
            }
        }
        return sum;
    }
}

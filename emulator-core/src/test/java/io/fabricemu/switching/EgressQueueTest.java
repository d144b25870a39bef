package io.fabricemu.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import org.junit.jupiter.api.Test;

class EgressQueueTest {
    static Packet packet(int trafficClass, int size, long psn) {
        return PacketBuilder.data(1, 0, 1).sizeBytes(size).payloadBytes(size - 64).trafficClass(trafficClass).psn(psn)
                .build();
    }

    @Test
    void startService_servesTheHighestClassFirstAndFifoWithinAClass() {
        EgressQueue q = new EgressQueue(3, 100_000);
        q.offer(packet(0, 1000, 1));
        q.offer(packet(2, 100, 2));
        q.offer(packet(1, 500, 3));
        q.offer(packet(2, 100, 4));
        long[] order = new long[4];
        for (int i = 0; i < 4; i++) {
            order[i] = q.startService().psn();
            q.finishService();
        }
        assertEquals(2, order[0]);
        assertEquals(4, order[1]);
        assertEquals(3, order[2]);
        assertEquals(1, order[3]);
        assertEquals(0, q.bytes());
    }

    @Test
    void offer_tailDropsWhenTheClassWouldExceedItsLimit() {
        EgressQueue q = new EgressQueue(2, 10_000);
        assertTrue(q.offer(packet(0, 4150, 1)));
        assertTrue(q.offer(packet(0, 4150, 2)));
        assertFalse(q.offer(packet(0, 4150, 3)));
        assertTrue(q.offer(packet(1, 4150, 4)), "another class has its own limit");
        assertEquals(1, q.drops());
        assertEquals(8300, q.classBytes(0));
    }

    @Test
    void bytes_countThePacketInServiceUntilItHasLeft() {
        EgressQueue q = new EgressQueue(2, 10_000);
        q.offer(packet(0, 4150, 1));
        q.offer(packet(0, 4150, 2));
        q.startService();
        assertEquals(8300, q.bytes());
        assertFalse(q.offer(packet(0, 4150, 3)), "the packet in service still holds its buffer");
        q.finishService();
        assertEquals(4150, q.bytes());
        assertEquals(8300, q.peakBytes());
    }

    @Test
    void offer_beyondTheLimit_admitsOnlyWhatTheSharedRoomHolds() {
        EgressQueue q = new EgressQueue(2, 10_000);
        assertTrue(q.offer(packet(0, 4150, 1), 0));
        assertTrue(q.offer(packet(0, 4150, 2), 0));
        // 8,300 + 4,150 = 12,450: 2,450 B above the dedicated 10,000.
        assertFalse(q.offer(packet(0, 4150, 3), 2_449), "one byte short of the shared room it needs");
        assertTrue(q.offer(packet(0, 4150, 4), 2_450));
        assertEquals(2_450, q.sharedBytes());
        // Entirely above the limit now: the next packet needs all of its 4,150 B from shared space.
        assertFalse(q.offer(packet(0, 4150, 5), 4_149));
        assertTrue(q.offer(packet(0, 4150, 6), 4_150));
        assertEquals(6_600, q.sharedBytes());
        assertEquals(2, q.drops());
    }

    @Test
    void offer_withinTheLimit_needsNoSharedRoom() {
        EgressQueue q = new EgressQueue(2, 10_000);
        assertTrue(q.offer(packet(0, 4150, 1), 0));
        assertTrue(q.offer(packet(1, 9_000, 2), 0), "each class has its own dedicated limit");
        assertEquals(0, q.sharedBytes());
        assertEquals(1_000, q.dedicatedFreeBytes(), "the fullest class decides the dedicated room left");
    }

    @Test
    void finishService_freesSharedBytesBeforeDedicatedOnes() {
        EgressQueue q = new EgressQueue(2, 10_000);
        for (int i = 1; i <= 4; i++) {
            q.offer(packet(0, 4150, i), 1 << 20);
        }
        assertEquals(6_600, q.sharedBytes());
        q.startService();
        q.finishService();
        assertEquals(2_450, q.sharedBytes());
        q.startService();
        q.finishService();
        assertEquals(0, q.sharedBytes());
        assertEquals(1_700, q.dedicatedFreeBytes());
        assertEquals(6_600, q.peakSharedBytes());
    }
}

package io.fabricemu.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EgressQueueTest {
    static Packet packet(int trafficClass, int size, long psn) {
        return new Packet(PacketKind.DATA, 1, 0, 1, size, size - 64, trafficClass, Packet.ECN_ECT0, 0, psn, 0, 0);
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
}

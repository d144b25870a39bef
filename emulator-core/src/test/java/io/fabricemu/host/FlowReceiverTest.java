package io.fabricemu.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A flow of 100 packets of 1,000 B: the cumulative PSN, the out-of-order count and the SACK bitmap. */
class FlowReceiverTest {
    private static FlowReceiver receiver() {
        return new FlowReceiver(7, 100_000, 1_000);
    }

    @Test
    void bitmapNamesTheArrivedPsnsFromItsBase() {
        FlowReceiver r = receiver();
        r.onData(0, 1_000, 10);
        r.onData(3, 1_000, 20);
        r.onData(5, 1_000, 30);
        r.onData(70, 1_000, 40);
        assertEquals(1, r.cumulativePsn());
        assertEquals(3, r.outOfOrderCount());
        assertEquals(0b10100L, r.receivedBitmap(1));
        assertEquals(0b101L, r.receivedBitmap(3), "PSN 70 lies 67 past the base, outside the 64 bits");
        assertEquals(1L << 63, r.receivedBitmap(7));
        assertEquals(0, r.receivedBitmap(71));
    }

    @Test
    void bitmapStopsAtTheLastPacket() {
        FlowReceiver r = receiver();
        r.onData(99, 1_000, 10);
        assertEquals(1L << 9, r.receivedBitmap(90));
        assertEquals(0, r.receivedBitmap(100));
        assertEquals(0, r.receivedBitmap(1_000));
        assertThrows(IllegalArgumentException.class, () -> r.receivedBitmap(-1));
    }
}

package io.fabricemu.roce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * 10,000 B in messages of 4,000 B and packets of at most 1,500 B: messages of 4,000, 4,000 and 2,000 B;
 * the first two are 1,500 + 1,500 + 1,000 (PSNs 0-2 and 3-5), the last 1,500 + 500 (PSNs 6-7).
 */
class MessageLayoutTest {
    private final MessageLayout layout = new MessageLayout(10_000, 4_000, 1_500);

    @Test
    void counts() {
        assertEquals(8, layout.packetCount());
        assertEquals(3, layout.messageCount());
    }

    @Test
    void offsetsAndPayloads_followTheMessages() {
        long[] offsets = {0, 1_500, 3_000, 4_000, 5_500, 7_000, 8_000, 9_500, 10_000};
        int[] payloads = {1_500, 1_500, 1_000, 1_500, 1_500, 1_000, 1_500, 500};
        for (int psn = 0; psn <= 8; psn++) {
            assertEquals(offsets[psn], layout.offsetOf(psn), "offset of " + psn);
        }
        for (int psn = 0; psn < 8; psn++) {
            assertEquals(payloads[psn], layout.payloadOf(psn), "payload of " + psn);
        }
    }

    @Test
    void messageBoundaries() {
        boolean[] first = {true, false, false, true, false, false, true, false};
        boolean[] last = {false, false, true, false, false, true, false, true};
        for (int psn = 0; psn < 8; psn++) {
            assertEquals(first[psn], layout.firstOfMessage(psn), "first " + psn);
            assertEquals(last[psn], layout.lastOfMessage(psn), "last " + psn);
        }
        assertEquals(0, layout.messagesBefore(2));
        assertEquals(1, layout.messagesBefore(3));
        assertEquals(2, layout.messagesBefore(7));
        assertEquals(3, layout.messagesBefore(8));
        assertThrows(IllegalArgumentException.class, () -> layout.payloadOf(8));
    }

    @Test
    void aFlowNearTheLargestLong_countsItsPacketsWithoutOverflow() {
        MessageLayout huge = new MessageLayout(Long.MAX_VALUE, Long.MAX_VALUE, 4_086);
        assertEquals(Long.MAX_VALUE / 4_086 + 1, huge.packetCount());
        assertEquals(1, huge.messageCount());
        assertEquals(4_086, huge.payloadOf(0));
        assertEquals(Long.MAX_VALUE % 4_086, huge.payloadOf(huge.packetCount() - 1));
    }

    @Test
    void oneMessage_smallerThanAPacket() {
        MessageLayout one = new MessageLayout(700, 1_000_000, 1_500);
        assertEquals(1, one.packetCount());
        assertEquals(700, one.payloadOf(0));
        assertEquals(1, one.messagesBefore(1));
    }
}

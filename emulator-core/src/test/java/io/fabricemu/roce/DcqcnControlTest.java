package io.fabricemu.roce;

import static io.fabricemu.cc.CongestionController.NO_ENTROPY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.Decision;
import io.fabricemu.time.Ps;
import org.junit.jupiter.api.Test;

/** DCQCN behind the sender shape: the reaction point's rate paces the QP, CNPs cut it, ACKs carry round trips. */
class DcqcnControlTest {
    private static final long LINE = 100_000_000_000L;
    private static final long G = 1_000_000_000L;
    private static final long US = Ps.PER_US;
    private static final int HEADER = 54;

    @Test
    void pacing_isTheLastPacketsSerializationAtItsStartRate() {
        DcqcnReactionPoint rp = new DcqcnReactionPoint(DcqcnParams.defaults(), LINE, 0);
        DcqcnControl c = new DcqcnControl(rp, HEADER);
        assertEquals(0, c.nextSendPs(5 * US), "nothing sent yet: no pacing");
        c.onSent(US, 4_096);
        // 4,150 B at 100 Gb/s: 332 ns.
        assertEquals(US + 332_000, c.nextSendPs(US));
        assertEquals(Decision.MULTIPLICATIVE_DECREASE, c.onCongestionNotice(2 * US, US, 0));
        assertEquals(50 * G, c.rateBps(), "alpha 1 halves RC");
        assertEquals(US + 332_000, c.nextSendPs(2 * US), "the packet already sent keeps its start rate");
        c.onSent(2 * US, 4_096);
        assertEquals(2 * US + 664_000, c.nextSendPs(2 * US), "the next one goes at 50 Gb/s");
    }

    @Test
    void window_isNoneAndLossesLeaveTheRate() {
        DcqcnControl c = new DcqcnControl(new DcqcnReactionPoint(DcqcnParams.defaults(), LINE, 0), HEADER);
        assertTrue(c.canSend(Integer.MAX_VALUE));
        assertFalse(c.full(4_096));
        assertEquals(-1, c.windowBytes());
        assertFalse(c.onNack(US, 4_096, NO_ENTROPY, US));
        c.onTimeout(2 * US, 4_096);
        assertEquals(Decision.HOLD, c.onAck(AckCc.of(3 * US, US, 0, true), NO_ENTROPY));
        assertEquals(LINE, c.rateBps());
    }

    @Test
    void ack_handsItsRoundTripToThePathTest() {
        DcqcnParams small = new DcqcnParams(0.5, G, 10 * G, 10 * US, 1_000_000, 2, 20 * US, 5 * US, G);
        DcqcnReactionPoint rp = new DcqcnReactionPoint(small, LINE, 0,
                new DcqcnCompanions(false, 15 * US, 8 * US, 1, 1000));
        DcqcnControl c = new DcqcnControl(rp, HEADER);
        c.onCongestionNotice(0, 0, 0);
        c.onCongestionNotice(US, 0, 0);
        // One ACK 8.08 us after its packet, the expected round trip: [15, 30) is a clean period.
        c.onAck(AckCc.of(22 * US, 22 * US - 8_080_000, 0, false), NO_ENTROPY);
        rp.advanceTo(31 * US);
        assertEquals(1, rp.clearPeriods());
    }
}

package io.fabricemu.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FaultDrop;
import io.fabricemu.time.Ps;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinkFaultsTest {
    private static final long RATE = 100_000_000_000L;
    /** 4,150 B at 100 Gb/s. */
    private static final long PACKET_PS = 332_000;
    /** The flow and the wire size of the packets sent (4,150 B: 332 ns at 100 Gb/s). */
    private static final int FLOW = 3;
    private static final int PACKET_BYTES = 4_150;
    private static final long FLIGHT_PS = 500_000;

    private static LinkTimeline timeline(FaultAction action, long atPs) {
        return FaultTimelines.of(new FaultPlan(List.of(new Fault(0, "f", atPs, action, new int[] {0}))), 2)[0];
    }

    /** Sends {@code packets} packets back to back from time 0 and returns the counts of fault 0. */
    private static FaultCounts stream(LinkTimeline t, boolean fromNic, int packets) {
        LinkFaults link = new LinkFaults(t, RATE, fromNic, 7, "a -> b", "b:p0");
        for (int k = 0; k < packets; k++) {
            link.passes(FLOW, PACKET_BYTES, k * PACKET_PS, k * PACKET_PS + PACKET_PS + FLIGHT_PS);
        }
        return link.counts().get(0);
    }

    /**
     * A flap of 20 us down every 100 us from 10 us, on a link streaming 4,150 B packets back to back from a switch
     * port: packet k is lost when the link is down at any moment from its first bit leaving (k x 332 ns) to its
     * last bit arriving (k x 332 ns + 832 ns). First down [10, 30) us: k from 28 (9.296 + 0.832 &gt; 10) to 90
     * (29.88 &lt; 30), 63 packets. Second [110, 130) us: k from 329 (109.228 + 0.832 &gt; 110) to 391 (129.812 &lt; 130),
     * 63 packets. 126 packets, 522,900 B, over 400 packets (132.8 us).
     */
    @Test
    void flap_losesTheHandCountedPackets() {
        LinkTimeline t = timeline(new Flap(100 * Ps.PER_US, 20 * Ps.PER_US, 200 * Ps.PER_US), 10 * Ps.PER_US);
        FaultCounts c = stream(t, false, 400);
        assertEquals(126, c.packets(FaultDrop.WIRE));
        assertEquals(522_900, c.bytes(FaultDrop.WIRE));
        assertEquals(0, c.packets(FaultDrop.NIC_DOWN));
        assertEquals(1, c.touchedFlows().length);
    }

    /**
     * From a NIC the same down interval [10, 30) us counts the packets started while down at the NIC's port
     * (k = 31..90: 30 x 0.332 = 9.96 &lt; 10) and the three already on their way on the wire (k = 28..30).
     */
    @Test
    void nicDown_countsWhatTheNicSentWhileDown_apartFromTheWire() {
        LinkTimeline t = timeline(new Flap(100 * Ps.PER_US, 20 * Ps.PER_US, 20 * Ps.PER_US), 10 * Ps.PER_US);
        FaultCounts c = stream(t, true, 100);
        assertEquals(60, c.packets(FaultDrop.NIC_DOWN));
        assertEquals(3, c.packets(FaultDrop.WIRE));
    }

    @Test
    void randomLoss_losesAboutItsRate_andCorruptionIsCountedAtTheReceiver() {
        LinkTimeline loss = timeline(new LossChange(new RandomLoss(0.01), LossEffect.LOSS), 0);
        assertEquals(1_000, stream(loss, false, 100_000).packets(FaultDrop.LOSS), 100);
        LinkFaults corrupt = new LinkFaults(timeline(new LossChange(new RandomLoss(0.5), LossEffect.CORRUPTION), 0),
                RATE, false, 7, "a -> b", "b:p0");
        int passed = 0;
        for (int k = 0; k < 1_000; k++) {
            passed += corrupt.passes(FLOW, PACKET_BYTES, k * PACKET_PS, k * PACKET_PS + PACKET_PS) ? 1 : 0;
        }
        FaultCounts c = corrupt.counts().get(0);
        assertEquals("b:p0", c.where());
        assertEquals(1_000 - passed, c.packets(FaultDrop.CORRUPTION));
    }

    /**
     * A Gilbert-Elliott channel with a mean loss of 0.1% in bursts of 10 packets: it loses about 0.1% and its losses
     * come in runs (far fewer loss events than lost packets), where independent loss at the same rate makes runs of
     * one.
     */
    @Test
    void gilbertElliott_losesItsMeanRateInBursts() {
        double pBadToGood = 0.1;
        double pGoodToBad = 0.001 * pBadToGood / (1 - 0.001);
        GilbertElliott ge = new GilbertElliott(pGoodToBad, pBadToGood, 0, 1);
        assertEquals(0.001, ge.meanLoss(), 1e-12);
        LinkFaults link = new LinkFaults(timeline(new LossChange(ge, LossEffect.LOSS), 0), RATE, false, 11,
                "a -> b", "b:p0");
        int lost = 0;
        int runs = 0;
        boolean previousLost = false;
        for (int k = 0; k < 2_000_000; k++) {
            boolean passes = link.passes(FLOW, PACKET_BYTES, k * PACKET_PS, k * PACKET_PS + PACKET_PS);
            lost += passes ? 0 : 1;
            runs += !passes && !previousLost ? 1 : 0;
            previousLost = !passes;
        }
        assertEquals(2_000, lost, 400, "about 0.1% of 2,000,000");
        assertTrue(lost > 5 * runs, lost + " packets lost in " + runs + " runs: bursts average 10");
    }

    @Test
    void rateChange_touchesFlowsWithoutLosing_andAFrameCrossesOnlyWhileUp() {
        LinkTimeline t = timeline(new RateChange(RATE / 4), 0);
        assertEquals(RATE / 4, t.rateAt(5, RATE));
        LinkFaults link = new LinkFaults(t, RATE, false, 7, "a -> b", "b:p0");
        assertTrue(link.passes(9, PACKET_BYTES, 0, 1_000));
        assertEquals(List.of(9), java.util.Arrays.stream(link.counts().get(0).touchedFlows()).boxed().toList());
        LinkFaults down = new LinkFaults(timeline(new LinkState(true), 1_000), RATE, false, 7, "a -> b", "b:p0");
        assertTrue(down.framePasses(0, 999));
        assertFalse(down.framePasses(0, 1_001));
    }
}

package io.fabricemu.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.stats.LinkLoss;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A link's own loss ({@link WireLoss}): each packet, data or control, is lost with the link's probability, drawn
 * from the link's seed; PFC frames never are; what it lost is in its report; a link without loss reports nothing.
 */
class LinkLossTest {
    private static final int TARGET = 9;
    private static final long FLIGHT_PS = 1_000_000;
    private static final int PACKETS = 10_000;

    private static Link link(double loss, long seed) {
        return new Link(TARGET, FLIGHT_PS, true, loss, seed, "sw4 -> h0", null);
    }

    /** Sends {@link #PACKETS} packets, data and ACKs in turn, one every microsecond; returns the PSNs delivered. */
    private static List<Long> carry(Link link) {
        RecordingContext ctx = new RecordingContext();
        for (int i = 0; i < PACKETS; i++) {
            Packet p = (i % 2 == 0 ? PacketBuilder.data(1, 0, 2).sizeBytes(4150)
                    : PacketBuilder.of(PacketKind.ACK, 1, 2, 0).sizeBytes(64)).psn(i).build();
            long firstBitPs = i * 1_000_000L;
            ctx.nowPs = firstBitPs + FLIGHT_PS / 2;
            link.onEvent(new OnWire(p, firstBitPs, firstBitPs + 1_000), ctx);
        }
        return ctx.sentTo(TARGET).stream().map(s -> ((Arrival) s).packet().psn()).toList();
    }

    @Test
    void aLossyLink_losesItsShareOfDataAndControl_andCountsThem() {
        Link link = link(0.1, 42);
        List<Long> delivered = carry(link);
        // 10,000 draws at 0.1: 1,000 lost on average, standard deviation sqrt(10,000 x 0.1 x 0.9) = 30; 5 sigma
        int lost = PACKETS - delivered.size();
        assertTrue(Math.abs(lost - 1_000) <= 150, lost + " lost");
        long dataLost = PACKETS / 2 - delivered.stream().filter(psn -> psn % 2 == 0).count();
        long acksLost = lost - dataLost;
        assertTrue(dataLost > 350 && acksLost > 350, dataLost + " data and " + acksLost + " ACKs lost");
        ElementReport report = link.report();
        assertEquals(List.of(new LinkLoss("sw4 -> h0", 0.1, lost, dataLost * 4150 + acksLost * 64)),
                report.linkLosses());
        assertTrue(delivered.equals(carry(link(0.1, 42))), "the same seed loses the same packets");
        assertFalse(delivered.equals(carry(link(0.1, 43))), "another seed loses others");
    }

    /** A link without faults, lossy or not, shows nothing in samples, so its runner takes none. */
    @Test
    void aLinkWithoutFaults_writesNoSamples() {
        assertFalse(link(0, 1).writesSamples());
        assertFalse(link(0.1, 1).writesSamples());
    }

    @Test
    void aPfcFrame_isNeverLost() {
        Link link = link(0.5, 1);
        RecordingContext ctx = new RecordingContext();
        for (int i = 0; i < 100; i++) {
            ctx.nowPs = i * 1_000_000L + FLIGHT_PS / 2;
            link.onEvent(new PfcOnWire(new PfcFrame(1, 0xFFFF), i * 1_000_000L + 512), ctx);
        }
        assertEquals(100, ctx.sentTo(TARGET).size());
        assertEquals(0, link.report().linkLosses().get(0).packets());
    }

    @Test
    void aLinkWithoutLoss_deliversEverything_andReportsNoLoss() {
        Link link = link(0, 42);
        assertEquals(PACKETS, carry(link).size());
        assertEquals(ElementReport.EMPTY, link.report());
    }
}

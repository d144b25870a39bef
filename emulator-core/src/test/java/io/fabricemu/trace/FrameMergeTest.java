package io.fabricemu.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameMergeTest {
    private static PortTrace port(String name, long... timesPs) {
        PortTrace t = new PortTrace(name, 100_000_000_000L, TraceSelection.ALL);
        for (long ps : timesPs) {
            t.sent(PacketBuilder.data(0, 0, 1).sizeBytes(100).payloadBytes(36).build(), ps);
        }
        return t;
    }

    @Test
    void next_ordersByTimeThenPort() {
        List<PortTrace> ports = List.of(port("a", 5, 10, 30), port("b"), port("c", 5, 7, 30, 31));
        FrameMerge merge = new FrameMerge(ports);
        List<String> order = new ArrayList<>();
        for (int p = merge.next(); p >= 0; p = merge.next()) {
            order.add(ports.get(p).name() + ports.get(p).timePs(merge.frameOf(p)));
        }
        assertEquals(List.of("a5", "c5", "c7", "a10", "a30", "c30", "c31"), order);
    }

    @Test
    void portTrace_keepsOnlyTheChosenFlowsInTheSpan() {
        TraceSelection s = new TraceSelection(new int[] {2}, null, null, null, 10, 20);
        PortTrace t = new PortTrace("h0:nic", 1, s);
        Packet two = PacketBuilder.data(2, 0, 1).sizeBytes(100).payloadBytes(36).build();
        Packet three = PacketBuilder.data(3, 0, 1).sizeBytes(100).payloadBytes(36).build();
        t.sent(two, 9);
        t.sent(two, 10);
        t.sent(three, 11);
        t.sent(two, 19);
        t.sent(two, 20);
        t.sent(io.fabricemu.net.PfcFrame.of(0, 1), 12);
        assertEquals(2, t.count());
        assertEquals(10, t.timePs(0));
        assertEquals(19, t.timePs(1));
    }

    @Test
    void portTrace_capturesNoMoreThanTheFrame() {
        PortTrace t = new PortTrace("h0:nic", 1, TraceSelection.ALL);
        t.sent(PacketBuilder.data(2, 0, 1).sizeBytes(40).payloadBytes(0).build(), 0);
        t.sent(PacketBuilder.data(2, 0, 1).sizeBytes(4150).payloadBytes(4086).build(), 1);
        assertEquals(40, t.capturedBytes(0));
        assertEquals(40, t.wireBytes(0));
        assertEquals(FrameEncoder.ETHERNET_BYTES + FrameEncoder.IPV4_BYTES + FrameEncoder.UDP_BYTES
                + EmuHeaderLayout.COMMON_BYTES, t.capturedBytes(1));
        assertEquals(4150, t.wireBytes(1));
    }
}

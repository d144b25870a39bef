package io.fabricemu.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.RecordingContext;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.FaultTimelines;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LinkTimeline;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.TxDone;
import java.util.List;
import org.junit.jupiter.api.Test;

class NicPortsTest {
    private static final CommonTransport TRANSPORT = new CommonTransport(64, 4086, 1_000_000_000L, 0, 1);
    private static final long RATE = 100_000_000_000L;

    /** Link directions 0 .. 3 (ports 0 .. 3); {@code downs}: a direction down from 100 ps to 200 ps. */
    private static LinkTimeline[] timelines(int... downs) {
        List<Fault> faults = new java.util.ArrayList<>();
        for (int d : downs) {
            faults.add(new Fault(faults.size(), "down" + d, 100, new LinkState(true), new int[] {d}));
            faults.add(new Fault(faults.size(), "up" + d, 200, new LinkState(false), new int[] {d}));
        }
        return FaultTimelines.of(new FaultPlan(faults), 4);
    }

    private static NicPorts ports(int count, LinkTimeline[] faults) {
        List<NicPort> planes = new java.util.ArrayList<>();
        for (int p = 1; p < count; p++) {
            planes.add(new NicPort("h0:nic" + p, 10 + p, RATE, 1_000, faults[p]));
        }
        return new NicPorts(new NicSetup(0, "h0:nic0", 10, RATE, 1_000, List.of(), List.of(), TRANSPORT,
                StartDependencies.NONE, faults[0], planes));
    }

    private static void send(NicPorts ports, int port, RecordingContext ctx) {
        ports.tx(port).start(PacketBuilder.data(1, 0, 5).sizeBytes(4150).build(), ctx);
        ports.used(port);
    }

    @Test
    void oneTransmitterPerPort_eachWithItsOwnDoneTimer_roundRobinAfterTheLastUsed() {
        NicPorts ports = ports(3, timelines());
        RecordingContext ctx = new RecordingContext();
        assertEquals(0, ports.first());
        send(ports, 1, ctx);
        assertEquals(2, ports.first());
        assertFalse(ports.usable(1, 0));
        assertTrue(ports.usable(0, 0) && ports.usable(2, 0));
        send(ports, 2, ctx);
        assertEquals(0, ports.first());
        // port 1's timer frees port 1 only; port 0's would be the one-port NIC's TxDone
        assertTrue(ports.done(ctx.scheduled.get(0).signal()));
        assertTrue(ports.usable(1, 0));
        assertFalse(ports.usable(2, 0));
        assertTrue(ports.done(ctx.scheduled.get(1).signal()));
        assertTrue(ports.usable(2, 0));
    }

    @Test
    void aPortWhoseLinkIsDown_isSkippedWhileAnotherIsUp_andFlowsKeptToItMoveToTheNextUp() {
        NicPorts ports = ports(3, timelines(1));
        assertTrue(ports.usable(1, 99));
        assertFalse(ports.usable(1, 100));
        assertTrue(ports.usable(0, 150) && ports.usable(2, 150));
        assertTrue(ports.usable(1, 200));
        assertEquals(1, ports.planeFor(1, 99));
        assertEquals(2, ports.planeFor(1, 150));
        assertEquals(0, ports.planeFor(0, 150));
        assertEquals(1, ports.planeFor(1, 200));
    }

    @Test
    void everyLinkDown_sendsAsOnePortWould() {
        NicPorts ports = ports(2, timelines(0, 1));
        assertTrue(ports.usable(0, 150) && ports.usable(1, 150));
        assertEquals(1, ports.planeFor(1, 150));
        NicPorts one = ports(1, timelines(0));
        assertTrue(one.usable(0, 150));
        RecordingContext ctx = new RecordingContext();
        send(one, 0, ctx);
        assertEquals(TxDone.INSTANCE, ctx.scheduled.get(0).signal());
        assertTrue(one.done(TxDone.INSTANCE));
        assertTrue(one.usable(0, 150));
    }
}

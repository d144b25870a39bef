package io.fabricemu.switching;

import io.fabricemu.fabric.SwitchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.Signal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A port and its switch's pool, each in its own {@link ElementRunner}, run through windows as the engine
 * runs them: every request, grant and return takes one switch latency, so a port's grant arrives two
 * latencies after it asked.
 */
class LeaseExchangeTest {
    private static final long RATE = 100_000_000_000L;
    private static final long LATENCY = 500_000;
    private static final long WINDOW = 250_000;
    private static final int PORT = 10;
    private static final int OTHER_PORT = 11;
    private static final int POOL = 20;
    private static final int LINK = 100;
    private static final int PACKET = 4150;

    /** A lease message as it reached its target. */
    private record Seen(long atPs, Signal signal) {
    }

    private final List<Seen> leaseMessages = new ArrayList<>();
    private final List<Event> toLink = new ArrayList<>();
    private List<Event> portInbox = new ArrayList<>();
    private List<Event> poolInbox = new ArrayList<>();

    private void route(List<Event> sent) {
        for (Event e : sent) {
            if (e.targetId() == LINK) {
                toLink.add(e);
            } else if (e.targetId() == PORT) {
                leaseMessages.add(new Seen(e.timePs(), e.signal()));
                portInbox.add(e);
            } else if (e.targetId() == POOL) {
                leaseMessages.add(new Seen(e.timePs(), e.signal()));
                poolInbox.add(e);
            } else {
                throw new AssertionError("unexpected target: " + e);
            }
        }
    }

    private void runUntil(ElementRunner port, ElementRunner pool, long endPs) {
        for (long start = 0; start < endPs; start += WINDOW) {
            List<Event> in = portInbox;
            portInbox = new ArrayList<>();
            port.runWindow(start + WINDOW, in);
            in = poolInbox;
            poolInbox = new ArrayList<>();
            pool.runWindow(start + WINDOW, in);
            route(port.drainOutbox());
            route(pool.drainOutbox());
        }
    }

    @Test
    void lease_portBorrowsAfterARoundTripToThePoolAndGivesBackWhatItNoLongerNeeds() {
        // Two 100 Gb/s ports, one packet of dedicated queue each; low-water mark 12,500 B (what the other
        // port sends in 2 x 500 ns).
        SwitchPlan plan = TestPlans.of(50, new int[] {PORT, OTHER_PORT}, new long[] {RATE, RATE},
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(PACKET)
                        .withSharedBufferBytes(1 << 20), 7L,
                (node, dst) -> new int[] {1}, new PoolPlan(POOL, 1 << 20));
        SwitchPort portModel = new SwitchPort(plan, "sw:p0", 1, LINK, WINDOW, 0, false);
        SharedBufferPool poolModel = new SharedBufferPool(plan);
        ElementRunner port = new ElementRunner(PORT, portModel);
        ElementRunner pool = new ElementRunner(POOL, poolModel);
        port.start();
        pool.start();
        route(port.drainOutbox());
        // Four packets reach the egress at once at 2 us: one fits the dedicated queue, three need the lease.
        for (int i = 0; i < 4; i++) {
            portInbox.add(new Event(2_000_000, OTHER_PORT, i, PORT, new Forward(EgressQueueTest.packet(0, PACKET, i))));
        }
        runUntil(port, pool, 5_000_000);

        assertEquals(List.of(
                // At start the dedicated 4,150 B is below 12,500: ask up to 2 x 12,500.
                new Seen(500_000, new LeaseRequested(0, 20_850)),
                new Seen(1_000_000, new LeaseGranted(20_850)),
                // The 4th packet leaves 8,400 B unused, below 12,500: ask for 16,600 more at 2 us.
                new Seen(2_500_000, new LeaseRequested(0, 16_600)),
                new Seen(3_000_000, new LeaseGranted(16_600)),
                // The last packet leaves at 3.328 us: 41,600 B of headroom, above 3 x 12,500: back to 25,000.
                new Seen(3_828_000, new LeaseReturned(0, 16_600))), leaseMessages);
        assertEquals(0, portModel.report().ports().get(0).drops(), "without a lease 3 of the 4 would drop");
        assertEquals(3 * PACKET, portModel.peakSharedBytes());
        assertEquals(4, toLink.size());
        assertEquals(20_850, poolModel.ledger().heldBytes(0));
        assertEquals(20_850, portModel.lease().heldBytes(), "port and pool agree once the return has arrived");
        assertEquals(37_450, poolModel.ledger().peakLeasedBytes());
    }
}

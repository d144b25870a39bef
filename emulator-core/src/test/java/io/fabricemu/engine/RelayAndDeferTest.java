package io.fabricemu.engine;

import static io.fabricemu.engine.Frames.HANDOFF_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Frames.Frame;
import io.fabricemu.engine.Frames.Wire;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A relay handled in its sender's turn ({@link ElementRunner#relayThrough}) and a deferred event
 * ({@link ElementRunner#defer}) leave every key, every handling order and every state the same as queued events
 * would; the engine only queues and dispatches less.
 */
class RelayAndDeferTest {

    private enum Done implements Signal {
        INSTANCE
    }

    /** Sends a frame onto its wire (element 2) for every frame it gets, then a timer, then one more frame. */
    private static final class Sender implements Element {
        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            if (signal instanceof Frame f) {
                ctx.send(2, ctx.nowPs() + HANDOFF_PS, f);
                ctx.schedule(ctx.nowPs() + 5, Done.INSTANCE);
                ctx.send(2, ctx.nowPs() + HANDOFF_PS, new Frame(f.n() + 100));
            }
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    /** The events the wire sends carry its own id and sequence numbers, exactly as when it runs on its own. */
    @Test
    void relayThrough_givesTheRelaysEventsTheirOwnKeys() {
        ElementRunner sender = new ElementRunner(1, new Sender());
        ElementRunner wire = new ElementRunner(2, new Wire());
        sender.relayThrough(wire);
        sender.start();
        wire.start();
        assertEquals(4, sender.runWindow(30, Frames.at(10, 20))); // two frames, two timers
        List<Event> relayed = sender.drainOutbox();

        ElementRunner alone = new ElementRunner(1, new Sender());
        ElementRunner wireAlone = new ElementRunner(2, new Wire());
        alone.start();
        wireAlone.start();
        alone.runWindow(30, Frames.at(10, 20));
        List<Event> toWire = alone.drainOutbox();
        wireAlone.runWindow(100, toWire);
        List<Event> queued = wireAlone.drainOutbox();

        assertEquals(queued, relayed);
        assertEquals(4, relayed.size());
        assertEquals(List.of(2, 2, 2, 2), relayed.stream().map(Event::originId).toList());
        assertEquals(4, wire.relayedEvents());
        assertEquals(60, wireAlone.lastHandledPs());
        // the run's horizon falls between the wire's events: its last before it counts, not the ones past it
        assertEquals(50, wire.lastHandledBeforePs(60));
        assertEquals(60, wire.lastHandledBeforePs(61));
        assertEquals(Long.MIN_VALUE, wire.lastHandledBeforePs(50));
    }

    @Test
    void relay_refusesAnEventFromAnyoneButItsSender() {
        ElementRunner sender = new ElementRunner(1, new Sender());
        ElementRunner wire = new ElementRunner(2, new Wire());
        sender.relayThrough(wire);
        wire.start();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> wire.runWindow(100, List.of(new Event(50, 7, 0, 2, new Frame(0)))));
        assertTrue(e.getMessage().contains("element 7"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> wire.relayThrough(sender));
        assertThrows(IllegalStateException.class, () -> new ElementRunner(3, new Sender()).relayThrough(wire));
    }

    @Test
    void recentTimes_keepsTheLastBeforeAnyHorizonAboveTheLatestLessTheSpan() {
        RecentTimes t = new RecentTimes(10);
        for (long ps = 0; ps <= 1000; ps += 3) {
            t.add(ps);
        }
        for (long horizon = 991; horizon <= 1010; horizon++) {
            long expected = Math.min(999, (horizon - 1) / 3 * 3);
            assertEquals(expected, t.lastBefore(horizon), "horizon " + horizon);
        }
        t.add(2000);
        assertEquals(999, t.lastBefore(1995)); // a gap: the one before the span is kept
    }

    /**
     * Counts what it sees: {@code Done} (a transmitter's end) is deferred when it starts, an arrival while it is busy
     * promotes it when {@code promote} is on.
     */
    private static final class Port implements Element {
        final boolean promote;
        final List<String> seen = new ArrayList<>();
        boolean busy;

        Port(boolean promote) {
            this.promote = promote;
        }

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            if (signal == Done.INSTANCE) {
                seen.add("done@" + ctx.nowPs());
                busy = false;
            } else {
                seen.add("frame" + ((Frame) signal).n() + "@" + ctx.nowPs() + (busy ? " busy" : ""));
                if (busy) {
                    if (promote) {
                        ctx.promote(Done.INSTANCE);
                    }
                    return;
                }
                busy = true;
                ctx.defer(ctx.nowPs() + 30, Done.INSTANCE);
            }
        }

        @Override
        public void sample(SampleSink sink) {
            sink.port("p", 1, busy ? 1 : 0, 0, 0, 0, 0, 0, 0, 0);
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    @Test
    void defer_isHandledInItsTurnWithoutBeingAnEvent() {
        Port port = new Port(false);
        ElementRunner runner = new ElementRunner(1, port);
        runner.start();
        // done at 40 comes before the frame at 50, after the frame at 20 (busy then)
        assertEquals(3, runner.runWindow(100, Frames.at(10, 20, 50)));
        assertEquals(List.of("frame0@10", "frame1@20 busy", "done@40", "frame2@50"), port.seen);
        assertEquals(Long.MAX_VALUE, runner.nextEventPs()); // the deferred end at 80 wakes nobody
        assertEquals(1, runner.deferredEvents());
        runner.settle(80); // the run reached 80 only: the end at 80 was never due
        assertEquals(4, port.seen.size());
        assertEquals(50, runner.lastHandledBeforePs(80));
        runner.settle(81);
        assertEquals("done@80", port.seen.get(4));
        assertEquals(80, runner.lastHandledBeforePs(81));
    }

    @Test
    void defer_atTheSameTimeAsAnEventKeepsTheKeyOrder() {
        Port port = new Port(false);
        ElementRunner runner = new ElementRunner(5, port);
        runner.start();
        runner.runWindow(20, Frames.at(10));
        // the end at 40 carries origin 5: an event at 40 from element 3 comes first, one from element 7 after it
        runner.runWindow(100, List.of(new Event(40, 3, 0, 5, new Frame(30)), new Event(40, 7, 0, 5, new Frame(70))));
        assertEquals(List.of("frame0@10", "frame30@40 busy", "done@40", "frame70@40"), port.seen);
    }

    @Test
    void promote_makesTheDeferredEventAQueuedOneWithItsKey() {
        Port port = new Port(true);
        ElementRunner runner = new ElementRunner(1, port);
        runner.start();
        runner.runWindow(30, Frames.at(10, 20));
        assertEquals(40, runner.nextEventPs());
        runner.runWindow(100, List.of());
        assertEquals(List.of("frame0@10", "frame1@20 busy", "done@40"), port.seen);
        assertEquals(0, runner.deferredEvents());
    }

    @Test
    void aSampleAfterADeferredEventSeesItsState() {
        Port port = new Port(false);
        ElementRunner runner = new ElementRunner(1, port, new Sampling(25, 1000));
        runner.start();
        runner.runWindow(200, Frames.at(10, 150)); // done at 40, deferred; ticks at 25 (busy), 50 .. 150 (idle)
        List<String> rows = SampleLogTest.rows(runner.finishSamples());
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("25 port p t1 q1 ")), rows.toString());
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("50 port p t1 q0 ")), rows.toString());
    }

    @Test
    void aDeferredEventThatSendsIsRefused() {
        Element sends = new Element() {
            @Override
            public void onEvent(Signal signal, EventContext ctx) {
                if (signal == Done.INSTANCE) {
                    ctx.send(9, ctx.nowPs() + 1000, signal);
                } else {
                    ctx.defer(ctx.nowPs() + 5, Done.INSTANCE);
                }
            }

            @Override
            public ElementReport report() {
                return ElementReport.EMPTY;
            }
        };
        ElementRunner runner = new ElementRunner(1, sends);
        runner.start();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> runner.runWindow(100, Frames.at(10, 50)));
        assertTrue(e.getMessage().contains("deferred"), e.getMessage());
    }
}

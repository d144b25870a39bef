package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ElementRunnerTest {
    private record Ping(long delayPs) implements Signal {
    }

    /** Sends each ping on to element 9 after the ping's delay, and records when it handled each. */
    private static final class Relay implements Element {
        final List<Long> handled = new ArrayList<>();

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            handled.add(ctx.nowPs());
            ctx.send(9, ctx.nowPs() + ((Ping) signal).delayPs(), signal);
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    @Test
    void runWindow_handlesOnlyEventsBeforeTheEnd() {
        Relay relay = new Relay();
        ElementRunner runner = new ElementRunner(1, relay);
        runner.start();
        int handled = runner.runWindow(100, List.of(new Event(50, 0, 0, 1, new Ping(100)),
                new Event(150, 0, 1, 1, new Ping(100))));
        assertEquals(1, handled);
        assertEquals(List.of(50L), relay.handled);
        assertEquals(150, runner.nextEventPs());
        List<Event> out = runner.drainOutbox();
        assertEquals(1, out.size());
        assertEquals(150, out.get(0).timePs());
        assertEquals(1, out.get(0).originId());
    }

    @Test
    void send_insideTheWindowIsRejected() {
        ElementRunner runner = new ElementRunner(1, new Relay());
        runner.start();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> runner.runWindow(100, List.of(new Event(50, 0, 0, 1, new Ping(10)))));
        assertEquals(true, e.getMessage().contains("below the lookahead"));
    }

    @Test
    void runWindow_rejectsAnEventEarlierThanOneHandled() {
        ElementRunner runner = new ElementRunner(1, new Relay());
        runner.start();
        runner.runWindow(100, List.of(new Event(90, 0, 0, 1, new Ping(1000))));
        assertThrows(IllegalStateException.class,
                () -> runner.runWindow(200, List.of(new Event(80, 0, 1, 1, new Ping(1000)))));
    }

    /** Counts what it handles, and says whether it can write samples as it was told. */
    private record Counting(boolean writes, List<Long> handled) implements Element {
        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            handled.add(ctx.nowPs());
        }

        @Override
        public boolean writesSamples() {
            return writes;
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    /**
     * An element that can write no sample (a healthy link) is given no log; one that can is sampled at every tick
     * its events pass. Both handle the same events.
     */
    @Test
    void anElementThatWritesNoSamples_takesNone() {
        Sampling sampling = new Sampling(10, 1000);
        List<Event> events = List.of(new Event(15, 0, 0, 1, new Ping(1000)), new Event(35, 0, 1, 1, new Ping(1000)));
        Counting silent = new Counting(false, new ArrayList<>());
        ElementRunner unsampled = new ElementRunner(1, silent, sampling);
        unsampled.start();
        unsampled.runWindow(100, events);
        assertNull(unsampled.report().samples());

        Counting sampledElement = new Counting(true, new ArrayList<>());
        ElementRunner sampled = new ElementRunner(1, sampledElement, sampling);
        sampled.start();
        sampled.runWindow(100, events);
        assertFalse(sampled.report().samples().isEmpty());
        assertEquals(List.of(15L, 35L), silent.handled());
        assertEquals(silent.handled(), sampledElement.handled());
    }
}

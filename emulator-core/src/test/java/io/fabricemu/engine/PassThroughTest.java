package io.fabricemu.engine;

import static io.fabricemu.engine.Frames.HANDOFF_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Frames.Frame;
import io.fabricemu.engine.Frames.Wire;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What passes through an element ({@link Element#passesThrough}) is handled by its stand-in in the turn of the relay
 * that sends it ({@link ElementRunner#passThrough}): what the stand-in sends has the times and order it would have
 * had from the element's own queue, in the element's name with sequence numbers of its own; nothing of it is
 * queued, counted or handled by the element.
 */
class PassThroughTest {
    private static final long LATENCY_PS = 50;

    /** Sends two frames onto its wire (element 2) for every frame it gets: {@code n} and {@code n + 100}. */
    private static final class Sender implements Element {
        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            Frame f = (Frame) signal;
            ctx.send(2, ctx.nowPs() + HANDOFF_PS, f);
            ctx.send(2, ctx.nowPs() + HANDOFF_PS, new Frame(f.n() + 100));
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    /** Element 9's routing: frames below 100 pass, on to element 11 after the latency; it schedules if told to. */
    private static final class Router implements Element {
        final boolean schedules;
        int handled;

        Router(boolean schedules) {
            this.schedules = schedules;
        }

        @Override
        public boolean passesThrough(Signal signal) {
            return ((Frame) signal).n() < 100;
        }

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            handled++;
            if (schedules) {
                ctx.schedule(ctx.nowPs() + 1, signal);
            }
            ctx.send(11, ctx.nowPs() + LATENCY_PS, signal);
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    @Test
    void passingFrames_leaveInTheElementsName_atTheTimesItsQueueWouldHaveGiven() {
        ElementRunner sender = new ElementRunner(1, new Sender());
        ElementRunner wire = new ElementRunner(2, new Wire());
        sender.relayThrough(wire);
        Router passer = new Router(false);
        wire.passThrough(9, passer);
        sender.start();
        assertEquals(2, sender.runWindow(30, Frames.at(10, 20)), "only the sender's two frames are events");
        List<Event> out = sender.drainOutbox();

        // Queued instead: the wire's four events reach element 9, which routes what passes.
        ElementRunner alone = new ElementRunner(1, new Sender());
        ElementRunner wireAlone = new ElementRunner(2, new Wire());
        ElementRunner router = new ElementRunner(9, new Router(false));
        alone.start();
        wireAlone.start();
        router.start();
        alone.runWindow(30, Frames.at(10, 20));
        wireAlone.runWindow(100, alone.drainOutbox());
        List<Event> toRouter = wireAlone.drainOutbox();
        router.runWindow(150, toRouter.stream().filter(e -> ((Frame) e.signal()).n() < 100).toList());
        List<Event> routed = router.drainOutbox();

        long base = 1L << 62;
        assertEquals(List.of(new Event(160, 9, base, 11, new Frame(0)), new Event(170, 9, base + 1, 11, new Frame(1))),
                out.stream().filter(e -> e.originId() == 9).toList(), "in element 9's name, numbered from 2^62");
        assertEquals(routed.stream().map(e -> List.of(e.timePs(), e.targetId(), e.signal())).toList(),
                out.stream().filter(e -> e.originId() == 9).map(e -> List.of(e.timePs(), e.targetId(), e.signal()))
                        .toList(), "the times, targets and order of queueing them");
        assertEquals(toRouter.stream().filter(e -> ((Frame) e.signal()).n() >= 100).toList(),
                out.stream().filter(e -> e.originId() == 2).toList(), "what does not pass goes to element 9 as sent");
        assertEquals(2, passer.handled);
    }

    @Test
    void aStandIn_mayOnlySend_andARunnerHandlesOneElementsPassingSignals() {
        ElementRunner sender = new ElementRunner(1, new Sender());
        ElementRunner wire = new ElementRunner(2, new Wire());
        sender.relayThrough(wire);
        wire.passThrough(9, new Router(true));
        sender.start();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sender.runWindow(30, Frames.at(10)));
        assertTrue(e.getMessage().contains("element 9 scheduled") && e.getMessage().contains("may only send"),
                e.getMessage());
        assertThrows(IllegalStateException.class, () -> wire.passThrough(8, new Router(false)));
        assertThrows(IllegalStateException.class, () -> sender.passThrough(1, new Router(false)));
    }
}

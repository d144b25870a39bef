package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Numbered frames that element 0 sends element 1, and the wire element 1 sends them on, for the tests of relays and
 * of what passes through.
 */
final class Frames {
    /** When the wire takes a frame, after its sender's time, in ps. */
    static final long HANDOFF_PS = 40;
    /** The wire's whole flight, in ps. */
    static final long FLIGHT_PS = 100;

    private Frames() {
    }

    /** Frame number {@code n}. */
    record Frame(int n) implements Signal {
    }

    /** Frame {@code i} from element 0 to element 1 at {@code timesPs[i]}, with sequence number {@code i}. */
    static List<Event> at(long... timesPs) {
        List<Event> in = new ArrayList<>();
        for (int i = 0; i < timesPs.length; i++) {
            in.add(new Event(timesPs[i], 0, i, 1, new Frame(i)));
        }
        return in;
    }

    /** A link (element 2): hands each frame on to element 9, {@code FLIGHT_PS - HANDOFF_PS} after it got it. */
    static final class Wire implements Element {
        @Override
        public long relaySpanPs() {
            return HANDOFF_PS;
        }

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            ctx.send(9, ctx.nowPs() + FLIGHT_PS - HANDOFF_PS, signal);
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }
}

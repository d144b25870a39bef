package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.List;

/** Numbered frames that element 0 sends element 1, for the tests of relays and of what passes through. */
final class Frames {
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
}

package io.fabricemu.engine;

import java.util.Arrays;

/**
 * An element's deferred events ({@link ElementRunner#defer}), in key order: a transmitter's end of serialisation
 * that nothing waits for, one per transmitter, so a handful at most. Single-threaded; one owner.
 */
final class DeferredEvents {
    /** None, shared by every element that never defers (most); it is never added to. */
    static final DeferredEvents NONE = new DeferredEvents(0);

    private Event[] events;
    private int size;
    private long handled;

    DeferredEvents() {
        this(2);
    }

    private DeferredEvents(int capacity) {
        events = new Event[capacity];
    }

    void add(Event e) {
        if (size == events.length) {
            events = Arrays.copyOf(events, size * 2);
        }
        int i = size++;
        while (i > 0 && events[i - 1].compareKey(e) > 0) {
            events[i] = events[i - 1];
            i--;
        }
        events[i] = e;
    }

    /** Whether the earliest deferred event comes before {@code e}. */
    boolean before(Event e) {
        return size > 0 && events[0].compareKey(e) < 0;
    }

    /** Whether the earliest deferred event is earlier than {@code timePs}. */
    boolean before(long timePs) {
        return size > 0 && events[0].timePs() < timePs;
    }

    /** One was handled in its turn (not promoted). */
    void handled() {
        handled++;
    }

    /** How many were handled in their turn. */
    long handledCount() {
        return handled;
    }

    /** Removes and returns the earliest. */
    Event take() {
        Event first = events[0];
        System.arraycopy(events, 1, events, 0, --size);
        events[size] = null;
        return first;
    }

    /** Removes and returns the one carrying {@code signal} (that instance), or null. */
    Event remove(Signal signal) {
        for (int i = 0; i < size; i++) {
            if (events[i].signal() == signal) {
                Event e = events[i];
                System.arraycopy(events, i + 1, events, i, --size - i);
                events[size] = null;
                return e;
            }
        }
        return null;
    }
}

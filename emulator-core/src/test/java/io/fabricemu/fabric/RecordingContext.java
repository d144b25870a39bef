package io.fabricemu.fabric;

import io.fabricemu.engine.Event;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import java.util.ArrayList;
import java.util.List;

/** An {@link EventContext} for plain model tests: the clock is set by hand, and what is sent is kept. */
final class RecordingContext implements EventContext {
    final List<Event> sent = new ArrayList<>();
    final List<Event> scheduled = new ArrayList<>();
    final List<String> halts = new ArrayList<>();
    long nowPs;
    private long seq;

    @Override
    public long nowPs() {
        return nowPs;
    }

    @Override
    public void send(int targetId, long atPs, Signal signal) {
        sent.add(new Event(atPs, -1, seq++, targetId, signal));
    }

    @Override
    public void schedule(long atPs, Signal signal) {
        scheduled.add(new Event(atPs, -1, seq++, -1, signal));
    }

    @Override
    public void flowCompleted() {
        throw new AssertionError("no flow here");
    }

    @Override
    public void halt(String reason) {
        halts.add(reason);
    }

    /** The signals sent to {@code targetId}, in order. */
    List<Signal> sentTo(int targetId) {
        return sent.stream().filter(e -> e.targetId() == targetId).map(Event::signal).toList();
    }
}

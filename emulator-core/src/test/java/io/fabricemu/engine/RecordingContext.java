package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.List;

/** An {@link EventContext} for plain model tests: the clock is set by hand, and what is sent is kept. */
public final class RecordingContext implements EventContext {
    public final List<Event> sent = new ArrayList<>();
    public final List<Event> scheduled = new ArrayList<>();
    public final List<String> halts = new ArrayList<>();
    public long nowPs;
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
    public List<Signal> sentTo(int targetId) {
        return sent.stream().filter(e -> e.targetId() == targetId).map(Event::signal).toList();
    }
}

package io.fabricemu.engine;

/** What an element may do while it handles an event. */
public interface EventContext {

    /** The virtual time of the event being handled, in picoseconds. */
    long nowPs();

    /**
     * Sends {@code signal} to another element, to be handled at {@code atPs}. The delay
     * {@code atPs - nowPs()} must be at least the engine's lookahead: every interaction between elements
     * takes positive virtual time, and that is what lets elements run in parallel.
     */
    void send(int targetId, long atPs, Signal signal);

    /** Schedules {@code signal} for this element itself at {@code atPs >= nowPs()} (a timer). */
    void schedule(long atPs, Signal signal);

    /**
     * Schedules {@code signal} for this element at {@code atPs} as an event that need not wake it: one whose handling
     * changes only the element's own state (a transmitter's end of serialisation with nothing waiting). The engine
     * may handle it just before the element's next event or sample instead of queueing it, at the same key, so
     * everything the element does is as if it had been scheduled. A context that does not defer schedules it.
     */
    default void defer(long atPs, Signal signal) {
        schedule(atPs, signal);
    }

    /**
     * The event deferred with {@code signal} (that instance) must now be handled as a queued event: handling it
     * will send or schedule (a packet waits for the transmitter it frees). Nothing when there is none.
     */
    default void promote(Signal signal) {
    }

    /**
     * Records that a flow this element sends has completed, or that a message this element held as a target was
     * delivered (counted to know when a run is done).
     */
    void flowCompleted();

    /**
     * Ends the run for {@code reason} (e.g. a deadlock was found) {@link ShardWindows#MAX_AHEAD} lookaheads after
     * the end of the current window, as every run goes on after its last flow completes: the elements still handle
     * the rest of the window and those lookaheads, then the results are collected as for any other end. When
     * several elements halt in one window, the one with the lowest element id gives the reason, on any number of
     * shards; halts after that window do not count.
     */
    void halt(String reason);
}

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

    /** Records that a flow this element sends has completed (counted to know when a run is done). */
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

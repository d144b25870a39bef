package io.fabricemu.engine;

/**
 * A NIC, a switch port or a link: a plain single-threaded model that reacts to events in virtual time.
 * It never reads a clock or a shared mutable structure; everything it learns arrives as an event and
 * everything it does leaves through its {@link EventContext}. An actor hosts it (see the actor package),
 * but the model does not know that.
 */
public interface Element {

    /** Called once before the first window: schedule the element's own first events (flow starts). */
    default void start(EventContext ctx) {
    }

    /**
     * Whether this element is a relay, and its span: a relay has no timers, completes no flows, keeps no state that
     * its samples or report show, and one other element sends it everything it handles, each event no earlier than
     * the one before and at most the span after that sender's own time (a healthy link, fed by the one transmitter
     * of its direction, the span its hand-off time). The engine may then handle its events in that sender's turn
     * ({@link ElementRunner#relayThrough}).
     *
     * @return the span in picoseconds, or -1 when the element is not a relay
     */
    default long relaySpanPs() {
        return -1;
    }

    /**
     * Whether a stand-in ({@link ElementFactory#passer}) handles {@code signal} by sending only, changing nothing of
     * its own or of the element it stands in for (no state, timer, sample, completion or halt): a quiet switch
     * port's ingress, which only routes. The engine then handles such a signal in the turn of the one relay that
     * sends it, as it is sent ({@link ElementRunner#passThrough}), whatever the shards. What the stand-in sends carries
     * the element's id and sequence numbers of their own, the same wherever it is handled; they differ from those of
     * the element's other events, so only a stand-in for an element whose other events never meet these at one
     * target and time may say yes. It must say the same for a signal of one kind throughout the run.
     */
    default boolean passesThrough(Signal signal) {
        return false;
    }

    /** Handle one event at {@code ctx.nowPs()}. */
    void onEvent(Signal signal, EventContext ctx);

    /**
     * Writes the element's current state (see {@link SampleSink}); called between events on the sampling grid
     * when sampling is on, so it must not change anything. Elements without state worth plotting write nothing.
     */
    default void sample(SampleSink sink) {
    }

    /**
     * Whether {@link #sample} can write anything in this run; an element that never does (a healthy link, a buffer
     * pool) is given no sample log, and its runner takes no samples. It must say the same throughout the run.
     */
    default boolean writesSamples() {
        return true;
    }

    /** What this element contributes to the results, read once after the run. */
    ElementReport report();
}

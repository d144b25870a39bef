package io.fabricemu.engine;

/**
 * Everything the engine needs to know of a fabric: how many elements it has, how to create any one of
 * them (so each shard, in whatever JVM, creates only its own), the lookahead and the number of flows.
 */
public interface ElementFactory {

    int elementCount();

    /** A new element with the given id; called once per id, by the shard that owns it. */
    Element create(int elementId);

    /** The smallest delay of any interaction between two elements, in ps: the window length. */
    long lookaheadPs();

    /**
     * The smallest delay of any interaction between two elements when every element {@link #relay relay} says is
     * handled in its one sender's turn ({@link ElementRunner#relayThrough}): a relay's hand-off then costs the run no
     * time of its own, so what its sender sends through it takes the relay's whole span and more. Never less than
     * {@link #lookaheadPs()}; by default equal to it.
     */
    default long relayedLookaheadPs() {
        return lookaheadPs();
    }

    /**
     * Whether element {@code elementId} is a relay ({@link Element#relaySpanPs()} at least 0) that
     * {@link #relayedLookaheadPs()} counts on being handled in its sender's turn; by default none is.
     */
    default boolean relay(int elementId) {
        return false;
    }

    /**
     * A stand-in for element {@code elementId} that handles the signals the element lets pass
     * ({@link Element#passesThrough}: a quiet switch port's arrivals) in the turn of the one relay that sends them, or
     * null when none pass (by default). It holds nothing of the element's, so any shard may make one, for an element
     * of another shard too, without making the element; the engine makes one per element, in the relay's shard.
     */
    default Element passer(int elementId) {
        return null;
    }

    /** Flows that must complete for the run to be done. */
    int flowCount();

    /**
     * Completions the run waits for: one per flow, and more where a transport's targets count their own (a target
     * that completes a message it held only when its receive is posted).
     */
    default int completionsAwaited() {
        return flowCount();
    }

    /**
     * Every element that may send events to {@code elementId} (it may name more, never fewer), or null when the
     * fabric does not say, which the engine takes as "any element may". A shard runs the elements that no other
     * shard can reach a little ahead, while it waits for its peers; with null it never does, and the results are
     * the same either way.
     */
    default int[] sendersTo(int elementId) {
        return null;
    }
}

package io.fabricemu.engine;

/**
 * Receives the samples of a run as they are taken, for a live display (Prometheus metrics, for example), beside
 * the log that the run keeps for its results. A run without a listener does no work for one.
 *
 * <p>{@link #sinkFor} is called once per element before the run starts, possibly from several threads at once.
 * Each returned sink is then written by its element's runner only, one sample at a time; sinks of different
 * elements are written concurrently, so whatever they share must be thread-safe. What a listener does with a
 * sample never flows back into the run.
 */
public interface SampleListener {

    /** The sink that element {@code elementId}'s samples go to. */
    LiveSink sinkFor(int elementId);
}

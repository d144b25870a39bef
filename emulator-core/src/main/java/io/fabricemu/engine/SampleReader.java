package io.fabricemu.engine;

/** Reads a {@link SampleLog} back: {@link #at} opens each sample, then its rows follow as {@link SampleSink} calls. */
public interface SampleReader extends SampleSink {

    /** The rows that follow are the state from tick {@code tickPs} on, until the next sample of the same element. */
    void at(long tickPs);

    /**
     * The payload every receiver of the element delivered so far, flows the log keeps no rows of included
     * ({@link Sampling#keepsFlow}); once per sample of an element with receivers, after {@link #at}.
     */
    default void delivered(long totalBytes) {
    }
}

package io.fabricemu.engine;

/**
 * A {@link SampleSink} fed while the run goes on (see {@link SampleListener}): after the element has written a
 * whole sample the runner calls {@link #sampleDone}, so the sink can tell what a sample left out (a traffic
 * class with no bytes queued, for instance) and publish the sample as one step.
 */
public interface LiveSink extends SampleSink {

    /** The element has written its whole current state, as of virtual time {@code samplePs}, since the previous call. */
    void sampleDone(long samplePs);
}

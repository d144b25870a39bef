package io.fabricemu.engine;

/**
 * An element's samples as its runner takes them: at every tick of the run's sampling grid ({@link Sampling}) that
 * an event passes, the state the element had since its last event, when it changed; with a live sink, each sample
 * also goes there as it is taken. Made only when the run samples.
 */
final class ElementSampler {
    private final Element element;
    private final Sampling sampling;
    private final SampleLog samples;
    private final LiveSink live;
    private long nextTickPs;
    private boolean changedSinceSample = true;

    /** @param live where each sample also goes as it is taken, or null */
    ElementSampler(Element element, Sampling sampling, LiveSink live) {
        this.element = element;
        this.sampling = sampling;
        this.samples = new SampleLog(sampling.intervalPs(), sampling);
        this.live = live;
    }

    /** The element is about to handle an event at {@code eventPs}: the samples due before it first. */
    void beforeEvent(long eventPs) {
        if (eventPs >= nextTickPs) {
            sampleBefore(eventPs);
        }
        changedSinceSample = true;
    }

    /**
     * Records the state the element has had since its last event, which stands until {@code eventPs}: the value
     * at every tick from {@code nextTickPs} to {@code eventPs} inclusive (a tick sees the events before it).
     */
    private void sampleBefore(long eventPs) {
        long intervalPs = sampling.intervalAt(eventPs);
        if (intervalPs != samples.intervalPs()) {
            coarsen(intervalPs);
            if (eventPs < nextTickPs) {
                return;
            }
        }
        if (changedSinceSample) {
            takeSample();
        }
        nextTickPs = (eventPs / intervalPs + 1) * intervalPs;
    }

    /** Moves the samples, and the next tick, to the coarser grid of {@code intervalPs}. */
    private void coarsen(long intervalPs) {
        samples.thin(intervalPs);
        nextTickPs = (nextTickPs + intervalPs - 1) / intervalPs * intervalPs;
    }

    /**
     * Moves the samples to the grid in force at {@code atPs}, a time the run reached, as the run's time series will
     * (an element not woken since the grid coarsened kept the finer one).
     */
    void thinTo(long atPs) {
        if (atPs <= 0) {
            return;
        }
        long intervalPs = sampling.intervalAt(atPs);
        if (intervalPs > samples.intervalPs()) {
            coarsen(intervalPs);
        }
    }

    /** The samples, the element's final state included (it stands to the end of the run); once, after the run. */
    SampleLog finish() {
        if (changedSinceSample) {
            takeSample();
        }
        return samples;
    }

    /** Records the element's state at {@code nextTickPs} in the log, and hands it to the live sink if any. */
    private void takeSample() {
        samples.begin(nextTickPs);
        element.sample(samples);
        if (live != null) {
            element.sample(live);
            live.sampleDone(nextTickPs);
        }
        changedSinceSample = false;
    }

    /** The payload the element's receivers had delivered at its latest sample. */
    long deliveredBytes() {
        return samples.latestDeliveredBytes();
    }
}

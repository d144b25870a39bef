package io.fabricemu.rnrnak;

/**
 * The incast state of one output port, with hysteresis (our choice: US 2025/0365235 names one threshold):
 * NORMAL until the port's queued bytes exceed the threshold, then INCAST until they fall below the lower
 * clear threshold.
 * Each passage into INCAST starts a new episode, numbered from 1; the NAK rank restarts with it. The port
 * reports its occupancy after every change ({@link #observe}); the detector keeps the peak of each episode.
 */
final class IncastDetector {
    private final long thresholdBytes;
    private final long clearBytes;
    private boolean incast;
    private int episode;
    private long episodePeakBytes;
    private long firstOverPs = -1;

    IncastDetector(long thresholdBytes, long clearBytes) {
        if (thresholdBytes <= 0 || clearBytes < 0 || clearBytes > thresholdBytes) {
            throw new IllegalArgumentException("threshold " + thresholdBytes + " B must be > 0 and clear "
                    + clearBytes + " B 0..threshold");
        }
        this.thresholdBytes = thresholdBytes;
        this.clearBytes = clearBytes;
    }

    /**
     * The port now holds {@code occupancyBytes}.
     *
     * @return true when this starts a new episode
     */
    boolean observe(long occupancyBytes, long nowPs) {
        if (incast) {
            episodePeakBytes = Math.max(episodePeakBytes, occupancyBytes);
            if (occupancyBytes < clearBytes) {
                incast = false;
            }
            return false;
        }
        if (occupancyBytes > thresholdBytes) {
            incast = true;
            episode++;
            episodePeakBytes = occupancyBytes;
            if (firstOverPs < 0) {
                firstOverPs = nowPs;
            }
            return true;
        }
        return false;
    }

    /** Whether the port is in incast now. */
    boolean incast() {
        return incast;
    }

    /** The current (or last) episode's number; 0 before the first. */
    int episode() {
        return episode;
    }

    /** The most bytes queued during the current (or last) episode. */
    long episodePeakBytes() {
        return episodePeakBytes;
    }

    /** When the port first crossed its threshold, or -1. */
    long firstOverPs() {
        return firstOverPs;
    }
}

package io.fabricemu.wreb;

/**
 * The growth rate of one queue, in bytes per microsecond, measured over back-to-back windows: each
 * observation that falls at least one window after the current window's start closes it, the gradient
 * becoming {@code (bytes now - bytes at its start) / its length}, and opens the next. Between closes the
 * last complete window's value holds. A draining queue has a negative gradient.
 *
 * <p>Claim 10 of US 12,388,756 lists the queue-size gradient among the telemetry a notice may
 * carry; paragraph (13) allows it as a congestion measure. Integer arithmetic only.
 */
public final class QueueGradient {
    private final long windowPs;
    private long windowStartPs = Long.MIN_VALUE;
    private long windowStartBytes;
    private long bytesPerUs;

    public QueueGradient(long windowPs) {
        if (windowPs <= 0) {
            throw new IllegalArgumentException("windowPs must be > 0, was " + windowPs);
        }
        this.windowPs = windowPs;
    }

    /** The queue holds {@code queueBytes} at {@code nowPs} (never earlier than the last observation). */
    public void observe(long nowPs, long queueBytes) {
        if (windowStartPs == Long.MIN_VALUE) {
            windowStartPs = nowPs;
            windowStartBytes = queueBytes;
            return;
        }
        long elapsedPs = nowPs - windowStartPs;
        if (elapsedPs >= windowPs) {
            bytesPerUs = Math.multiplyExact(queueBytes - windowStartBytes, 1_000_000L) / elapsedPs;
            windowStartPs = nowPs;
            windowStartBytes = queueBytes;
        }
    }

    /** The last complete window's gradient, bytes per us (0 before the first window closes). */
    public long bytesPerUs() {
        return bytesPerUs;
    }

    /** The growth one window at the current gradient adds, in bytes, never negative. */
    public long growthBytes() {
        return Math.max(0, bytesPerUs) * windowPs / 1_000_000L;
    }
}

package io.fabricemu.baseline;

/**
 * No congestion control: a constant window of bytes in flight. The baseline every controller is compared
 * against, and what a scenario gets with {@code cc: none}.
 */
public final class FixedWindow implements CongestionControl {
    private final long windowBytes;

    public FixedWindow(long windowBytes) {
        if (windowBytes <= 0) {
            throw new IllegalArgumentException("windowBytes must be > 0, was " + windowBytes);
        }
        this.windowBytes = windowBytes;
    }

    @Override
    public long windowBytes() {
        return windowBytes;
    }

    @Override
    public void onAck(AckFeedback ack) {
    }

    @Override
    public void onTimeout(long nowPs) {
    }
}

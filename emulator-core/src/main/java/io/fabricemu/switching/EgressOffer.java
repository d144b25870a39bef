package io.fabricemu.switching;

import io.fabricemu.net.Packet;

/**
 * The terms on which a port's queue takes the packet its stages are looking at: whether it is lossless and
 * how many shared bytes beyond its class's dedicated limit it may take. The PFC stage says the first, the
 * shared-buffer lease the second; every later stage asks {@link #fits}. One per port, reset for every packet,
 * so offering allocates nothing.
 */
public final class EgressOffer {
    private final EgressQueue queue;
    private boolean lossless;
    private long roomBytes;

    EgressOffer(EgressQueue queue) {
        this.queue = queue;
    }

    /** A new packet: not lossless, no shared room. */
    void reset() {
        this.lossless = false;
        this.roomBytes = 0;
    }

    void lossless(boolean lossless) {
        this.lossless = lossless;
    }

    void roomBytes(long roomBytes) {
        this.roomBytes = roomBytes;
    }

    long roomBytes() {
        return roomBytes;
    }

    /** The packet is of a lossless class: the queue takes it whatever it holds. */
    public boolean lossless() {
        return lossless;
    }

    /** Whether the queue would take {@code p} now: it is lossless, or its class's growth fits the room. */
    public boolean fits(Packet p) {
        return lossless || queue.fits(p, roomBytes);
    }
}

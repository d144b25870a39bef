package io.fabricemu.engine;

/**
 * The times of a relay's latest events, enough of them to tell which was the last before a horizon the relay does
 * not know yet ({@link ElementRunner#relayThrough}). Its sender hands it events no later than {@code spanPs} after
 * the sender's own time, and the sender handles nothing at or past the horizon; so the horizon is above the latest
 * time less {@code spanPs}, and the times kept are those from there on, and the one before. Single-threaded.
 */
final class RecentTimes {
    private final long spanPs;
    private static final long[] NONE = new long[0];
    private long[] ring = NONE;
    private int first;
    private int size;
    private long count;

    /** @param spanPs the most by which an event's time exceeds its sender's time when it was sent */
    RecentTimes(long spanPs) {
        this.spanPs = spanPs;
    }

    /** An event at {@code timePs}, no earlier than the one before. */
    void add(long timePs) {
        if (size == ring.length) {
            long[] grown = new long[Math.max(4, size * 2)];
            for (int i = 0; i < size; i++) {
                grown[i] = ring[(first + i) % ring.length];
            }
            ring = grown;
            first = 0;
        }
        ring[(first + size++) % ring.length] = timePs;
        count++;
        while (size > 1 && at(1) < timePs - spanPs) {
            first = (first + 1) % ring.length;
            size--;
        }
    }

    /** The times added so far: the relay's events. */
    long count() {
        return count;
    }

    private long at(int i) {
        return ring[(first + i) % ring.length];
    }

    /** The latest time before {@code horizonPs}, or {@link Long#MIN_VALUE} when there was none. */
    long lastBefore(long horizonPs) {
        for (int i = size - 1; i >= 0; i--) {
            if (at(i) < horizonPs) {
                return at(i);
            }
        }
        return Long.MIN_VALUE;
    }
}

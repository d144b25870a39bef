package io.fabricemu.cluster.wire;

import java.util.concurrent.atomic.LongAdder;

/**
 * What this JVM's packet batches put on the wire, counted by the serializer as Artery writes them: the figures behind
 * "bytes per window crossing JVMs". Counters only grow; a reader takes differences.
 */
public final class BatchTraffic {
    private static final LongAdder BATCHES = new LongAdder();
    private static final LongAdder EVENTS = new LongAdder();
    private static final LongAdder BYTES = new LongAdder();

    private BatchTraffic() {
    }

    static void count(int events, int bytes) {
        BATCHES.increment();
        EVENTS.add(events);
        BYTES.add(bytes);
    }

    /** Batches, events and bytes written so far, in that order. */
    public static long[] totals() {
        return new long[] {BATCHES.sum(), EVENTS.sum(), BYTES.sum()};
    }
}

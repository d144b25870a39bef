package io.fabricemu.metrics;

import java.util.concurrent.atomic.AtomicLong;
import kamon.tag.TagSet;

/**
 * A run's goodput, drops, trims and ECN marks per second of virtual time: what the fabric did, rather than how fast
 * the emulator went (a counter's rate in Prometheus is per wall-clock second, which on a large fabric is a small
 * fraction of the fabric's own rate). The elements' samples add what each gained since its previous sample, and
 * the virtual time of the sample; {@link #publish} (once a wall-clock second, and at the end of the run) divides
 * what was added since the previous publication by the virtual time the samples advanced meanwhile. So a value is
 * an average over the stretch of virtual time run in that wall-clock second; the stretch ends at the latest sample
 * of any element, and the samples of the other shards at that tick land within a window of it. Nothing here is
 * done per packet.
 */
final class VirtualRates {
    private static final double PS_PER_S = 1e12;

    private final TagSet tags;

    private final AtomicLong deliveredBytes = new AtomicLong();
    private final AtomicLong drops = new AtomicLong();
    private final AtomicLong trims = new AtomicLong();
    private final AtomicLong ecnMarks = new AtomicLong();
    private final AtomicLong sampledPs = new AtomicLong();
    private long lastPs;
    private long lastBytes;
    private long lastDrops;
    private long lastTrims;
    private long lastMarks;

    VirtualRates(TagSet tags) {
        this.tags = tags;
    }

    void delivered(long bytes) {
        deliveredBytes.addAndGet(bytes);
    }

    void port(long newDrops, long newTrims, long newMarks) {
        if (newDrops > 0) {
            drops.addAndGet(newDrops);
        }
        if (newTrims > 0) {
            trims.addAndGet(newTrims);
        }
        if (newMarks > 0) {
            ecnMarks.addAndGet(newMarks);
        }
    }

    /** An element finished its sample of virtual time {@code samplePs}. */
    void sampled(long samplePs) {
        sampledPs.accumulateAndGet(samplePs, Math::max);
    }

    /** The latest virtual time any element sampled (0 before the first sample). */
    long sampledPs() {
        return sampledPs.get();
    }

    /**
     * Sets the gauges to the rates since the previous publication; leaves them as they were when the samples have not
     * advanced in virtual time since (a run between two ticks, or not started).
     */
    synchronized void publish() {
        long ps = sampledPs.get();
        if (ps <= lastPs) {
            return;
        }
        double seconds = (ps - lastPs) / PS_PER_S;
        long bytes = deliveredBytes.get();
        long d = drops.get();
        long t = trims.get();
        long m = ecnMarks.get();
        Names.VIRTUAL_GOODPUT.withTags(tags).update((bytes - lastBytes) * 8 / seconds);
        Names.VIRTUAL_DROPS.withTags(tags).update((d - lastDrops) / seconds);
        Names.VIRTUAL_TRIMS.withTags(tags).update((t - lastTrims) / seconds);
        Names.VIRTUAL_ECN_MARKS.withTags(tags).update((m - lastMarks) / seconds);
        lastPs = ps;
        lastBytes = bytes;
        lastDrops = d;
        lastTrims = t;
        lastMarks = m;
    }
}

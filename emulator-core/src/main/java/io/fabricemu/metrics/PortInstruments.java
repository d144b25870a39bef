package io.fabricemu.metrics;

import java.util.concurrent.atomic.AtomicReferenceArray;
import kamon.metric.Counter;
import kamon.metric.Gauge;
import kamon.tag.TagSet;

/**
 * The Kamon instruments of one aggregate of ports (one tag set at the chosen {@link MetricsLevel}), shared by
 * every port of that aggregate: counters and gauges are thread-safe, and each port adds its own changes to them,
 * so the series is the sum over its ports. Per-class queue gauges are created when a class first holds bytes.
 */
final class PortInstruments {
    final Gauge queueBytes;
    final Counter drops;
    final Counter trims;
    final Counter ecnMarks;
    final Counter pauseFrames;
    final Counter btsNotices;
    final Counter rnrNaks;
    final Counter txBytes;
    private final TagSet tags;
    private final AtomicReferenceArray<Gauge> classQueueBytes = new AtomicReferenceArray<>(MAX_CLASSES);

    /** More traffic classes than a switch may have (802.1Q priorities are 0..7). */
    static final int MAX_CLASSES = 64;

    PortInstruments(TagSet tags) {
        this.tags = tags;
        queueBytes = Names.PORT_QUEUE.withTags(tags);
        drops = Names.PORT_DROPS.withTags(tags);
        trims = Names.PORT_TRIMS.withTags(tags);
        ecnMarks = Names.PORT_ECN_MARKS.withTags(tags);
        pauseFrames = Names.PORT_PAUSE_FRAMES.withTags(tags);
        btsNotices = Names.PORT_BTS_NOTICES.withTags(tags);
        rnrNaks = Names.PORT_RNR_NAKS.withTags(tags);
        txBytes = Names.PORT_TX.withTags(tags);
    }

    /** The queue gauge of traffic class {@code trafficClass} for this aggregate. */
    Gauge classQueue(int trafficClass) {
        Gauge g = classQueueBytes.get(trafficClass);
        if (g == null) {
            classQueueBytes.compareAndSet(trafficClass, null,
                    Names.PORT_CLASS_QUEUE.withTags(tags.withTag("class", Integer.toString(trafficClass))));
            g = classQueueBytes.get(trafficClass);
        }
        return g;
    }
}

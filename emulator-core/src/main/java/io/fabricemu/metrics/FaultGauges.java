package io.fabricemu.metrics;

import io.fabricemu.fault.LinksDown;
import io.fabricemu.stats.FaultDrop;
import java.util.concurrent.ConcurrentHashMap;
import kamon.metric.Counter;
import kamon.tag.TagSet;

/**
 * A run's fault metrics: {@code fabric_links_down}, the link directions down at the latest sampling tick any
 * element reached (from the fault plan's timelines, which are what the links obey: a link that is down carries
 * nothing, so it has no event to be sampled on, and the gauge cannot wait for one), published with the progress
 * gauges once a wall-clock second and at the end of the run, 0 in a healthy run; and the counters of
 * {@code fabric_fault_drops_total} by {@code kind} and {@code fault}, which the elements' samples move
 * ({@link ElementMetrics#faultDrops}). Nothing here is done per packet.
 */
final class FaultGauges {
    private final LinksDown linksDown;
    private final TagSet runTags;
    private final ConcurrentHashMap<Long, Counter> drops = new ConcurrentHashMap<>();

    FaultGauges(LinksDown linksDown, TagSet runTags) {
        this.linksDown = linksDown;
        this.runTags = runTags;
    }

    /** Sets {@code fabric_links_down} to the directions down at virtual time {@code samplePs}. */
    void publish(long samplePs) {
        Names.LINKS_DOWN.withTags(runTags).update(linksDown.at(samplePs));
    }

    /** The counter of packets fault {@code fault} lost as {@code kind}. */
    Counter drops(int fault, FaultDrop kind) {
        long key = (long) fault * FaultDrop.values().length + kind.ordinal();
        return drops.computeIfAbsent(key, k -> Names.FAULT_DROPS.withTags(runTags.withTag("kind", kind.key())
                .withTag("fault", Integer.toString(fault))));
    }
}

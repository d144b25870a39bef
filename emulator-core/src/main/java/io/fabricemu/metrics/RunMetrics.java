package io.fabricemu.metrics;

import io.fabricemu.engine.LiveSink;
import io.fabricemu.engine.Progress;
import io.fabricemu.fault.LinksDown;
import io.fabricemu.engine.SampleListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import kamon.metric.Counter;
import kamon.metric.Histogram;
import kamon.tag.TagSet;

/**
 * The live metrics of one run: hands every element its own {@link ElementMetrics} sink and shares with them the
 * instruments of each port aggregate (one per tag set at the chosen level, created on first use) and of the
 * tracked flows (flow ids {@code 0..trackedFlows-1}: a bounded set that every run of the scenario agrees on).
 * A wall-clock poller publishes the run's progress, its rates per virtual second ({@link VirtualRates}) and the
 * link directions its faults have down ({@link FaultGauges}). {@link #close} ends the run's contribution: its queued bytes
 * leave the shared gauges, so the next run of a {@code compare} starts from an empty fabric. Every series carries
 * the run's {@link RunLabels}.
 */
public final class RunMetrics implements SampleListener, AutoCloseable {
    private final MetricsLevel level;
    private final ConcurrentHashMap<TagSet, PortInstruments> aggregates = new ConcurrentHashMap<>();
    private final AtomicReferenceArray<FlowInstruments> flows;
    private final List<ElementMetrics> sinks = new ArrayList<>();
    private final ProgressGauges progress;
    private final TagSet runTags;
    final Histogram ccWindow;
    final Histogram ccCredit;
    final Histogram ccRate;
    final Counter goodput;
    final VirtualRates rates;
    final FaultGauges faults;

    RunMetrics(MetricsLevel level, int trackedFlows, Progress progress, int flowCount, LinksDown linksDown,
               RunLabels labels) {
        this.level = level;
        this.runTags = labels.tags();
        this.flows = new AtomicReferenceArray<>(Math.min(trackedFlows, flowCount));
        this.ccWindow = Names.CC_WINDOW.withTags(runTags);
        this.ccCredit = Names.CC_CREDIT.withTags(runTags);
        this.ccRate = Names.CC_RATE.withTags(runTags);
        this.goodput = Names.GOODPUT.withTags(runTags);
        this.rates = new VirtualRates(runTags);
        this.faults = new FaultGauges(linksDown, runTags);
        this.progress = new ProgressGauges(progress, flowCount, rates, faults, runTags);
    }

    @Override
    public ElementMetrics sinkFor(int elementId) {
        ElementMetrics sink = new ElementMetrics(this);
        synchronized (sinks) {
            sinks.add(sink);
        }
        return sink;
    }

    /** The instruments shared by every port with this port's tags at the chosen level. */
    PortInstruments portInstruments(int tier, String portId) {
        return aggregates.computeIfAbsent(level.tags(tier, portId).withTags(runTags), PortInstruments::new);
    }

    /** The series of flow {@code flowId} when it is tracked, else null. */
    FlowInstruments tracked(int flowId) {
        if (flowId < 0 || flowId >= flows.length()) {
            return null;
        }
        FlowInstruments f = flows.get(flowId);
        if (f == null) {
            flows.compareAndSet(flowId, null, new FlowInstruments(flowId, runTags));
            f = flows.get(flowId);
        }
        return f;
    }

    /** How many port aggregates (tag sets) this run has written to so far. */
    public int portAggregates() {
        return aggregates.size();
    }

    /** Call after the run: publishes its final progress and takes its queued bytes out of the shared gauges. */
    @Override
    public void close() {
        progress.close();
        synchronized (sinks) {
            for (ElementMetrics sink : sinks) {
                sink.retract();
            }
        }
    }
}

package io.fabricemu.metrics;

import kamon.metric.Counter;
import kamon.metric.Gauge;
import kamon.tag.TagSet;

/**
 * The per-flow series of one tracked flow (tag {@code flow}): its goodput counter and gauges of its window,
 * credit and rate. A flow's sender is sampled by one element only, so the gauges are simply set; a gauge is
 * created on its first value, so a flow whose model has no credit (or rate, or window) exports no such series.
 */
final class FlowInstruments {
    final Counter goodput;
    private final TagSet tags;
    private Gauge window;
    private Gauge credit;
    private Gauge rate;
    private Gauge rtt;

    FlowInstruments(int flowId, TagSet runTags) {
        tags = runTags.withTag("flow", Integer.toString(flowId));
        goodput = Names.FLOW_GOODPUT.withTags(tags);
    }

    /** Sets the round-trip gauge (in seconds) to the sender's latest sample. Called by the sender's element only. */
    void rtt(long rttPs) {
        if (rtt == null) {
            rtt = Names.FLOW_RTT.withTags(tags);
        }
        rtt.update(rttPs / 1e12);
    }

    /** Sets the gauges the sender's model has (-1: it has no such quantity). Called by the sender's element only. */
    void update(long windowBytes, long creditBytes, long rateBps) {
        if (windowBytes >= 0) {
            if (window == null) {
                window = Names.FLOW_WINDOW.withTags(tags);
            }
            window.update(windowBytes);
        }
        if (creditBytes >= 0) {
            if (credit == null) {
                credit = Names.FLOW_CREDIT.withTags(tags);
            }
            credit.update(creditBytes);
        }
        if (rateBps >= 0) {
            if (rate == null) {
                rate = Names.FLOW_RATE.withTags(tags);
            }
            rate.update(rateBps);
        }
    }
}

package io.fabricemu.metrics;

import kamon.Kamon;
import kamon.metric.MeasurementUnit;
import kamon.metric.Metric;

/**
 * The metrics fabric-emu exports, by their Kamon names. Kamon's Prometheus reporter turns dots into
 * underscores, adds {@code _bytes} or {@code _seconds} for the unit and {@code _total} to counters, so
 * {@code fabric.port.drops} is scraped as {@code fabric_port_drops_total} and {@code fabric.port.queue} as
 * {@code fabric_port_queue_bytes}.
 */
final class Names {
    private Names() {
    }

    private static final MeasurementUnit BYTES = MeasurementUnit.information().bytes();

    static final Metric.Gauge PORT_QUEUE = Kamon.gauge("fabric.port.queue", "Bytes queued at egress ports", BYTES);
    static final Metric.Gauge PORT_CLASS_QUEUE =
            Kamon.gauge("fabric.port.class.queue", "Bytes queued at egress ports per traffic class", BYTES);
    static final Metric.Counter PORT_DROPS = Kamon.counter("fabric.port.drops", "Packets dropped");
    static final Metric.Counter PORT_TRIMS = Kamon.counter("fabric.port.trims", "Packets trimmed");
    static final Metric.Counter PORT_ECN_MARKS = Kamon.counter("fabric.port.ecn.marks", "Packets marked CE");
    static final Metric.Counter PORT_PAUSE_FRAMES = Kamon.counter("fabric.port.pause.frames", "PFC pause frames sent");
    static final Metric.Counter PORT_BTS_NOTICES =
            Kamon.counter("fabric.port.bts.notices", "Back-to-sender notices sent");
    static final Metric.Counter PORT_RNR_NAKS = Kamon.counter("fabric.port.rnr.naks", "Switch-generated RNR NAKs");
    static final Metric.Counter PORT_TX = Kamon.counter("fabric.port.tx", "Bytes transmitted by egress ports", BYTES);

    /** Distributions over every flow and every tick; names also used for their buckets in the configuration. */
    static final String CC_WINDOW_NAME = "fabric.cc.window";
    static final String CC_CREDIT_NAME = "fabric.cc.credit";
    static final String CC_RATE_NAME = "fabric.cc.rate.bps";
    static final Metric.Histogram CC_WINDOW =
            Kamon.histogram(CC_WINDOW_NAME, "Congestion windows of the senders, one value per flow and tick", BYTES);
    static final Metric.Histogram CC_CREDIT =
            Kamon.histogram(CC_CREDIT_NAME, "Unspent credit of the senders, one value per flow and tick", BYTES);
    static final Metric.Histogram CC_RATE =
            Kamon.histogram(CC_RATE_NAME, "Paced rates of the senders in bit/s, one value per flow and tick");

    static final Metric.Counter GOODPUT = Kamon.counter("fabric.goodput", "Payload bytes delivered in order", BYTES);
    static final Metric.Counter FLOW_GOODPUT =
            Kamon.counter("fabric.flow.goodput", "Payload bytes delivered in order, tracked flows", BYTES);
    static final Metric.Gauge FLOW_WINDOW = Kamon.gauge("fabric.flow.window", "Congestion window, tracked flows", BYTES);
    static final Metric.Gauge FLOW_CREDIT = Kamon.gauge("fabric.flow.credit", "Unspent credit, tracked flows", BYTES);
    static final Metric.Gauge FLOW_RATE = Kamon.gauge("fabric.flow.rate.bps", "Paced rate in bit/s, tracked flows");
    static final Metric.Gauge FLOW_RTT = Kamon.gauge("fabric.flow.rtt", "Latest round-trip sample, tracked flows",
            MeasurementUnit.time().seconds());

    static final Metric.Gauge VIRTUAL_GOODPUT = Kamon.gauge("fabric.virtual.goodput.bps",
            "Payload delivered in order, in bit/s of virtual time (the fabric's goodput, not the emulator's speed)");
    static final Metric.Gauge VIRTUAL_DROPS =
            Kamon.gauge("fabric.virtual.drops.per.second", "Packets dropped per second of virtual time");
    static final Metric.Gauge VIRTUAL_TRIMS =
            Kamon.gauge("fabric.virtual.trims.per.second", "Packets trimmed per second of virtual time");
    static final Metric.Gauge VIRTUAL_ECN_MARKS =
            Kamon.gauge("fabric.virtual.ecn.marks.per.second", "Packets marked CE per second of virtual time");

    static final Metric.Gauge LINKS_DOWN =
            Kamon.gauge("fabric.links.down", "Link directions down at the latest sampling tick");
    static final Metric.Counter FAULT_DROPS = Kamon.counter("fabric.fault.drops",
            "Packets the scheduled faults lost, by kind (wire, queue, blackhole, nicDown, loss, corruption) and fault");

    static final Metric.Gauge RUN_VIRTUAL_TIME =
            Kamon.gauge("fabric.run.virtual.time", "Virtual time reached", MeasurementUnit.time().seconds());
    static final Metric.Gauge RUN_EVENTS = Kamon.gauge("fabric.run.events", "Events handled so far");
    static final Metric.Gauge RUN_EVENTS_PER_SECOND =
            Kamon.gauge("fabric.run.events.per.second", "Events handled per wall-clock second");
    static final Metric.Gauge RUN_WINDOWS = Kamon.gauge("fabric.run.windows", "Windows of virtual time run so far");
    static final Metric.Gauge RUN_FLOWS_COMPLETED = Kamon.gauge("fabric.run.flows.completed", "Flows completed");
    static final Metric.Gauge RUN_FLOWS = Kamon.gauge("fabric.run.flows", "Flows in the workload");
}

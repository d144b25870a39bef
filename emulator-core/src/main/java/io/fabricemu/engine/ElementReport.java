package io.fabricemu.engine;

import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.FlowStarted;
import io.fabricemu.stats.LinkLoss;
import io.fabricemu.stats.PortStats;
import java.util.List;

/**
 * An element's contribution to the results: the flows it sent or received, the ports it owns, when the flows it
 * sent that waited for others started, and, when the run sampled, its samples over virtual time (null otherwise;
 * the engine attaches them, the model never does), what faults cost it (empty in a healthy fabric), and what a
 * lossy link lost to its own loss (empty for every other element).
 */
public record ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers,
                            List<PortStats> ports, List<FlowStarted> started, SampleLog samples,
                            List<FaultCounts> faults, List<LinkLoss> linkLosses) {
    public static final ElementReport EMPTY = new ElementReport(List.of(), List.of(), List.of());

    public ElementReport {
        senders = List.copyOf(senders);
        receivers = List.copyOf(receivers);
        ports = List.copyOf(ports);
        started = List.copyOf(started);
        faults = List.copyOf(faults);
        linkLosses = List.copyOf(linkLosses);
    }

    public ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers, List<PortStats> ports,
                         List<FlowStarted> started, SampleLog samples, List<FaultCounts> faults) {
        this(senders, receivers, ports, started, samples, faults, List.of());
    }

    public ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers, List<PortStats> ports,
                         List<FlowStarted> started, SampleLog samples) {
        this(senders, receivers, ports, started, samples, List.of());
    }

    public ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers, List<PortStats> ports) {
        this(senders, receivers, ports, List.of(), null);
    }

    public ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers, List<PortStats> ports,
                         List<FlowStarted> started) {
        this(senders, receivers, ports, started, null);
    }

    public ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers, List<PortStats> ports,
                         SampleLog samples) {
        this(senders, receivers, ports, List.of(), samples);
    }

    /** This report with the element's samples. */
    public ElementReport withSamples(SampleLog log) {
        return new ElementReport(senders, receivers, ports, started, log, faults, linkLosses);
    }

    /** This report with what faults cost the element. */
    public ElementReport withFaults(List<FaultCounts> counts) {
        return counts.isEmpty() ? this : new ElementReport(senders, receivers, ports, started, samples, counts,
                linkLosses);
    }

    /** This report with what a lossy link lost to its own loss. */
    public ElementReport withLinkLoss(LinkLoss loss) {
        return new ElementReport(senders, receivers, ports, started, samples, faults, List.of(loss));
    }

    public static ElementReport ofPort(PortStats port) {
        return new ElementReport(List.of(), List.of(), List.of(port));
    }
}

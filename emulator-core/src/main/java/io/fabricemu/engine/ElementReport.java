package io.fabricemu.engine;

import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.FlowStarted;
import io.fabricemu.stats.PortStats;
import java.util.List;

/**
 * An element's contribution to the results: the flows it sent or received, the ports it owns, when the flows it
 * sent that waited for others started, and, when the run sampled, its samples over virtual time (null otherwise;
 * the engine attaches them, the model never does), and what faults cost it (empty in a healthy fabric).
 */
public record ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers,
                            List<PortStats> ports, List<FlowStarted> started, SampleLog samples,
                            List<FaultCounts> faults) {
    public static final ElementReport EMPTY = new ElementReport(List.of(), List.of(), List.of());

    public ElementReport {
        senders = List.copyOf(senders);
        receivers = List.copyOf(receivers);
        ports = List.copyOf(ports);
        started = List.copyOf(started);
        faults = List.copyOf(faults);
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
        return new ElementReport(senders, receivers, ports, started, log, faults);
    }

    /** This report with what faults cost the element. */
    public ElementReport withFaults(List<FaultCounts> counts) {
        return counts.isEmpty() ? this : new ElementReport(senders, receivers, ports, started, samples, counts);
    }

    public static ElementReport ofPort(PortStats port) {
        return new ElementReport(List.of(), List.of(), List.of(port));
    }
}

package io.fabricemu.engine;

import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.PortStats;
import java.util.List;

/**
 * An element's contribution to the results: the flows it sent or received, the ports it owns and, when the run
 * sampled, its samples over virtual time (null otherwise; the engine attaches them, the model never does).
 */
public record ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers,
                            List<PortStats> ports, SampleLog samples) {
    public static final ElementReport EMPTY = new ElementReport(List.of(), List.of(), List.of());

    public ElementReport {
        senders = List.copyOf(senders);
        receivers = List.copyOf(receivers);
        ports = List.copyOf(ports);
    }

    public ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers, List<PortStats> ports) {
        this(senders, receivers, ports, null);
    }

    /** This report with the element's samples. */
    public ElementReport withSamples(SampleLog log) {
        return new ElementReport(senders, receivers, ports, log);
    }

    public static ElementReport ofPort(PortStats port) {
        return new ElementReport(List.of(), List.of(), List.of(port));
    }
}

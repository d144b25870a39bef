package io.fabricemu.engine;

import io.fabricemu.results.FlowReceiverStats;
import io.fabricemu.results.FlowSenderStats;
import io.fabricemu.results.PortStats;
import java.util.List;

/** An element's contribution to the results: the flows it sent or received and the ports it owns. */
public record ElementReport(List<FlowSenderStats> senders, List<FlowReceiverStats> receivers,
                            List<PortStats> ports) {
    public static final ElementReport EMPTY = new ElementReport(List.of(), List.of(), List.of());

    public ElementReport {
        senders = List.copyOf(senders);
        receivers = List.copyOf(receivers);
        ports = List.copyOf(ports);
    }

    public static ElementReport ofPort(PortStats port) {
        return new ElementReport(List.of(), List.of(), List.of(port));
    }
}

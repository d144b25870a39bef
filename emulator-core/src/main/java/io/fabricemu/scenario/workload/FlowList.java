package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.net.Packets;
import io.fabricemu.topology.FabricCounts;
import java.util.List;

/**
 * An explicit list of flows, kept in the order given; a flow may wait for others of the list
 * ({@link FlowSpec#after}), which must exist and form no cycle ({@link FlowDependencies}).
 */
public record FlowList(List<FlowSpec> flows) implements WorkloadSpec {
    public FlowList {
        flows = List.copyOf(flows);
        if (flows.isEmpty()) {
            throw new IllegalArgumentException("flows must not be empty");
        }
        FlowDependencies.check(flows);
    }

    @Override
    public String kind() {
        return "flows";
    }

    @Override
    public long flowCount(int hostCount) {
        return flows.size();
    }

    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        return packets(flows, payloadBytes);
    }

    /** The data packets of {@code flows} at {@code payloadBytes} a full packet, added up without overflowing. */
    static long packets(List<FlowSpec> flows, int payloadBytes) {
        long packets = 0;
        for (FlowSpec flow : flows) {
            packets = FabricCounts.plus(packets, Packets.of(flow.bytes(), payloadBytes));
        }
        return packets;
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        for (FlowSpec flow : flows) {
            HostRange.require("src", flow.src(), hostCount);
            HostRange.require("dst", flow.dst(), hostCount);
        }
        return flows;
    }
}

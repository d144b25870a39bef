package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.WorkloadChecks;
import io.fabricemu.net.Packets;
import io.fabricemu.topology.FabricCounts;
import java.util.ArrayList;
import java.util.List;

/**
 * Every host sends {@code bytes} to every other host, all starting at {@code startPs}: n(n-1) flows,
 * ordered by (src, dst).
 */
public record AllToAll(long bytes, long startPs) implements WorkloadSpec {
    public AllToAll {
        WorkloadChecks.bytesAndStart(bytes, startPs);
    }

    @Override
    public String kind() {
        return "all-to-all";
    }

    /** n(n-1): with 46,342 hosts or more, more than an int. */
    @Override
    public long flowCount(int hostCount) {
        return hostCount < 2 ? 0 : (long) hostCount * (hostCount - 1);
    }

    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        return FabricCounts.times(flowCount(hostCount), Packets.of(bytes, payloadBytes));
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        if (hostCount < 2) {
            throw new IllegalArgumentException("all-to-all needs at least 2 hosts, this topology has " + hostCount);
        }
        List<FlowSpec> flows = new ArrayList<>(FlowCounts.listable("all-to-all among " + hostCount + " hosts",
                flowCount(hostCount)));
        for (int src = 0; src < hostCount; src++) {
            for (int dst = 0; dst < hostCount; dst++) {
                if (src != dst) {
                    flows.add(new FlowSpec(src, dst, bytes, startPs));
                }
            }
        }
        return List.copyOf(flows);
    }
}

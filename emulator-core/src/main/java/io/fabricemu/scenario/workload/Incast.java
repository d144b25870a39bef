package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.WorkloadChecks;
import io.fabricemu.net.Packets;
import io.fabricemu.topology.FabricCounts;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Many-to-one: every sender sends {@code bytes} to {@code receiver}, all starting at {@code startPs}. The
 * flows come in the order of {@code senders}.
 */
public record Incast(int receiver, List<Integer> senders, long bytes, long startPs) implements WorkloadSpec {
    public Incast {
        if (receiver < 0) {
            throw new IllegalArgumentException("receiver must be >= 0, was " + receiver);
        }
        senders = List.copyOf(senders);
        if (senders.isEmpty()) {
            throw new IllegalArgumentException("senders must not be empty");
        }
        Set<Integer> seen = new HashSet<>();
        for (int sender : senders) {
            if (sender < 0) {
                throw new IllegalArgumentException("senders must be >= 0, found " + sender);
            }
            if (sender == receiver) {
                throw new IllegalArgumentException("senders must not contain the receiver " + receiver);
            }
            if (!seen.add(sender)) {
                throw new IllegalArgumentException("senders lists host " + sender + " twice");
            }
        }
        WorkloadChecks.bytesAndStart(bytes, startPs);
    }

    /**
     * The {@code count} lowest-numbered hosts other than {@code receiver}, as the scenario form
     * {@code senders: N} means; e.g. receiver 0 and count 3 give [1, 2, 3], receiver 2 gives [0, 1, 3].
     */
    public static List<Integer> lowestSenders(int receiver, int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("count must be > 0, was " + count);
        }
        List<Integer> senders = new ArrayList<>(count);
        for (int host = 0; senders.size() < count; host++) {
            if (host != receiver) {
                senders.add(host);
            }
        }
        return List.copyOf(senders);
    }

    @Override
    public String kind() {
        return "incast";
    }

    @Override
    public long flowCount(int hostCount) {
        return senders.size();
    }

    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        return FabricCounts.times(senders.size(), Packets.of(bytes, payloadBytes));
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        HostRange.require("receiver", receiver, hostCount);
        List<FlowSpec> flows = new ArrayList<>(senders.size());
        for (int sender : senders) {
            HostRange.require("sender", sender, hostCount);
            flows.add(new FlowSpec(sender, receiver, bytes, startPs));
        }
        return List.copyOf(flows);
    }
}

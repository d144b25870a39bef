package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * One training iteration from MLCommons Chakra execution traces, one file per rank ({@code PREFIX.<rank>.et}), as
 * ASTRA-sim replays them: compute nodes become waits, sends and receives flows, and the ranks' k-th collective
 * nodes one collective, run as {@link Collective} runs it ({@link ChakraCollective}). The flows are made once, when
 * the files are read ({@link #of}), so that every error in them is found then.
 *
 * @param traces   the prefix of the files, as the scenario gives it
 * @param hosts    the host of each rank
 * @param flowList the flows, each collective's contiguous
 * @param spans    the collectives, in the order they run
 * @param timeline per rank, every node of its file in a dependency order, with the flows that time it
 */
public record Chakra(String traces, List<Integer> hosts, List<FlowSpec> flowList, List<CollectiveSpan> spans,
                     List<List<ChakraNodeFlows>> timeline) implements WorkloadSpec {
    public Chakra {
        hosts = List.copyOf(hosts);
        flowList = List.copyOf(flowList);
        spans = List.copyOf(spans);
        timeline = timeline.stream().map(List::copyOf).toList();
        if (flowList.isEmpty()) {
            throw new IllegalArgumentException("the traces " + traces + " hold no communication: no flow to run");
        }
    }

    /**
     * The iteration of the files {@code files} (names for messages) holding {@code contents}, rank r's on host
     * {@code hosts.get(r)}.
     *
     * @throws IllegalArgumentException naming the file and node (or byte offset) at fault
     */
    public static Chakra of(String traces, List<String> files, List<byte[]> contents, List<Integer> hosts) {
        if (files.size() != hosts.size() || files.size() < 2) {
            throw new IllegalArgumentException(files.size() + " trace files for " + hosts.size() + " hosts; there must"
                    + " be one per host, and at least 2");
        }
        List<List<ChakraNode>> ranks = new ArrayList<>(files.size());
        for (int r = 0; r < files.size(); r++) {
            ranks.add(ChakraTrace.read(files.get(r), contents.get(r), r, files.size()));
        }
        ChakraSchedule schedule = new ChakraSchedule(ranks, files, hosts).build();
        return new Chakra(traces, hosts, schedule.flows(), schedule.spans(), schedule.timeline());
    }

    @Override
    public String kind() {
        return "chakra";
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        for (int host : hosts) {
            HostRange.require("hosts", host, hostCount);
        }
        return flowList;
    }

    @Override
    public long flowCount(int hostCount) {
        return flowList.size();
    }

    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        return FlowList.packets(flowList, payloadBytes);
    }

    @Override
    public List<CollectiveSpan> collectives(int hostCount) {
        return spans;
    }
}

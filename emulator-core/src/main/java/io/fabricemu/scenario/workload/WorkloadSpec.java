package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import java.util.List;

/** The traffic of a scenario: which host sends how many bytes to which, and when. */
public sealed interface WorkloadSpec permits Incast, Permutation, AllToAll, FlowList, Mix, Collective,
        OpenLoop, Chakra {

    /** The name used for this kind in scenario files, e.g. {@code all-to-all}. */
    String kind();

    /**
     * The flows, deterministic for {@code (hostCount, seed)} and in a fixed order.
     *
     * @throws IllegalArgumentException if a host the workload names is not in {@code 0..hostCount-1}, or the
     *                                  workload cannot be formed on that many hosts
     */
    List<FlowSpec> flows(int hostCount, long seed);

    /**
     * How many flows {@link #flows} gives on {@code hostCount} hosts, computed without making them: it may be
     * more than a list can hold, which {@link #flows} then refuses.
     */
    long flowCount(int hostCount);

    /**
     * How many packets of {@code payloadBytes} all flows together are cut into, computed without making them;
     * {@link Long#MAX_VALUE} if more.
     */
    long packetCount(int hostCount, int payloadBytes);

    /**
     * The collectives among the flows, one span per collective and iteration, in flow order; none for workloads
     * of independent flows.
     */
    default List<CollectiveSpan> collectives(int hostCount) {
        return List.of();
    }
}

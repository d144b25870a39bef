package io.fabricemu.scenario;

import java.util.List;

/** The traffic of a scenario: which host sends how many bytes to which, and when. */
public sealed interface WorkloadSpec permits Incast, Permutation, AllToAll, FlowList, Mix {

    /** The name used for this kind in scenario files, e.g. {@code all-to-all}. */
    String kind();

    /**
     * The flows, deterministic for {@code (hostCount, seed)} and in a fixed order.
     *
     * @throws IllegalArgumentException if a host the workload names is not in {@code 0..hostCount-1}, or the
     *                                  workload cannot be formed on that many hosts
     */
    List<FlowSpec> flows(int hostCount, long seed);
}

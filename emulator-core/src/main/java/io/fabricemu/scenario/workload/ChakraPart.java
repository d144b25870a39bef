package io.fabricemu.scenario.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Chakra trace of a workload, for its per-rank timeline: the workload itself when it is one, or the one part of
 * a {@link Mix} that is one. Its nodes' flows are indices in the trace's own list, which begins at
 * {@code firstFlow} of the workload's, and their collectives are named as the workload's results name them (in a
 * mix, after the part: {@code PART-c0-all-reduce}, or {@code PART} for a trace of one collective; see
 * {@link Mix#collectives}).
 *
 * @param hosts     the host each rank runs on
 * @param timeline  per rank, its nodes and the flows that time them
 * @param firstFlow where the trace's flows begin in the workload's list
 * @param flowCount how many flows the trace has
 */
public record ChakraPart(List<Integer> hosts, List<List<ChakraNodeFlows>> timeline, int firstFlow, int flowCount) {
    public ChakraPart {
        hosts = List.copyOf(hosts);
        timeline = List.copyOf(timeline);
    }

    /**
     * The Chakra trace of {@code workload}; none when it has none, or when it is a mix of several (their ranks would
     * share the one timeline the results have).
     */
    public static Optional<ChakraPart> of(WorkloadSpec workload, int hostCount) {
        if (workload instanceof Chakra chakra) {
            return Optional.of(new ChakraPart(chakra.hosts(), chakra.timeline(), 0,
                    Math.toIntExact(chakra.flowCount(hostCount))));
        }
        return workload instanceof Mix mix ? mix.chakraPart(hostCount) : Optional.empty();
    }

    /** {@code timeline} with every collective node's collective named {@code part} or {@code part-NAME}. */
    static List<List<ChakraNodeFlows>> renamed(List<List<ChakraNodeFlows>> timeline, String part, boolean named) {
        List<List<ChakraNodeFlows>> ranks = new ArrayList<>(timeline.size());
        for (List<ChakraNodeFlows> nodes : timeline) {
            List<ChakraNodeFlows> moved = new ArrayList<>(nodes.size());
            for (ChakraNodeFlows n : nodes) {
                moved.add(n.collective().isEmpty() ? n : new ChakraNodeFlows(n.id(), n.name(), n.kind(),
                        named ? part + "-" + n.collective() : part, n.deps(), n.durationPs(), n.startFlow(),
                        n.endFlows()));
            }
            ranks.add(moved);
        }
        return ranks;
    }
}

package io.fabricemu.scenario.workload;

import java.util.List;

/**
 * One node of one rank of a Chakra trace and the flows that time it, for the results to say when the rank ran it
 * (io.fabricemu.results.ChakraTimeline) from what the run recorded of those flows. A node starts once the nodes
 * it waits for ({@code deps}) have ended; a compute node ends {@code durationPs} later; a communication node starts
 * as its flow {@code startFlow} starts (not before its dependencies end) and ends when the last of
 * {@code endFlows} is received.
 *
 * @param id         the node's id in its rank's file
 * @param name       its name in the file, "" when it has none
 * @param kind       {@code compute}, {@code send}, {@code recv} or {@code collective}
 * @param collective a collective node's collective as the results name it (such as {@code c0-all-reduce}), else ""
 * @param deps       where the nodes it waits for are in its rank's list, each before it
 * @param durationPs a compute node's time, 0 for a communication node
 * @param startFlow  a send's flow, a receive's matched send, a collective's first send of the rank; -1 for compute
 * @param endFlows   a send's or receive's flow; what the rank received and sent in a collective's last step (as a
 *                   rank is done with it, see {@link ChakraCollective}); none for compute
 */
public record ChakraNodeFlows(long id, String name, String kind, String collective, List<Integer> deps,
                              long durationPs, int startFlow, List<Integer> endFlows) {
    public static final String COMPUTE = "compute";
    public static final String SEND = "send";
    public static final String RECV = "recv";
    public static final String COLLECTIVE = "collective";

    public ChakraNodeFlows {
        deps = List.copyOf(deps);
        endFlows = List.copyOf(endFlows);
    }
}

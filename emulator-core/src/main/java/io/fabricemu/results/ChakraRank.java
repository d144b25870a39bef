package io.fabricemu.results;

import java.util.List;

/**
 * One rank of a Chakra trace's iteration ({@link ChakraTimeline}): what it ran and where its time went. Times
 * are lengths of unions of the nodes' intervals, so that nodes running side by side count once.
 *
 * @param rank                   the rank, as its file's number
 * @param host                   its host
 * @param endPs                  when its last node ended, -1 if one did not
 * @param computePs              time from the iteration's start to {@code endPs} in which it ran a compute node
 * @param communicationPs        time in which it ran a communication node (send, receive, collective)
 * @param exposedCommunicationPs time from the iteration's start to {@code endPs} in which it computed nothing: the
 *                               communication its compute did not hide, and its waits for it; {@code endPs} less
 *                               {@code computePs}, -1 if it did not end
 * @param nodes                  its nodes by start time (then in a dependency order), those never started last
 */
public record ChakraRank(int rank, int host, long endPs, long computePs, long communicationPs,
                         long exposedCommunicationPs, List<ChakraNodeTime> nodes) {
    public ChakraRank {
        nodes = List.copyOf(nodes);
    }
}

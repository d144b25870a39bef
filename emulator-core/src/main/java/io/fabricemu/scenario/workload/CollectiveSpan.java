package io.fabricemu.scenario.workload;

import java.util.List;

/**
 * Which flows of a workload make up one iteration of one collective: flows {@code firstFlow..endFlow-1}, for the
 * results to give the iteration's completion time and bandwidths.
 *
 * @param name      the collective's name: its part's in a mix, else its kind
 * @param kind      all-reduce, all-gather, reduce-scatter or all-to-all
 * @param algorithm how its steps are scheduled, e.g. ring
 * @param ranks     the hosts of its ranks, in rank order
 * @param bytes     each rank's buffer, as NCCL counts it
 * @param iteration from 0
 * @param steps     steps per iteration; the iteration's flows go step by step, each rank with as many in each
 * @param firstFlow the iteration's first flow index
 * @param endFlow   one past its last
 */
public record CollectiveSpan(String name, String kind, String algorithm, List<Integer> ranks, long bytes,
                             int iteration, int steps, int firstFlow, int endFlow) {
    public CollectiveSpan {
        ranks = List.copyOf(ranks);
        if (firstFlow < 0 || endFlow <= firstFlow) {
            throw new IllegalArgumentException("flows " + firstFlow + ".." + endFlow + " are not a span");
        }
    }

    /** The same iteration, named {@code newName}, its flows {@code offset} further on in a longer list. */
    CollectiveSpan moved(String newName, int offset) {
        return new CollectiveSpan(newName, kind, algorithm, ranks, bytes, iteration, steps, firstFlow + offset,
                endFlow + offset);
    }

    /**
     * NCCL's bus bandwidth factor, as a fraction {numerator, denominator} of the algorithm bandwidth, from
     * nccl-tests' PERFORMANCE.md: all-reduce 2(n-1)/n; all-gather, reduce-scatter and all-to-all (n-1)/n.
     */
    public long[] busFactor() {
        long n = ranks.size();
        return kind.equals("all-reduce") ? new long[] {2 * (n - 1), n} : new long[] {n - 1, n};
    }
}

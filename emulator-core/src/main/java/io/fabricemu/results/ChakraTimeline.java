package io.fabricemu.results;

import io.fabricemu.scenario.workload.ChakraNodeFlows;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A Chakra trace's iteration as the run went: per rank, when it ran each node of its file, and how long the
 * iteration took. Nothing is simulated again: every time comes from the flows' recorded starts and finishes
 * ({@link FlowResult}) and the trace's compute times, node by node in a dependency order
 * ({@link ChakraNodeFlows}):
 * <ul>
 * <li>a node is ready when the last node it waits for has ended (at the iteration's start, 0, if it waits for
 *     none);</li>
 * <li>a compute node starts when ready and ends its {@code duration_micros} later;</li>
 * <li>a send starts as its flow starts and ends as it is received; a receive starts as the matched send's flow
 *     starts and ends as it is received, neither before the node is ready;</li>
 * <li>a collective starts as the rank's first send of it starts and ends once what the rank received and sent in
 *     the last step is received (docs/collectives.md, Chakra traces).</li>
 * </ul>
 * A flow waiting for a flow received at another host starts one notice's crossing of the fabric after it
 * ({@link io.fabricemu.host.StartDependencies}), so a collective may start a little after the compute before it
 * ends: the rank waits for the notice. The iteration runs from 0 to the last end of any node of any rank.
 *
 * @param iterationPs the iteration's time: the latest end of any node, -1 if some node did not end
 * @param ranks       every rank, in rank order; none when the workload is not a Chakra trace
 */
public record ChakraTimeline(long iterationPs, List<ChakraRank> ranks) {
    /** A run of no Chakra trace. */
    public static final ChakraTimeline NONE = new ChakraTimeline(-1, List.of());

    public ChakraTimeline {
        ranks = List.copyOf(ranks);
    }

    /** Whether the run had no Chakra trace. */
    public boolean absent() {
        return ranks.isEmpty();
    }

    /**
     * The timeline of the ranks whose hosts are {@code hosts} and whose nodes are {@code timeline}, from the
     * results of the run's flows {@code flows} (indexed by flow id).
     */
    public static ChakraTimeline of(List<Integer> hosts, List<List<ChakraNodeFlows>> timeline,
                                    List<FlowResult> flows) {
        List<ChakraRank> ranks = new ArrayList<>(hosts.size());
        long iterationPs = 0;
        for (int r = 0; r < hosts.size(); r++) {
            ChakraRank rank = rank(r, hosts.get(r), timeline.get(r), flows);
            ranks.add(rank);
            iterationPs = rank.endPs() < 0 || iterationPs < 0 ? -1 : Math.max(iterationPs, rank.endPs());
        }
        return new ChakraTimeline(iterationPs, ranks);
    }

    /** The mean of {@code figure} over the ranks, rounded down; -1 if a rank's is -1. */
    public long meanPs(java.util.function.ToLongFunction<ChakraRank> figure) {
        long sum = 0;
        for (ChakraRank r : ranks) {
            long v = figure.applyAsLong(r);
            if (v < 0) {
                return -1;
            }
            sum += v;
        }
        return ranks.isEmpty() ? -1 : sum / ranks.size();
    }

    private static ChakraRank rank(int rank, int host, List<ChakraNodeFlows> nodes, List<FlowResult> flows) {
        int n = nodes.size();
        long[] start = new long[n];
        long[] end = new long[n];
        List<long[]> compute = new ArrayList<>();
        List<long[]> communication = new ArrayList<>();
        long endPs = 0;
        for (int i = 0; i < n; i++) {
            ChakraNodeFlows node = nodes.get(i);
            long ready = 0;
            for (int d : node.deps()) {
                ready = later(ready, end[d]);
            }
            if (node.kind().equals(ChakraNodeFlows.COMPUTE)) {
                start[i] = ready;
                end[i] = ready < 0 ? -1 : ready + node.durationPs();
            } else {
                start[i] = later(ready, flows.get(node.startFlow()).startPs());
                end[i] = start[i];
                for (int f : node.endFlows()) {
                    end[i] = later(end[i], flows.get(f).finishPs());
                }
            }
            endPs = later(endPs, end[i]);
            if (end[i] >= 0) {
                (node.kind().equals(ChakraNodeFlows.COMPUTE) ? compute : communication).add(new long[] {start[i],
                    end[i]});
            }
        }
        List<Integer> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong(i -> start[i] < 0 ? Long.MAX_VALUE : start[i]));
        List<ChakraNodeTime> times = new ArrayList<>(n);
        for (int i : order) {
            ChakraNodeFlows node = nodes.get(i);
            times.add(new ChakraNodeTime(node.id(), node.name(), node.kind(), node.collective(), start[i], end[i]));
        }
        long computePs = unionPs(compute);
        return new ChakraRank(rank, host, endPs, computePs, unionPs(communication),
                endPs < 0 ? -1 : endPs - computePs, times);
    }

    /** The later of two times, -1 (never) if either is. */
    private static long later(long aPs, long bPs) {
        return aPs < 0 || bPs < 0 ? -1 : Math.max(aPs, bPs);
    }

    /** The length of the union of the intervals {start, end}. */
    static long unionPs(List<long[]> intervals) {
        List<long[]> sorted = new ArrayList<>(intervals);
        sorted.sort(Comparator.comparingLong(iv -> iv[0]));
        long total = 0;
        long from = -1;
        long to = -1;
        for (long[] iv : sorted) {
            if (iv[0] > to) {
                total += to - from;
                from = iv[0];
                to = iv[1];
            } else {
                to = Math.max(to, iv[1]);
            }
        }
        return total + (to - from);
    }
}

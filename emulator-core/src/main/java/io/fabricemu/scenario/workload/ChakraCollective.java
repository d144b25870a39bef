package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * One collective of a Chakra trace made flows: the steps of {@link Collective} (ring for all-reduce, all-gather
 * and reduce-scatter, pairwise for all-to-all; one chunk), each rank starting when its own collective node is
 * ready. {@link CollectiveSchedule} cannot be used as it is, as its ranks all start at one time: here a rank's
 * first send waits for that rank's dependencies ({@link ChakraReady}), a later send for what the rank received in
 * the step before (and, pairwise, sent), and queues behind the rank's send of the step before
 * ({@link FlowSpec#follows}), so that no send of a rank leaves before the rank is ready. A rank is done with the
 * collective when what it received and sent in the last step is received.
 */
final class ChakraCollective {
    private final Collective shape;

    /** {@code where}: the file and node, for a message. */
    ChakraCollective(String kind, long bytes, List<Integer> hosts, String where) {
        String algorithm = Collective.algorithms(kind).get(0);
        if (bytes < Collective.minBytes(hosts.size(), 1)) {
            throw new IllegalArgumentException(where + ": comm_size " + bytes + " is too few for " + hosts.size()
                    + " ranks: every step moves a slice of comm_size/" + hosts.size() + " B, at least 1");
        }
        this.shape = new Collective(kind, algorithm, hosts, bytes, 1, 1, 0, 0);
    }

    String algorithm() {
        return shape.algorithm();
    }

    int steps() {
        return shape.steps().size();
    }

    /**
     * What an expansion gives per rank: when the rank is done with the collective, its first send (a flow index)
     * and the flows it received and sent in the last step.
     */
    record Ranks(ChakraReady[] done, int[] firstSend, List<List<Integer>> last) {
    }

    /** Appends the flows to {@code flows}; returns when each rank is done with the collective. */
    Ranks expand(List<ChakraReady> ready, List<FlowSpec> flows) {
        int n = shape.ranks().size();
        List<List<Integer>> received = new ArrayList<>();
        List<List<Integer>> sent = new ArrayList<>();
        int[] lastSend = new int[n];
        int[] firstSend = new int[n];
        for (int r = 0; r < n; r++) {
            received.add(List.of());
            sent.add(List.of());
            lastSend[r] = -1;
        }
        boolean first = true;
        for (long[][] step : shape.steps()) {
            List<List<Integer>> nowReceived = lists(n);
            List<List<Integer>> nowSent = lists(n);
            for (long[] transfer : step) {
                int from = (int) transfer[0];
                int to = (int) transfer[1];
                ChakraReady after;
                if (first) {
                    after = ready.get(from);
                } else {
                    List<Integer> waits = new ArrayList<>(received.get(from));
                    if (shape.waitsForSends()) {
                        waits.addAll(sent.get(from));
                    }
                    after = ChakraReady.after(waits, 0);
                }
                flows.add(new FlowSpec(shape.ranks().get(from), shape.ranks().get(to), transfer[2], after.floorPs(),
                        "", after.flows(), after.gapPs(), lastSend[from]));
                int index = flows.size() - 1;
                if (lastSend[from] < 0) {
                    firstSend[from] = index;
                }
                lastSend[from] = index;
                nowSent.get(from).add(index);
                nowReceived.get(to).add(index);
            }
            received = nowReceived;
            sent = nowSent;
            first = false;
        }
        ChakraReady[] done = new ChakraReady[n];
        List<List<Integer>> lastFlows = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            List<Integer> last = new ArrayList<>(received.get(r));
            last.addAll(sent.get(r));
            done[r] = ChakraReady.after(last, ready.get(r).floorPs());
            lastFlows.add(List.copyOf(last));
        }
        return new Ranks(done, firstSend, lastFlows);
    }

    private static List<List<Integer>> lists(int n) {
        List<List<Integer>> lists = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }
}

package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that the dependencies of a list of flows ({@link FlowSpec#after}) can all be met: every index names a
 * flow of the list, no flow waits for itself, and no chain of waits comes back to where it started (a cycle would
 * leave its flows waiting forever). The check is Kahn's topological sort, linear in flows and dependencies.
 */
public final class FlowDependencies {
    private FlowDependencies() {
    }

    /**
     * @throws IllegalArgumentException naming the first flow, in list order, with an unknown or self dependency,
     *                                  or the flows of a cycle
     */
    public static void check(List<FlowSpec> flows) {
        int n = flows.size();
        boolean[] followed = new boolean[n];
        for (int i = 0; i < n; i++) {
            FlowSpec f = flows.get(i);
            for (int k = 0; k < f.dependencyCount(); k++) {
                int d = f.dependency(k);
                if (d >= n) {
                    throw new IllegalArgumentException("flow " + i + " waits for flow " + d + ", which does not"
                            + " exist: the flows are 0.." + (n - 1));
                }
                if (d == i) {
                    throw new IllegalArgumentException("flow " + i + " waits for itself");
                }
            }
            int q = f.follows();
            if (q >= n || q == i || (q >= 0 && flows.get(q).src() != f.src())) {
                throw new IllegalArgumentException("flow " + i + " queues behind flow " + q + ", which is not"
                        + " another flow of its source host " + f.src());
            }
            if (q >= 0 && followed[q]) {
                throw new IllegalArgumentException("flow " + i + " queues behind flow " + q + ", which another flow"
                        + " already queues behind");
            }
            if (q >= 0) {
                followed[q] = true;
            }
        }
        List<Integer> cycle = cycle(flows);
        if (!cycle.isEmpty()) {
            throw new IllegalArgumentException("flows " + cycle + " wait for each other in a cycle");
        }
    }

    /**
     * A cycle of waits among {@code flows}, whose indices must all exist, starting at its lowest index, each
     * flow followed by one it waits for (or queues behind); empty if there is none.
     */
    static List<Integer> cycle(List<FlowSpec> flows) {
        int n = flows.size();
        int[] waiting = new int[n];
        int[] firstDependent = new int[n + 1];
        for (FlowSpec f : flows) {
            for (int k = 0; k < waits(f); k++) {
                firstDependent[waitedFor(f, k) + 1]++;
            }
        }
        for (int i = 0; i < n; i++) {
            firstDependent[i + 1] += firstDependent[i];
            waiting[i] = waits(flows.get(i));
        }
        int[] dependents = new int[firstDependent[n]];
        int[] fill = firstDependent.clone();
        for (int i = 0; i < n; i++) {
            FlowSpec f = flows.get(i);
            for (int k = 0; k < waits(f); k++) {
                dependents[fill[waitedFor(f, k)]++] = i;
            }
        }
        int[] ready = new int[n];
        int head = 0;
        int tail = 0;
        for (int i = 0; i < n; i++) {
            if (waiting[i] == 0) {
                ready[tail++] = i;
            }
        }
        while (head < tail) {
            int d = ready[head++];
            for (int e = firstDependent[d]; e < firstDependent[d + 1]; e++) {
                if (--waiting[dependents[e]] == 0) {
                    ready[tail++] = dependents[e];
                }
            }
        }
        if (tail == n) {
            return List.of();
        }
        // Every flow left waits for at least one other flow left: walking from one to such a flow must come back
        // to a flow already walked through, and from there on the walk is a cycle.
        int start = 0;
        while (waiting[start] == 0) {
            start++;
        }
        int[] seenAt = new int[n];
        java.util.Arrays.fill(seenAt, -1);
        List<Integer> walk = new ArrayList<>();
        int at = start;
        while (seenAt[at] < 0) {
            seenAt[at] = walk.size();
            walk.add(at);
            FlowSpec f = flows.get(at);
            int next = -1;
            for (int k = 0; k < waits(f) && next < 0; k++) {
                if (waiting[waitedFor(f, k)] > 0) {
                    next = waitedFor(f, k);
                }
            }
            at = next;
        }
        List<Integer> loop = new ArrayList<>(walk.subList(seenAt[at], walk.size()));
        int lowest = 0;
        for (int i = 1; i < loop.size(); i++) {
            if (loop.get(i) < loop.get(lowest)) {
                lowest = i;
            }
        }
        java.util.Collections.rotate(loop, -lowest);
        return List.copyOf(loop);
    }

    /** How many flows {@code f} waits for or queues behind. */
    private static int waits(FlowSpec f) {
        return f.dependencyCount() + (f.follows() >= 0 ? 1 : 0);
    }

    /** The {@code k}-th of them: its dependencies, then the flow it follows. */
    private static int waitedFor(FlowSpec f, int k) {
        return k < f.dependencyCount() ? f.dependency(k) : f.follows();
    }
}

package io.fabricemu.trace;

import io.fabricemu.net.Packet;
import java.util.Arrays;
import java.util.List;

/**
 * Which packets a trace keeps: those of the chosen flows (by id, source host or destination host) transmitted by
 * the chosen ports (by name, as in ports.csv, or every port of a switch or host named) in a span of virtual time.
 * A null list chooses every flow, host or port. PFC frames belong to no flow: a trace keeps them only when it
 * keeps every flow.
 *
 * @param flows        flow ids, sorted, or null for every flow
 * @param sources      source hosts, sorted, or null for every one
 * @param destinations destination hosts, sorted, or null for every one
 * @param ports        port, switch or host names, or null for every port
 * @param fromPs       the first time kept (a frame whose first bit leaves at or after it)
 * @param toPs         the end of the span, not kept ({@link Long#MAX_VALUE}: to the end of the run)
 */
public record TraceSelection(int[] flows, int[] sources, int[] destinations, List<String> ports, long fromPs,
                             long toPs) {
    /** Every packet every port transmits. */
    public static final TraceSelection ALL = new TraceSelection(null, null, null, null, 0, Long.MAX_VALUE);

    public TraceSelection {
        flows = sorted(flows);
        sources = sorted(sources);
        destinations = sorted(destinations);
        ports = ports == null ? null : List.copyOf(ports);
        if (fromPs < 0 || toPs <= fromPs) {
            throw new IllegalArgumentException("the span must start at 0 or later and end after it starts: from "
                    + fromPs + " ps, to " + toPs + " ps");
        }
    }

    /** Whether {@code p}'s flow, source and destination are chosen. */
    boolean covers(Packet p) {
        return has(flows, p.flowId()) && has(sources, p.src()) && has(destinations, p.dst());
    }

    /** Whether every flow is chosen, so frames of none (PFC) are kept too. */
    boolean everyFlow() {
        return flows == null && sources == null && destinations == null;
    }

    /** Whether it keeps every frame: every flow, every port, the whole run. */
    public boolean everything() {
        return everyFlow() && ports == null && fromPs == 0 && toPs == Long.MAX_VALUE;
    }

    boolean inSpan(long firstBitPs) {
        return firstBitPs >= fromPs && firstBitPs < toPs;
    }

    private static boolean has(int[] chosen, int value) {
        return chosen == null || Arrays.binarySearch(chosen, value) >= 0;
    }

    private static int[] sorted(int[] values) {
        if (values == null) {
            return null;
        }
        int[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TraceSelection s && Arrays.equals(flows, s.flows) && Arrays.equals(sources, s.sources)
                && Arrays.equals(destinations, s.destinations) && java.util.Objects.equals(ports, s.ports)
                && fromPs == s.fromPs && toPs == s.toPs;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(Arrays.hashCode(flows), Arrays.hashCode(sources), Arrays.hashCode(destinations),
                ports, fromPs, toPs);
    }

    @Override
    public String toString() {
        return "TraceSelection[flows=" + Arrays.toString(flows) + ", sources=" + Arrays.toString(sources)
                + ", destinations=" + Arrays.toString(destinations) + ", ports=" + ports + ", from=" + fromPs
                + " ps, to=" + toPs + " ps]";
    }
}

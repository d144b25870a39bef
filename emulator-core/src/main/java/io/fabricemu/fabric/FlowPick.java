package io.fabricemu.fabric;

import java.util.BitSet;
import java.util.List;

/**
 * Which flows a run records one by one, as a scenario's {@code sampling.flows} chooses them: a flow is kept when any
 * of the selectors takes it. Selectors name flows by id ({@code 7}), by a range of ids ({@code 10-20}), by the group
 * of a {@code mix} part ({@code group=incast}), or by their source or destination host or range of hosts
 * ({@code src=0-7}, {@code dst=15}). No selector: the engine's even spread over the flow ids.
 *
 * @param selectors the selectors, in the order written
 */
public record FlowPick(List<Selector> selectors) {
    /** Nothing chosen: the even spread. */
    public static final FlowPick SPREAD = new FlowPick(List.of());

    public FlowPick {
        selectors = List.copyOf(selectors);
    }

    /** One way of naming flows. */
    public sealed interface Selector permits Ids, Group, Source, Destination {
        boolean takes(int id, FlowSpec flow);
    }

    /** Flow ids {@code from..to}, both included. */
    public record Ids(int from, int to) implements Selector {
        @Override
        public boolean takes(int id, FlowSpec flow) {
            return id >= from && id <= to;
        }
    }

    /** The flows of one {@code mix} part. */
    public record Group(String name) implements Selector {
        @Override
        public boolean takes(int id, FlowSpec flow) {
            return flow.group().equals(name);
        }
    }

    /** The flows from hosts {@code from..to}. */
    public record Source(int from, int to) implements Selector {
        @Override
        public boolean takes(int id, FlowSpec flow) {
            return flow.src() >= from && flow.src() <= to;
        }
    }

    /** The flows to hosts {@code from..to}. */
    public record Destination(int from, int to) implements Selector {
        @Override
        public boolean takes(int id, FlowSpec flow) {
            return flow.dst() >= from && flow.dst() <= to;
        }
    }

    /** Whether the scenario chose (else the spread). */
    public boolean chosen() {
        return !selectors.isEmpty();
    }

    /** The ids of the flows of {@code flows} that a selector takes, ascending. */
    public int[] ids(List<FlowSpec> flows) {
        BitSet taken = new BitSet(flows.size());
        for (int id = 0; id < flows.size(); id++) {
            for (Selector s : selectors) {
                if (s.takes(id, flows.get(id))) {
                    taken.set(id);
                    break;
                }
            }
        }
        return taken.stream().toArray();
    }
}

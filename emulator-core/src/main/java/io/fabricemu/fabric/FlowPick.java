package io.fabricemu.fabric;

import java.util.BitSet;
import java.util.List;

/**
 * Which flows a run records one by one, as a scenario's {@code sampling.flows} chooses them: a flow is kept when any
 * of the selectors takes it. Selectors name flows by id ({@code 7}), by a range of ids ({@code 10-20}), by the group
 * of a {@code mix} part ({@code group=incast}), by the collective they carry ({@code collective=ring}: every iteration
 * of the collective of that name), or by their source or destination host or range of hosts ({@code src=0-7},
 * {@code dst=15}). No selector: the engine's even spread over the flow ids.
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
    public sealed interface Selector permits Ids, Group, Collective, Source, Destination {
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

    /**
     * The flows of every iteration of the collective called {@code name} (its mix part's name, else its kind, as
     * {@code collectives.csv} names it): those whose ids fall in one of {@code spans}, the {@code [first, end)} flow
     * ranges of its iterations, filled in when the workload's collectives are known ({@link #withCollectives}).
     */
    public record Collective(String name, List<int[]> spans) implements Selector {
        public Collective {
            spans = List.copyOf(spans);
        }

        /** Before the workload's collectives are known. */
        public Collective(String name) {
            this(name, List.of());
        }

        @Override
        public boolean takes(int id, FlowSpec flow) {
            for (int[] span : spans) {
                if (id >= span[0] && id < span[1]) {
                    return true;
                }
            }
            return false;
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

    /**
     * This choice with every {@link Collective} selector's flows filled in from the workload's collectives:
     * {@code names[i]} of the iteration whose flows are {@code first[i]..end[i] - 1}.
     *
     * @throws IllegalArgumentException a selector names no collective of the workload
     */
    public FlowPick withCollectives(List<String> names, int[] first, int[] end) {
        List<Selector> filled = new java.util.ArrayList<>(selectors.size());
        for (Selector s : selectors) {
            if (s instanceof Collective c) {
                List<int[]> spans = new java.util.ArrayList<>();
                for (int i = 0; i < names.size(); i++) {
                    if (names.get(i).equals(c.name())) {
                        spans.add(new int[] {first[i], end[i]});
                    }
                }
                if (spans.isEmpty()) {
                    throw new IllegalArgumentException("sampling.flows: collective=" + c.name() + " names no"
                            + " collective of the workload; its collectives are "
                            + (names.isEmpty() ? "none" : String.join(", ", new java.util.LinkedHashSet<>(names))));
                }
                filled.add(new Collective(c.name(), spans));
            } else {
                filled.add(s);
            }
        }
        return new FlowPick(filled);
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

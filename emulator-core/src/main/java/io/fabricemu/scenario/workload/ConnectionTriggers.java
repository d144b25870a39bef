package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.workload.ConnectionMatrix.Connection;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The triggers of a connection matrix as waits between flows ({@link FlowSpec#after}). In the reference simulator
 * (htsim's {@code trigger.cpp}) a flow's {@code send_done_trigger K} or {@code recv_done_trigger K} activates trigger
 * K when the flow is done, and the flows with {@code trigger K} are its targets: a {@code oneshot}
 * ({@code SingleShotTrigger}) starts all its targets at its one activation (a second one fails its assertion), a
 * {@code barrier} ({@code BarrierTrigger}) starts them at its {@code count}-th activation, and a {@code multishot}
 * ({@code MultiShotTrigger::activate}) starts one target per activation, the next in the order the targets were
 * listed, and ignores activations once every target started.
 *
 * <p>So a target waits for every flow that activates a oneshot, or a barrier activated exactly {@code count} times;
 * the k-th target of a multishot waits for any k of the flows that activate it ({@link FlowSpec#afterNeeded}): it
 * starts when the k-th of them finishes, whichever that is. A trigger whose targets would never all start (a
 * multishot activated fewer times than it has targets, a barrier activated fewer than {@code count} times) or
 * whose start would depend on which flows finish first (a barrier activated more often) is refused at the
 * trigger's line, as is a trigger a flow names but no line defines. Both {@code send_done_trigger} and
 * {@code recv_done_trigger} become the same wait: fabric-emu starts a waiting flow when its source learns that the
 * flow waited for was fully received (see {@link FlowSpec}), which for a flow of the same source is about when the
 * reference's sender sees its last acknowledgement.
 */
final class ConnectionTriggers {
    private record Definition(String type, int count, int line) {
    }

    private final String display;
    /** By trigger id, in id order so that the first error found does not depend on hashing. */
    private final Map<Long, Definition> defined = new TreeMap<>();
    private final Map<Long, List<Integer>> activators = new TreeMap<>();
    private final Map<Long, List<Integer>> targets = new TreeMap<>();
    /** The line that first names each trigger, for one named and never defined. */
    private final Map<Long, Integer> firstNamed = new HashMap<>();
    private final Map<Long, Integer> indexOfId = new HashMap<>();
    /** Each connection's line, by its index. */
    private final List<Integer> lines = new ArrayList<>();

    ConnectionTriggers(String display) {
        this.display = display;
    }

    void add(Connection c, int index) throws ScenarioException {
        if (c.id() != 0) {
            Integer earlier = indexOfId.putIfAbsent(c.id(), index);
            if (earlier != null) {
                throw new ScenarioException(display, Origin.ofLine(c.line()), "id", "id " + c.id() + " is also the"
                        + " id of the connection on line " + lineOf(earlier) + "; give each connection its own id");
            }
        }
        lines.add(c.line());
        name(c.trigger(), targets, index, c.line());
        name(c.sendDone(), activators, index, c.line());
        name(c.recvDone(), activators, index, c.line());
    }

    private int lineOf(int index) {
        return lines.get(index);
    }

    private void name(long trigger, Map<Long, List<Integer>> role, int index, int line) {
        if (trigger != 0) {
            role.computeIfAbsent(trigger, k -> new ArrayList<>()).add(index);
            firstNamed.putIfAbsent(trigger, line);
        }
    }

    void define(long id, String type, int count, int line) throws ScenarioException {
        Definition earlier = defined.putIfAbsent(id, new Definition(type, count, line));
        if (earlier != null) {
            throw new ScenarioException(display, Origin.ofLine(line), "id", "trigger " + id + " is also defined on"
                    + " line " + earlier.line() + "; define each trigger once");
        }
    }

    /** The connections as flows, each waiting for the flows that activate the trigger it names. */
    List<FlowSpec> flows(List<Connection> connections) throws ScenarioException {
        for (Map.Entry<Long, Integer> named : new TreeMap<>(firstNamed).entrySet()) {
            if (!defined.containsKey(named.getKey())) {
                throw new ScenarioException(display, Origin.ofLine(named.getValue()), "", "trigger " + named.getKey()
                        + " is named here but no line defines it; add 'trigger id " + named.getKey() + " oneshot'"
                        + " (or multishot, or barrier count N)");
            }
        }
        Map<Long, int[]> waits = new HashMap<>();
        for (Map.Entry<Long, Definition> e : defined.entrySet()) {
            waits.put(e.getKey(), waitsOf(e.getKey(), e.getValue()));
        }
        /* The k-th target of a multishot (from 1, in file order: the order main_uec.cpp calls add_target) starts at
           its k-th activation, whichever flow makes it. */
        Map<Long, Integer> targetsSoFar = new HashMap<>();
        List<FlowSpec> flows = new ArrayList<>(connections.size());
        for (Connection c : connections) {
            int[] after = c.trigger() == 0 ? new int[0] : waits.get(c.trigger());
            int needed = after.length;
            if (c.trigger() != 0 && defined.get(c.trigger()).type().equals("multishot")) {
                needed = targetsSoFar.merge(c.trigger(), 1, Integer::sum);
            }
            flows.add(new FlowSpec(c.src(), c.dst(), c.bytes(), c.startPs(), "", after, 0, -1, -1, -1, needed));
        }
        List<Integer> cycle = FlowDependencies.cycle(flows);
        if (!cycle.isEmpty()) {
            List<Integer> cycleLines = new ArrayList<>();
            for (int index : cycle) {
                cycleLines.add(lineOf(index));
            }
            String shown = cycleLines.toString().replaceAll("[\\[\\]]", "");
            throw new ScenarioException(display, Origin.ofLine(cycleLines.get(0)), "trigger", "the connections on"
                    + " lines " + shown + " wait for each other through their triggers, a cycle: none of them would"
                    + " ever start");
        }
        return flows;
    }

    /** The flows a target of trigger {@code id} waits for, in file order, each once. */
    private int[] waitsOf(long id, Definition d) throws ScenarioException {
        List<Integer> by = activators.getOrDefault(id, List.of());
        List<Integer> waiting = targets.getOrDefault(id, List.of());
        if (waiting.isEmpty()) {
            if (by.isEmpty() || d.type().equals("multishot")) {
                return new int[0];
            }
            throw error(d, "trigger " + id + " is set off (on line " + lineOf(by.get(0)) + ") but no connection"
                    + " waits for it (trigger " + id + "); the reference stops there");
        }
        if (by.isEmpty()) {
            throw error(d, "no connection sets off trigger " + id + " (send_done_trigger " + id + " or"
                    + " recv_done_trigger " + id + "), so the connection on line " + lineOf(waiting.get(0))
                    + " would never start");
        }
        switch (d.type()) {
            case "oneshot" -> {
                if (by.size() > 1) {
                    throw error(d, "oneshot trigger " + id + " is set off " + times(by.size()) + " ("
                            + linesOf(by) + "); a oneshot fires once and the reference stops at a second"
                            + " activation: to wait for all of them, make it 'barrier count " + by.size() + "'");
                }
            }
            case "barrier" -> {
                if (by.size() != d.count()) {
                    throw error(d, "barrier " + id + " fires after " + d.count() + " activations, but it is set"
                            + " off " + times(by.size()) + " (" + linesOf(by) + "): " + (by.size() < d.count()
                            ? "it would never fire" : "which flows fire it would depend on which finish first")
                            + "; make its count " + by.size());
                }
            }
            default -> {
                List<Integer> twice = new ArrayList<>(by);
                for (int flow : by.stream().distinct().toList()) {
                    twice.remove(Integer.valueOf(flow));
                }
                if (!twice.isEmpty()) {
                    throw error(d, "the connection on line " + lineOf(twice.get(0)) + " sets off multishot trigger "
                            + id + " twice (send_done_trigger and recv_done_trigger), which the reference counts as"
                            + " two activations at two times and fabric-emu would count as one; set it off once");
                }
                if (waiting.size() > by.size()) {
                    throw error(d, "multishot trigger " + id + " starts one waiting connection per activation, and"
                            + " it is set off " + times(by.size()) + " (" + linesOf(by) + ") with "
                            + waiting.size() + " connections waiting: the one on line "
                            + lineOf(waiting.get(by.size())) + " would never start; set it off as many times as"
                            + " connections wait for it");
                }
            }
        }
        return by.stream().distinct().mapToInt(Integer::intValue).toArray();
    }

    private static String times(int n) {
        return n == 1 ? "once" : n + " times";
    }

    private String linesOf(List<Integer> indices) {
        List<Integer> shown = new ArrayList<>();
        for (int k = 0; k < indices.size() && k < 10; k++) {
            shown.add(lineOf(indices.get(k)));
        }
        return (indices.size() == 1 ? "line " : "lines ") + shown.toString().replaceAll("[\\[\\]]", "")
                + (indices.size() > 10 ? ", ..." : "");
    }

    private ScenarioException error(Definition d, String message) {
        return new ScenarioException(display, Origin.ofLine(d.line()), "", message);
    }
}

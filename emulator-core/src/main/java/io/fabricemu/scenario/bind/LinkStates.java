package io.fabricemu.scenario.bind;

import io.fabricemu.fault.Fault;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.LinkState;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the {@code faults} list as a whole: {@code state: up} brings back a link direction that is down, so on
 * one that is up at its time it is a mistake (an {@code up} listed for a {@code down} that comes later, or on the
 * wrong link). Every direction starts up; the faults are taken in time order, those at the same time in list
 * order; {@code state: down} takes a direction down, {@code state: up} brings it up, and a flap leaves it up
 * (after its last period).
 */
final class LinkStates {
    private LinkStates() {
    }

    /** One error for each {@code up} on a direction that is not down, at the entry's {@code state}. */
    static List<ScenarioException> errors(List<Fault> faults, List<Section> entries, Topology topology) {
        List<Fault> byTime = new ArrayList<>(faults);
        byTime.sort(Comparator.comparingLong(Fault::atPs)); // stable: list order at the same time
        BitSet down = new BitSet();
        Map<Integer, Integer> leftUpBy = new HashMap<>(); // direction -> the fault that last left it up
        List<ScenarioException> errors = new ArrayList<>();
        for (Fault fault : byTime) {
            boolean takesDown = fault.action() instanceof LinkState state && state.down();
            boolean bringsUp = fault.action() instanceof LinkState state && !state.down();
            if (!takesDown && !bringsUp && !(fault.action() instanceof Flap)) {
                continue;
            }
            List<Integer> upAlready = new ArrayList<>();
            Integer cause = null;
            for (int i = 0; i < fault.directionCount(); i++) {
                int direction = fault.direction(i);
                if (takesDown) {
                    down.set(direction);
                    continue;
                }
                if (bringsUp && !down.get(direction)) {
                    cause = upAlready.isEmpty() ? leftUpBy.get(direction) : cause;
                    upAlready.add(direction);
                }
                down.clear(direction);
                leftUpBy.put(direction, fault.index());
            }
            if (!upAlready.isEmpty()) {
                errors.add(entries.get(fault.index()).error("state", describe(upAlready, topology) + " is not down at "
                        + FaultActions.time(fault.atPs()) + " (" + why(cause, faults)
                        + "): state: up brings back a link that state: down took down; take it down first (at an"
                        + " earlier time, or earlier in the list at the same time), or leave this entry out"));
            }
        }
        return errors;
    }

    /** Why a direction is up: nothing took it down, or an earlier fault left it up. */
    private static String why(Integer cause, List<Fault> faults) {
        if (cause == null) {
            return "no earlier fault takes it down";
        }
        return "faults[" + cause + "] at " + FaultActions.time(faults.get(cause).atPs()) + " left it up";
    }

    /** E.g. {@code agg0.0 <-> core0}, {@code core0 -> agg0.0 and 3 more links}. */
    private static String describe(List<Integer> directions, Topology topology) {
        int first = directions.get(0);
        Cable cable = topology.cable(first / 2);
        String a = topology.name(cable.nodeA());
        String b = topology.name(cable.nodeB());
        String link = directions.contains(first ^ 1) ? a + " <-> " + b
                : first % 2 == 0 ? a + " -> " + b : b + " -> " + a;
        BitSet cables = new BitSet();
        directions.forEach(d -> cables.set(d / 2));
        int more = cables.cardinality() - 1;
        return more == 0 ? link : link + " (and " + more + " more link" + (more == 1 ? "" : "s") + ")";
    }
}

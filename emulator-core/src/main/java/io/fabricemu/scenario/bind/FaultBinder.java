package io.fabricemu.scenario.bind;

import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.LinkState;
import io.fabricemu.scenario.bind.FaultActions.Action;
import io.fabricemu.scenario.bind.FaultTargets.Target;
import io.fabricemu.scenario.workload.MatrixFailure;
import io.fabricemu.scenario.yaml.ErrorList;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds the optional {@code faults} list into a {@link FaultPlan}, on the built topology, whose names the targets
 * use:
 * <pre>
 * faults:
 *   - {at: 100us, link: "agg0.0 &lt;-&gt; core0", state: down}
 *   - {at: 10us, link: "agg0.0 -&gt; core0", rate: 25Gbps}
 *   - {at: 0ns, links: {tier: core, count: 8, seed: 3}, loss: {rate: 0.1%, burst: 10}}
 * </pre>
 * Each entry has a time {@code at} (before stop), one target ({@link FaultTargets}) and one action
 * ({@link FaultActions}). Every entry is bound as a part of its own, and its time, target and action each on
 * their own, so that every error of the list is found; then the list is checked as a whole ({@link LinkStates}).
 */
public final class FaultBinder {
    static final String EXAMPLE = "a list of faults such as [{at: 10us, link: \"leaf0 <-> spine0\", state: down}]";

    private FaultBinder() {
    }

    /**
     * The faults {@code faults} (the section's value) lists, on {@code topology}, each before {@code stopPs}
     * ({@link Long#MAX_VALUE} when the stop time is in error); null after recording its errors in {@code errors}.
     */
    public static FaultPlan bind(Field faults, Topology topology, long stopPs, ErrorList errors) {
        return bind(faults, List.of(), topology, stopPs, errors);
    }

    /**
     * As {@link #bind(Field, Topology, long, ErrorList)}, {@code faults} null when the scenario has none, followed
     * by the links {@code failed} from the start by the workload's connection matrices, each as the entry
     * {@code {at: 0us, link: LINK, state: down}} would be, in the order read.
     */
    public static FaultPlan bind(Field faults, List<MatrixFailure> failed, Topology topology, long stopPs,
                                 ErrorList errors) {
        List<Field> items = faults == null ? List.of() : errors.attempt(() -> faults.asList(EXAMPLE));
        if (items == null) {
            return null;
        }
        FaultTargets targets = new FaultTargets(topology);
        List<Fault> bound = new ArrayList<>(items.size());
        List<Section> entries = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Section entry = errors.attempt(items.get(i)::asSection);
            Fault fault = entry == null ? null : entry(entry, i, targets, stopPs, errors);
            if (fault != null && bound.size() == i) {
                bound.add(fault);
                entries.add(entry);
            }
        }
        Action down = new Action(new LinkState(true), "down");
        for (MatrixFailure failure : failed) {
            Target target = errors.attempt(() -> targets.link(failure));
            if (target != null && bound.size() == entries.size() && bound.size() >= items.size()) {
                bound.add(new Fault(bound.size(), label(target, down, 0), 0, down.action(), target.directions()));
                entries.add(null); // never an up, so LinkStates reports nothing at it
            }
        }
        if (bound.size() < items.size() + failed.size()) {
            return null;
        }
        boolean consistent = true;
        for (ScenarioException e : LinkStates.errors(bound, entries, topology)) {
            consistent &= errors.check(() -> {
                throw e;
            });
        }
        return consistent ? new FaultPlan(bound) : null;
    }

    /** One entry, its index {@code index}; null after recording its errors. */
    private static Fault entry(Section entry, int index, FaultTargets targets, long stopPs, ErrorList errors) {
        entry.declare("at");
        entry.declare(FaultTargets.KEYS.toArray(String[]::new));
        entry.declare(FaultActions.KEYS.toArray(String[]::new));
        boolean knownFields = errors.check(entry::rejectUnknownFields);
        Long atPs = errors.attempt(() -> at(entry, stopPs));
        Target target = errors.attempt(() -> targets.bind(entry, knownFields));
        Action action = errors.attempt(() -> FaultActions.bind(entry, atPs == null ? -1 : atPs, stopPs,
                knownFields));
        if (!knownFields || atPs == null || target == null || action == null) {
            return null;
        }
        return new Fault(index, label(target, action, atPs), atPs, action.action(), target.directions());
    }

    private static long at(Section entry, long stopPs) throws ScenarioException {
        long atPs = entry.requiredTimePs("at", 0, Limits.MAX_TIME_PS);
        if (atPs >= stopPs) {
            throw entry.error("at", "'" + entry.optional("at").text() + "' is at or after stop ("
                    + Units.formatTimePs(stopPs) + "): the run ends before this happens; give a time before stop,"
                    + " or raise stop");
        }
        return atPs;
    }

    /**
     * E.g. {@code agg0.0 <-> core0 down at 100us}, {@code 8 core links (seed 3) at 25Gbps from 0ns},
     * {@code h5 <-> leaf0 flap every 100us (20us down) from 50us until 1ms}.
     */
    static String label(Target target, Action action, long atPs) {
        String when = action.action() instanceof LinkState ? " at " + FaultActions.time(atPs)
                : " from " + FaultActions.time(atPs);
        String until = action.action() instanceof Flap flap ? " until " + FaultActions.time(flap.untilPs()) : "";
        return target.label() + " " + action.what() + when + until;
    }
}

package io.fabricemu.fault;

import java.util.List;

/**
 * Every fault of a run, in the order the scenario lists them ({@code faults.get(i).index() == i}); the fabric
 * turns them into each link's timeline before the run starts, so no element learns of a fault by a message.
 */
public record FaultPlan(List<Fault> faults) {
    /** A healthy fabric. */
    public static final FaultPlan NONE = new FaultPlan(List.of());

    public FaultPlan {
        faults = List.copyOf(faults);
        for (int i = 0; i < faults.size(); i++) {
            if (faults.get(i).index() != i) {
                throw new IllegalArgumentException("fault " + i + " has index " + faults.get(i).index());
            }
        }
    }

    public boolean isEmpty() {
        return faults.isEmpty();
    }
}

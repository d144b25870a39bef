package io.fabricemu.fault;

import java.util.Arrays;
import java.util.Objects;

/**
 * One entry of a scenario's {@code faults} list, its targets resolved to link directions.
 *
 * <p>A link direction is numbered {@code 2 * cable + d}: {@code d = 0} carries packets from the cable's end A
 * (the end nearer the hosts) to its end B, {@code d = 1} back. A fault on a switch names every direction of every
 * cable at the switch; one on a NIC both directions of the host's cable.
 *
 * @param index      its position in the list, from 0: how results name it
 * @param label      what it is, as results print it (e.g. {@code agg0.0 <-> core0 down at 100us})
 * @param atPs       when it happens, &gt;= 0
 * @param action     what it does
 * @param directions the link directions it acts on, ascending, none twice, at least one
 */
public record Fault(int index, String label, long atPs, FaultAction action, int[] directions) {
    public Fault {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(action, "action");
        if (index < 0 || atPs < 0) {
            throw new IllegalArgumentException("index and atPs must be >= 0, were " + index + " and " + atPs);
        }
        directions = directions.clone();
        if (directions.length == 0) {
            throw new IllegalArgumentException("a fault acts on at least one link direction");
        }
        for (int i = 0; i < directions.length; i++) {
            if (directions[i] < 0 || (i > 0 && directions[i] <= directions[i - 1])) {
                throw new IllegalArgumentException("directions must be ascending and >= 0: "
                        + Arrays.toString(directions));
            }
        }
        if (action instanceof Flap f && f.untilPs() <= atPs) {
            throw new IllegalArgumentException("a flap must end after it starts");
        }
    }

    /** The link directions it acts on (a copy). */
    @Override
    public int[] directions() {
        return directions.clone();
    }

    /** How many link directions it acts on. */
    public int directionCount() {
        return directions.length;
    }

    /** The {@code i}-th link direction it acts on. */
    public int direction(int i) {
        return directions[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fault f && f.index == index && f.atPs == atPs && f.label.equals(label)
                && f.action.equals(action) && Arrays.equals(f.directions, directions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, atPs, label, action, Arrays.hashCode(directions));
    }

    @Override
    public String toString() {
        return "Fault[" + index + ": " + label + "]";
    }
}

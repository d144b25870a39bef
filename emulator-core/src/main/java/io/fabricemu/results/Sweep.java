package io.fabricemu.results;

import io.fabricemu.report.Quantity;
import java.util.List;
import java.util.Objects;

/**
 * A comparison that ran one scenario at each value of one field ({@code compare --sweep FIELD=V1,V2,...}): the
 * field, its values as given (the runs' labels, in run order) and, when every value is a quantity of one kind
 * (sizes, times, rates or plain numbers), each value on that axis, so the report can plot each figure against it.
 *
 * @param field    the scenario field swept, e.g. {@code switch.queue}
 * @param values   the values as given, one per run
 * @param x        each value in raw units (bytes, ps, b/s or the number itself); empty when not all are numbers
 * @param quantity what {@code x} measures; null when {@code x} is empty
 */
public record Sweep(String field, List<String> values, double[] x, Quantity quantity) {
    public Sweep {
        Objects.requireNonNull(field, "field");
        values = List.copyOf(values);
        if (x.length != 0 && (x.length != values.size() || quantity == null)) {
            throw new IllegalArgumentException(x.length + " positions for " + values.size() + " values, quantity "
                    + quantity);
        }
    }

    /** Whether every value has a position on a numeric axis. */
    public boolean numeric() {
        return x.length > 0;
    }

    /** The runs' indexes in order of their values on the axis (run order among equal values). */
    public int[] byPosition() {
        Integer[] order = new Integer[x.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(x[a], x[b]));
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }
}

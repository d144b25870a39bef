package io.fabricemu.results;

import java.util.Objects;

/**
 * A comparison that ran one scenario over a grid of two fields ({@code compare --sweep A=... --sweep B=...}, or
 * {@code --cc ... --sweep A=...} with the congestion control as B): every value of {@code across} for each value of
 * {@code lines}, the runs in that order (B outer, A inner). The report plots each figure against A's values, one
 * line per value of B.
 *
 * @param across the field on the x axis, its values and their positions
 * @param lines  the field that makes the lines; its positions are not used
 */
public record SweepGrid(Sweep across, Sweep lines) {
    public SweepGrid {
        Objects.requireNonNull(across, "across");
        Objects.requireNonNull(lines, "lines");
        if (across.field().equals(lines.field())) {
            throw new IllegalArgumentException("a grid needs two different fields, not " + across.field() + " twice");
        }
    }

    /** How many runs the grid is. */
    public int runs() {
        return across.values().size() * lines.values().size();
    }

    /** The run at value {@code a} of {@code across} and value {@code b} of {@code lines}. */
    public int run(int a, int b) {
        return b * across.values().size() + a;
    }
}

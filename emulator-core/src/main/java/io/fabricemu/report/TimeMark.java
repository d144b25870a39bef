package io.fabricemu.report;

import java.util.Objects;

/**
 * A moment (or a stretch) of virtual time to mark on every plot over time, such as a fault: a dashed vertical line
 * at {@code fromPs} labelled {@code label}, and, for a stretch, a pale band from there to {@code untilPs}.
 *
 * @param label   the short text at the line's top, e.g. {@code f0}; also its {@code data-mark}
 * @param colour  a CSS colour
 * @param fromPs  where the line is
 * @param untilPs where the band ends: {@code fromPs} for no band, {@link Long#MAX_VALUE} for the plot's end
 * @param hover   what a reader hovering over the label sees
 */
public record TimeMark(String label, String colour, long fromPs, long untilPs, String hover) {
    public TimeMark {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(colour, "colour");
        Objects.requireNonNull(hover, "hover");
        if (untilPs < fromPs) {
            throw new IllegalArgumentException("a mark's band ends before it starts: " + fromPs + " > " + untilPs);
        }
    }

    /** A line only. */
    public static TimeMark at(String label, String colour, long atPs, String hover) {
        return new TimeMark(label, colour, atPs, atPs, hover);
    }

    /** Whether it has a band. */
    public boolean band() {
        return untilPs > fromPs;
    }
}

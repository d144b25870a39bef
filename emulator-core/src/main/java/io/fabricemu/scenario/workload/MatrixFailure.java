package io.fabricemu.scenario.workload;

import java.util.Objects;

/**
 * A link a connection matrix's {@code failure} line takes down from the start, named as the scenario's
 * {@code faults} section names links (e.g. {@code agg1.0 <-> core0}): the scenario adds it to its faults as
 * {@code {at: 0us, link: LINK, state: down}}.
 *
 * @param display the matrix file as messages name it
 * @param line    the failure line, from 1
 * @param link    the cable, both directions, in fabric-emu's names
 */
public record MatrixFailure(String display, int line, String link) {
    public MatrixFailure {
        Objects.requireNonNull(display, "display");
        Objects.requireNonNull(link, "link");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1, was " + line);
        }
    }
}

package io.fabricemu;

import java.nio.charset.StandardCharsets;

/**
 * One changed copy of an example scenario, for {@link ScenarioFuzzTest}: which file, what was changed (enough to
 * make it again by hand with an editor) and the bytes.
 *
 * @param id          its number in the test's list, stable for a given seed
 * @param scenario    the example's file name, e.g. {@code incast-7to1.yaml}
 * @param change      what was done, e.g. {@code number to -1: line 12 "  leaves: 2" -> "  leaves: -1"}
 * @param content     the changed file
 * @param touchesStop whether the change touched the {@code stop:} line, so a run must not override it
 */
record Mutant(int id, String scenario, String change, byte[] content, boolean touchesStop) {
    /** The file name the mutant is written under: its number and the example it comes from. */
    String fileName() {
        return String.format("m%03d-%s", id, scenario);
    }

    @Override
    public String toString() {
        return "#" + id + " " + scenario + ": " + change;
    }

    static Mutant of(int id, String scenario, String change, String text, boolean touchesStop) {
        return new Mutant(id, scenario, change, text.getBytes(StandardCharsets.UTF_8), touchesStop);
    }
}

package io.fabricemu.cli;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The note on fabrics too small to gain across JVMs: given up to the largest fabric measured, with its figures. */
class ClusterAdviceTest {
    @Test
    void smallFabric_getsTheNoteWithTheMeasuredFigures() {
        String note = ClusterAdvice.note(80);
        assertTrue(note.startsWith("note: this fabric has 80 actors; on a 2-core machine fabrics of up to 12,288"
                + " actors ran "), note);
        assertTrue(note.contains("times slower across two JVMs than in one") && note.contains("BENCHMARKS.md"), note);
    }

    @Test
    void theThresholdIsTheLargestFabricMeasured() {
        assertTrue(ClusterAdvice.note(ClusterAdvice.MEASURED_ACTORS) != null);
        assertNull(ClusterAdvice.note(ClusterAdvice.MEASURED_ACTORS + 1));
    }
}

package io.fabricemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a command starts itself again in a tiered JVM. */
class TieredRelaunchTest {
    @Test
    void c1Only_followsTheLastTieredStopAtLevel() {
        assertTrue(TieredRelaunch.c1Only(List.of("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1", "-Xmx2g")));
        assertFalse(TieredRelaunch.c1Only(List.of("-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4")),
                "FABRIC_EMU_JAVA_OPTS comes last and overrides the launcher's");
        assertFalse(TieredRelaunch.c1Only(List.of("-XX:+UseParallelGC")), "tiered by default");
    }

    @Test
    void aJvmNotStartedFromTheCommandLine_neverStartsAnother() throws InterruptedException {
        // this JVM's Main.main never ran: whatever the work, the command goes on here
        StringWriter err = new StringWriter();
        assertEquals(-1, TieredRelaunch.ifLong(Long.MAX_VALUE, new PrintWriter(err)));
        assertEquals("", err.toString());
    }
}

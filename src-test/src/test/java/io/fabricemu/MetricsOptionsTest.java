package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad --metrics values end with exit 2, a message naming the option and its allowed values, and nothing written. */
class MetricsOptionsTest {
    @TempDir
    Path dir;

    private void assertRejected(String expected, String... metricsArgs) {
        Path out = dir.resolve("out");
        String[] args = new String[3 + metricsArgs.length];
        args[0] = "run";
        args[1] = Cli.scenario("incast-7to1.yaml");
        args[2] = "--out=" + out;
        System.arraycopy(metricsArgs, 0, args, 3, metricsArgs.length);
        Cli.Outcome o = Cli.run(args);
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains(expected), o.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void portOutOfRange_isRejected() {
        assertRejected("--metrics: port 70000 is out of range; use 1..65535", "--metrics=70000");
    }

    @Test
    void unknownLevel_isRejected() {
        assertRejected("expected one of [FABRIC, TIER, SWITCH, PORT]", "--metrics", "--metrics-level=rack");
    }

    @Test
    void badHold_isRejected() {
        assertRejected("--metrics-hold: expected a duration such as 30s, 2m or 500ms, was '5 years'",
                "--metrics", "--metrics-hold=5 years");
    }

    @Test
    void bareMetricsBeforeTheScenario_doesNotTakeTheFileAsItsPort() {
        Cli.Outcome o = Cli.run("run", "--metrics", Cli.scenario("incast-7to1.yaml"), "--metrics-hold=soon",
                "--out=" + dir.resolve("out"));
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("--metrics-hold: expected a duration"), o.err());
    }

    @Test
    void portInUse_isRejected() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertRejected("is the port in use?", "--metrics=" + taken.getLocalPort());
        }
    }
}

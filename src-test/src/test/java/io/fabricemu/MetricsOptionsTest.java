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
        assertRejected("error: --metrics: 70000 is out of range; use 1..65535", "--metrics=70000");
        assertRejected("error: --metrics: 0 is out of range; use 1..65535", "--metrics=0");
        assertRejected("error: --metrics: -1 is out of range; use 1..65535", "--metrics", "-1");
        assertRejected("error: --metrics: 99999999999 is out of range; use 1..65535", "--metrics=99999999999");
    }

    @Test
    void portThatIsNotANumber_isRejectedAsAPort() {
        assertRejected("error: --metrics: 'abc' is not a port; use 1..65535", "--metrics=abc");
        assertRejected("error: --metrics: '' is not a port; use 1..65535", "--metrics=");
    }

    @Test
    void compare_portThatIsNotANumber_isNotTakenForAScenario() {
        Cli.Outcome o = Cli.run("compare", Cli.scenario("incast-7to1.yaml"), "--cc", "nscc,rccc", "--metrics=abc",
                "--out=" + dir.resolve("out"));
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: --metrics: 'abc' is not a port; use 1..65535"), o.err());
    }

    @Test
    void unknownLevel_isRejected() {
        assertRejected("error: --metrics-level: 'rack' is not allowed; use fabric, tier, switch or port", "--metrics",
                "--metrics-level=rack");
        assertRejected("error: --metrics-level: '' is not allowed; use fabric, tier, switch or port", "--metrics",
                "--metrics-level=");
    }

    @Test
    void trackedFlowsOutOfRangeOrNotANumber_isRejected() {
        assertRejected("error: --metrics-flows: -1 is out of range; use 0..1000", "--metrics", "--metrics-flows=-1");
        assertRejected("error: --metrics-flows: 1001 is out of range; use 0..1000", "--metrics", "--metrics-flows=1001");
        assertRejected("error: --metrics-flows: 'all' is not a whole number; use 0..1000", "--metrics",
                "--metrics-flows=all");
    }

    @Test
    void emptyHost_isRejected() {
        assertRejected("error: --metrics-host: empty; give an address such as 127.0.0.1", "--metrics",
                "--metrics-host=");
    }

    @Test
    void metricsSettingsWithoutMetrics_areRejectedNotIgnored() {
        assertRejected("error: --metrics-flows says how to serve live metrics, which only --metrics does; add"
                + " --metrics (or --metrics=PORT), or leave --metrics-flows out", "--metrics-flows=5");
        assertRejected("error: --metrics-level says how", "--metrics-level=port");
        assertRejected("error: --metrics-hold says how", "--metrics-hold=30s");
        assertRejected("error: --metrics-host says how", "--metrics-host=127.0.0.1");
        assertRejected("error: --metrics-hold: expected a duration such as 30s, 2m or 500ms, was 'soon'",
                "--metrics-hold=soon");
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

    /** compare --metrics says where its endpoint is, as run --metrics does, and a hold says where and how long. */
    @Test
    void compareWithMetrics_saysWhere_andAHoldSaysHowLong() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Cli.Outcome o = Cli.run("compare", Cli.scenario("incast-7to1.yaml"), "--cc", "nscc,rccc", "--set",
                "workload.bytes=64KiB", "--metrics=" + port, "--metrics-hold", "1s", "--out=" + dir.resolve("c"));
        assertEquals(0, o.exitCode(), o.err());
        String url = "http://127.0.0.1:" + port + "/metrics";
        assertTrue(o.out().contains("fabric-emu: live metrics at " + url), o.out());
        assertTrue(o.out().contains("live metrics stay at " + url + " for 1s (--metrics-hold)"), o.out());
    }
}

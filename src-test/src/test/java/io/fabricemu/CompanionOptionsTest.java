package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The companion mechanisms of US 12,388,756 as options of NSCC and DCQCN ({@code topologies/scenarios/
 * *-companion-*.yaml}), each run through the command line off and on, with the effect it exists for asserted
 * from what the runs wrote: every mechanism is off by default, so the plain run is the scenario as shipped.
 */
class CompanionOptionsTest {
    @TempDir
    Path tmp;

    private JsonNode run(String scenario, String... overrides) throws IOException {
        return Cli.runScenario(tmp, scenario, Cli.sets(overrides));
    }

    private static long fctPs(JsonNode results, int flowId) {
        for (JsonNode f : results.get("flows")) {
            if (f.get("id").asInt() == flowId) {
                return f.get("fctPs").asLong();
            }
        }
        throw new AssertionError("no flow " + flowId);
    }

    /** Whether {@code fasterPs} is at least {@code percent} % shorter than {@code slowerPs}. */
    private static boolean shorterBy(long fasterPs, long slowerPs, int percent) {
        return fasterPs * 100 <= slowerPs * (100 - percent);
    }

    @Test
    void nsccPathNotCongested_smallWindow_reachesLineRateSooner() throws IOException {
        // Measured: 161.2 us plain, 112.1 us with the test (1 MiB at 100 Gb/s alone takes about 85 us).
        long plainPs = fctPs(run("uet-companion-cold-start.yaml"), 0);
        long fasterPs = fctPs(run("uet-companion-cold-start.yaml", "transport.nscc.pathNotCongested={}"), 0);
        assertTrue(shorterBy(fasterPs, plainPs, 15), "plain " + plainPs + " ps, with the test " + fasterPs + " ps");
    }

    @Test
    void dcqcnPathNotCongested_afterABurst_recoversSooner() throws IOException {
        // Measured: the long QP takes 2,333 us plain, 2,141 us with the test; the burst is not touched.
        JsonNode plain = run("roce-companion-burst-recovery.yaml");
        JsonNode tested = run("roce-companion-burst-recovery.yaml", "transport.dcqcn.pathNotCongested={}");
        assertTrue(shorterBy(fctPs(tested, 0), fctPs(plain, 0), 5),
                "plain " + fctPs(plain, 0) + " ps, with the test " + fctPs(tested, 0) + " ps");
        for (int burst = 1; burst <= 3; burst++) {
            assertEquals(fctPs(plain, burst), fctPs(tested, burst), "burst QP " + burst);
        }
    }

    @Test
    void nsccResponsibilityScaled_lateFlowReachesItsShareSooner() throws IOException {
        // Measured: the 2 MiB newcomer takes 425.9 us plain, 377.7 us scaled (335 us at a fair half); the
        // bottleneck stays busy, so the 8 MiB flow ends within a microsecond either way.
        JsonNode plain = run("uet-companion-late-flow.yaml");
        JsonNode scaled = run("uet-companion-late-flow.yaml", "transport.nscc.responsibilityScaled=true");
        assertTrue(shorterBy(fctPs(scaled, 1), fctPs(plain, 1), 8),
                "plain " + fctPs(plain, 1) + " ps, scaled " + fctPs(scaled, 1) + " ps");
        assertTrue(Math.abs(fctPs(scaled, 0) - fctPs(plain, 0)) * 200 < fctPs(plain, 0), "the long flow's FCT");
    }

    @Test
    void dcqcnResponsibilityScaled_lateFlowReachesItsShareSooner() throws IOException {
        // Measured: the 2 MiB newcomer takes 386.1 us plain, 358.6 us scaled; the 8 MiB QP 1,295 and 1,268 us.
        JsonNode plain = run("roce-companion-late-flow.yaml");
        JsonNode scaled = run("roce-companion-late-flow.yaml", "transport.dcqcn.responsibilityScaled=true");
        assertTrue(shorterBy(fctPs(scaled, 1), fctPs(plain, 1), 5),
                "plain " + fctPs(plain, 1) + " ps, scaled " + fctPs(scaled, 1) + " ps");
        assertTrue(fctPs(scaled, 0) <= fctPs(plain, 0), "the long QP is not slowed down");
    }

    @Test
    void sprayingGates_oneHotPathOfTwo_avoidNeedlessCuts() throws IOException {
        // Measured: the sprayer takes 496.4 us plain, 417.0 us with the EWMA gate and 413.4 us with the path
        // gate (4 MiB at 100 Gb/s is about 340 us); the single-path flow takes 522.8 us in all three.
        JsonNode plain = run("uet-companion-ring-spray.yaml");
        JsonNode ewma = run("uet-companion-ring-spray.yaml", "transport.nscc.ewmaGate.thresholdPer1024=768");
        JsonNode paths = run("uet-companion-ring-spray.yaml", "transport.nscc.pathGate.thresholdPer1024=768");
        for (JsonNode gated : new JsonNode[] {ewma, paths}) {
            assertTrue(shorterBy(fctPs(gated, 0), fctPs(plain, 0), 10),
                    "plain " + fctPs(plain, 0) + " ps, gated " + fctPs(gated, 0) + " ps");
            assertTrue(fctPs(gated, 1) * 100 <= fctPs(plain, 1) * 101, "the other flow keeps its rate");
        }
    }
}

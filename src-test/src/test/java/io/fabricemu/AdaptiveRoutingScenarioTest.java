package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Switch adaptive routing end to end, on the example of docs/scenarios.md (a permutation with one slow core link):
 * per packet it spreads every flow over the least loaded paths, so its median and its tail fall far below ECMP's,
 * its tail to within a tenth of REPS's; {@code method: ecmp} is not the same run.
 */
class AdaptiveRoutingScenarioTest {
    private static final String SCENARIO = "adaptive-routing-permutation.yaml";

    @TempDir
    Path tmp;

    private JsonNode summary(String name, String... sets) throws java.io.IOException {
        Path out = tmp.resolve(name);
        String[] args = new String[5 + 2 * sets.length];
        args[0] = "run";
        args[1] = Cli.scenario(SCENARIO);
        args[2] = "--quiet";
        args[3] = "--out";
        args[4] = out.toString();
        for (int i = 0; i < sets.length; i++) {
            args[5 + 2 * i] = "--set";
            args[6 + 2 * i] = sets[i];
        }
        Cli.Outcome o = Cli.run(args);
        assertEquals(0, o.exitCode(), o.err());
        return Cli.results(out);
    }

    @Test
    void perPacketAr_cutsEcmpsMedianAndTail_toRepsLevel() throws java.io.IOException {
        JsonNode ecmp = summary("ecmp", "switch.adaptiveRouting.method=ecmp");
        JsonNode ar = summary("ar");
        JsonNode reps = summary("reps", "switch.adaptiveRouting.method=ecmp", "transport.loadBalancing=reps");
        assertNotEquals(ecmp.get("digest").asText(), ar.get("digest").asText());
        long ecmpMedian = ecmp.get("summary").get("fctMedianPs").asLong();
        long arMedian = ar.get("summary").get("fctMedianPs").asLong();
        long arP99 = ar.get("summary").get("fctP99Ps").asLong();
        long ecmpP99 = ecmp.get("summary").get("fctP99Ps").asLong();
        long repsP99 = reps.get("summary").get("fctP99Ps").asLong();
        assertTrue(arMedian < 0.7 * ecmpMedian, "AR median " + arMedian + " vs ECMP " + ecmpMedian);
        assertTrue(arP99 < 0.4 * ecmpP99, "AR p99 " + arP99 + " vs ECMP " + ecmpP99);
        assertTrue(repsP99 < 0.4 * ecmpP99, "REPS p99 " + repsP99 + " vs ECMP " + ecmpP99);
        assertTrue(Math.abs(arP99 - repsP99) < repsP99 / 10, "AR p99 " + arP99 + " vs REPS " + repsP99);
    }
}

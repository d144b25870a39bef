package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabricemu.engine.Progress;
import io.fabricemu.run.EngineBackend;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flows that wait for flows received at other hosts learn of them through notices between NICs, which cross shards
 * and JVMs like packets: the results, and the engine's counts, are the same on 1, 2 and 3 shards, with shards
 * running ahead, and on 2 JVMs.
 */
class DependencyShardsTest {
    /**
     * Three leaves, so that every cut between shards separates a flow from some flow waiting for it: chains that
     * hop from leaf to leaf, a flow waiting for two received on different leaves, and one forwarded at once by the
     * host that received what it waits for.
     */
    static final String SCENARIO = String.join("\n",
            "name: dependency-shards",
            "seed: 5",
            "topology:",
            "  kind: leaf-spine",
            "  leaves: 3",
            "  hostsPerLeaf: 4",
            "  spines: 2",
            "  hostLink: {rate: 100Gbps, delay: 500ns}",
            "  fabricLink: {rate: 400Gbps, delay: 1us}",
            "switch:",
            "  latency: 500ns",
            "  queue: 512KiB",
            "transport:",
            "  mtu: 4150B",
            "  header: 64B",
            "  cc: nscc",
            "workload:",
            "  kind: flows",
            "  flows:",
            "    - {id: a, src: 0, dst: 4, bytes: 256KiB}",
            "    - {id: b, src: 8, dst: 1, bytes: 256KiB}",
            "    - {id: c, src: 4, dst: 9, bytes: 256KiB, after: [a]}",
            "    - {id: d, src: 2, dst: 10, bytes: 128KiB, after: [a, b], gap: 2us}",
            "    - {id: e, src: 9, dst: 3, bytes: 128KiB, after: [c]}",
            "    - {id: f, src: 5, dst: 11, bytes: 512KiB, after: [d, e]}",
            "    - {id: g, src: 1, dst: 6, bytes: 64KiB, after: [b]}",
            "    - {id: h, src: 7, dst: 0, bytes: 64KiB, after: [f, g], gap: 500ns}",
            "stop: 50ms",
            "");

    @TempDir
    Path dir;

    private String outcome(Path file, String... extra) throws IOException {
        JsonNode r = Cli.results(Cli.runInto(dir, 0, file.toString(), extra));
        assertEquals(8, r.get("summary").get("flowsFinished").asInt(), "every flow finishes");
        return r.get("digest").asText() + " virtualEndPs " + r.get("virtualEndPs") + " events " + r.get("events")
                + " windows " + r.get("windows");
    }

    @Test
    void oneTwoAndThreeShards_andTwoJvms_giveTheSameDigestAndCounts() throws Exception {
        Path file = dir.resolve("dependency-shards.yaml");
        Files.writeString(file, SCENARIO);
        String one = outcome(file, "--shards", "1");
        assertEquals(one, outcome(file, "--shards", "2"), "two shards");
        assertEquals(one, outcome(file, "--shards", "3"), "three shards");
        assertEquals(one, outcome(file, "--jvms", "2"), "two JVMs");
        PreparedRun run = PreparedRun.of(ScenarioLoader.load(file, List.of()));
        String ahead = run.run(EngineBackend.local(3, true), new Progress(), null).digest();
        assertTrue(one.startsWith(ahead), "three shards running ahead: " + ahead + " vs " + one);
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import io.fabricemu.engine.Progress;
import io.fabricemu.results.RunResult;
import io.fabricemu.run.EngineBackend;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same scenario and seed give the same digest, run after run and however the actors are sharded, and so do the
 * engine's own counts (events, windows, wake-ups, the last event's time), although shards run ahead of each other
 * as far as the fabric lets them.
 */
class DeterminismTest {
    /*
     * The digest of incast-7to1 as of this commit. It changes only when a model changes what it computes
     * (then update it in the same commit and say why); a change on another machine or JVM is a bug.
     */
    private static final String INCAST_7TO1_DIGEST = "8b7c1fe6f12a95ccbc6d46e3077200e4dcb04e15aa32c0820f002d34c15e4caf";

    @TempDir
    Path tmp;

    private String digest(String scenario, String... extra) throws IOException {
        return Cli.results(run(scenario, extra)).get("digest").asText();
    }

    /** The digest and the engine's counts. */
    private String outcome(String scenario, String... extra) throws IOException {
        JsonNode r = Cli.results(run(scenario, extra));
        return outcome(r.get("digest").asText(), r.get("virtualEndPs").asLong(), r.get("events").asLong(),
                r.get("windows").asLong(), r.get("activations").asLong(), r.get("haltReason").asText());
    }

    /** The outcome less the wake-ups, which depend on how far shards run ahead at a time. */
    private static String outcomeLessWakeUps(RunResult r) {
        return outcome(r.digest(), r.virtualEndPs(), r.events(), r.windows(), 0, r.haltReason());
    }

    private static String outcome(String digest, long virtualEndPs, long events, long windows, long activations,
                                  String haltReason) {
        return digest + " virtualEndPs " + virtualEndPs + " events " + events + " windows " + windows
                + " activations " + activations + " halt '" + haltReason + "'";
    }

    private Path run(String scenario, String... extra) {
        Path out = tmp.resolve("r" + System.nanoTime());
        String[] args = new String[4 + extra.length];
        args[0] = "run";
        args[1] = Cli.scenario(scenario);
        args[2] = "--quiet";
        args[3] = "--out=" + out;
        System.arraycopy(extra, 0, args, 4, extra.length);
        Cli.Outcome o = Cli.run(args);
        assertEquals(0, o.exitCode(), o.err());
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"incast-7to1.yaml", "fat-tree-16-permutation.yaml", "rail-fig6-1-flows.yaml",
            "all-to-all-leaf-spine.yaml", "file-two-pods-incast.yaml", "adaptive-routing-permutation.yaml",
            "planes-2-fat-tree-permutation.yaml", "file-lossy-host-link.yaml"})
    void run_twiceAndShardedGivesTheSameDigest(String scenario) throws IOException {
        String first = outcome(scenario, "--shards", "1");
        assertEquals(first, outcome(scenario, "--shards", "1"), "a second run");
        assertEquals(first, outcome(scenario, "--shards", "2"), "two shards");
        assertEquals(first, outcome(scenario, "--shards", "3"), "three shards");
    }

    /*
     * Shards of one JVM do not run ahead (it only costs there) and those of a cluster with one shard per member do,
     * so the cross-JVM tests alone would exercise it: here the shards of one JVM run ahead too, and the results,
     * events and windows stay those of one shard. Wake-ups may be more: a step ahead runs one grid cell where a
     * window spans two (ShardWindows), so an element with events in both cells wakes twice.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"incast-7to1.yaml", "fat-tree-16-permutation.yaml", "rail-fig6-1-flows.yaml",
            "all-to-all-leaf-spine.yaml", "uet-incast-7to1-nscc-rccc.yaml", "roce-incast-8to1-dcqcn-pfc.yaml",
            "rnr-nack-incast-32to1.yaml", "wreb-incast-32to1-nscc.yaml", "pfc-deadlock-ring.yaml"})
    void run_shardsThatRunAheadGiveTheSameResultsAndCounts(String scenario) throws Exception {
        PreparedRun run = PreparedRun.of(ScenarioLoader.load(Path.of(Cli.scenario(scenario)), List.of()));
        RunResult one = run.run(EngineBackend.local(1), new Progress(), null);
        for (int shards = 2; shards <= 3; shards++) {
            RunResult ahead = run.run(EngineBackend.local(shards, true), new Progress(), null);
            assertEquals(outcomeLessWakeUps(one), outcomeLessWakeUps(ahead), shards + " shards ahead");
            assertTrue(ahead.activations() >= one.activations(), shards + " shards ahead: " + ahead.activations()
                    + " wake-ups against " + one.activations());
        }
    }

    @Test
    void run_incast7to1MatchesItsGoldenDigest() throws IOException {
        assertEquals(INCAST_7TO1_DIGEST, digest("incast-7to1.yaml"));
    }

    @Test
    void run_anotherSeedChangesThePermutation() throws IOException {
        String a = digest("fat-tree-16-permutation.yaml");
        String b = digest("fat-tree-16-permutation.yaml", "--set", "seed=2");
        assertEquals(false, a.equals(b));
    }
}

package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioErrorsTest.c;
import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.scenario.workload.AllToAll;
import io.fabricemu.scenario.workload.Collective;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every field of a collective workload: each kind of bad input at its line and field, saying what is allowed. */
class CollectiveErrorsTest {
    /** BASE (16 hosts) with the incast replaced, line for line (22..26), by a ring all-reduce of hosts 0..7. */
    static final String COLLECTIVE = with(BASE, 22, "  kind: all-reduce", 23, "  algorithm: ring", 24,
            "  ranks: 0..7", 25, "  bytes: 2MiB", 26, "  chunks: 2");

    /** A rail-optimised fabric of 2 segments x 2 nodes x 4 GPUs (16 hosts), its workload on line 15. */
    private static String rail(String workload) {
        return String.join("\n", "name: rail", "topology:", "  kind: rail-optimised", "  pods: 1",
                "  segmentsPerPod: 2", "  nodesPerSegment: 2", "  gpusPerNode: 4", "  spinesPerPod: 2",
                "  hostLink: {rate: 100Gbps, delay: 500ns}", "  fabricLink: {rate: 100Gbps, delay: 500ns}",
                "workload:", "  kind: all-reduce", "  bytes: 1MiB", "  algorithm: ring", workload, "");
    }

    private static String line(int line, String text) {
        return with(COLLECTIVE, line, text);
    }

    static Stream<ScenarioErrorsTest.Case> cases() {
        return Stream.of(
                c("kind: misspelt", line(22, "  kind: all-reduse"), 22, "workload.kind",
                        "did you mean 'all-reduce'?"),
                c("algorithm: unknown", line(23, "  algorithm: tree"), 23, "workload.algorithm", "'tree'",
                        "ring", "halving-doubling"),
                c("algorithm: not one of all-gather's", with(COLLECTIVE, 22, "  kind: all-gather", 23,
                        "  algorithm: halving-doubling"), 23, "workload.algorithm", "'halving-doubling'", "ring"),
                c("algorithm: not one of all-to-all's", with(COLLECTIVE, 22, "  kind: all-to-all", 23,
                        "  algorithm: ring"), 23, "workload.algorithm", "pairwise", "simultaneous"),
                c("ranks: range backwards", line(24, "  ranks: 7..0"), 24, "workload.ranks",
                        "the range 7..0 runs backwards"),
                c("ranks: range past the hosts", line(24, "  ranks: 0..16"), 24, "workload.ranks",
                        "host 16 does not exist; this topology has hosts 0..15"),
                c("ranks: not a range", line(24, "  ranks: first..last"), 24, "workload.ranks",
                        "'first..last' is not a set of ranks", "a range such as 0..7"),
                c("ranks: a host twice", line(24, "  ranks: [0, 1, 1]"), 24, "workload.ranks[2]",
                        "host 1 is listed twice (also at workload.ranks[1])"),
                c("ranks: a missing host", line(24, "  ranks: [0, 99]"), 24, "workload.ranks[1]",
                        "host 99 does not exist"),
                c("ranks: one rank", line(24, "  ranks: [3]"), 24, "workload.ranks",
                        "a collective needs at least 2 ranks, this one has 1"),
                c("ranks: rail on a leaf-spine", line(24, "  ranks: {rail: 0}"), 24, "workload.ranks",
                        "this topology is not one"),
                c("ranks: rail beyond the GPUs", rail("  ranks: {rail: 4}"), 15, "workload.ranks.rail",
                        "'4' is out of range; it must be from 0 to 3"),
                c("ranks: rail misspelt", rail("  ranks: {rial: 1}"), 15, "workload.ranks.rial", "unknown field",
                        "allowed fields of workload.ranks are rail"),
                c("ranks: halving-doubling on six", with(COLLECTIVE, 23, "  algorithm: halving-doubling", 24,
                        "  ranks: 0..5"), 24, "workload.ranks", "needs a power of two ranks", "there are 6"),
                c("bytes: fewer than the chunks of the steps", line(25, "  bytes: 15B"), 25, "workload.bytes",
                        "'15B' is too few for 8 ranks in 2 chunks", "at least 16B"),
                c("bytes: not a size", line(25, "  bytes: lots"), 25, "workload.bytes", "'lots' is not a size"),
                c("chunks: zero", line(26, "  chunks: 0"), 26, "workload.chunks", "from 1 to 1024"),
                c("iterations: zero", line(26, "  iterations: 0"), 26, "workload.iterations", "from 1 to 100000"),
                c("computeGap: negative", line(26, "  computeGap: -1us"), 26, "workload.computeGap", "'-1us'"),
                c("skew: max above an hour", line(26, "  skew: {max: 3601s}"), 26, "workload.skew.max", "'3601s'",
                        "out of range"),
                c("skew: misspelt max", line(26, "  skew: {maxx: 20us}"), 26, "workload.skew.maxx",
                        "allowed fields of workload.skew are max"),
                c("start: not a time", line(26, "  start: soon"), 26, "workload.start", "'soon'"),
                c("unknown field: misspelt chunks", line(26, "  chunk: 2"), 26, "workload.chunk",
                        "allowed fields of workload for kind all-reduce (a collective) are kind, algorithm, ranks,"
                                + " bytes, chunks, iterations, computeGap, start, skew", "did you mean 'chunks'?"),
                c("all-to-all: ranks without an algorithm", with(COLLECTIVE, 22, "  kind: all-to-all", 23, ""), 24,
                        "workload.ranks", "ranks belongs to the all-to-all collective, which needs an algorithm"),
                c("mix: a collective part's error at its line", with(ScenarioTexts.MIX, 25,
                        "    - {kind: all-gather, name: job, ranks: 8..15, bytes: 1MiB, chunks: 2000}"), 25,
                        "workload.parts[1].chunks", "from 1 to 1024"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void parse_badCollective_namesFileLineFieldAndAllowed(ScenarioErrorsTest.Case bad) {
        ScenarioErrorsTest.assertRefused(bad);
    }

    @Test
    void parse_railRanks_areGpuGOfEveryNode() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(rail("  ranks: {rail: 2}"), "rail.yaml", List.of());
        Collective c = (Collective) s.workload();
        assertEquals(List.of(2, 6, 10, 14), c.ranks());
        assertEquals(2L * 3 * 4, c.flowCount(16), "2(n-1) steps of n flows");
    }

    @Test
    void parse_allToAllWithoutAlgorithm_isStillEveryPair() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(with(COLLECTIVE, 22, "  kind: all-to-all", 23, "", 24, "", 26, ""),
                "a2a.yaml", List.of());
        assertEquals(AllToAll.class, s.workload().getClass());
    }
}

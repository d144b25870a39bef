package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example chakra-all-reduce-8's per-rank timelines through the command line: every rank runs its trace's 4
 * nodes (100 us of compute, an all-reduce of 4 MiB, 50 us of compute, an all-reduce of 1 MiB) one after the
 * other, timed from the run's flows; results.json's {@code chakra}, chakra-timeline.csv and the summary's line
 * agree with each other and with collectives.csv.
 */
class ChakraTimelineFilesTest {
    private static final long US = 1_000_000L;

    @TempDir
    Path tmp;

    @Test
    void everyRankRunsItsNodesInOrder_andTheIterationEndsWithTheLastCollective() throws IOException {
        Path out = tmp.resolve("out");
        Cli.Outcome o = Cli.run("run", Cli.scenario("chakra-all-reduce-8.yaml"), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        JsonNode r = Cli.results(out);
        JsonNode chakra = r.get("chakra");
        JsonNode ranks = chakra.get("ranks");
        assertEquals(8, ranks.size());
        long iterationPs = chakra.get("iterationPs").asLong();
        long lastFlowPs = 0;
        for (JsonNode f : r.get("flows")) {
            lastFlowPs = Math.max(lastFlowPs, f.get("finishPs").asLong());
        }
        assertEquals(lastFlowPs, iterationPs, "the iteration ends with the last flow received");
        Map<String, Long> collectiveEndPs = new HashMap<>();
        long latestPs = 0;
        List<Long> hosts = List.of(0L, 4L, 1L, 5L, 2L, 6L, 3L, 7L);
        for (int k = 0; k < 8; k++) {
            JsonNode rank = ranks.get(k);
            assertEquals(k, rank.get("rank").asInt());
            assertEquals(hosts.get(k), rank.get("host").asLong());
            JsonNode nodes = rank.get("nodes");
            assertEquals(4, nodes.size());
            long before = 0;
            for (int i = 0; i < 4; i++) {
                JsonNode n = nodes.get(i);
                assertEquals(i + 1, n.get("id").asLong(), "each node after the one it waits for");
                long start = n.get("startPs").asLong();
                long end = n.get("endPs").asLong();
                assertTrue(before <= start && start <= end, "rank " + k + " node " + (i + 1) + ": " + before
                        + " <= " + start + " <= " + end);
                before = end;
                latestPs = Math.max(latestPs, end);
                if (n.get("kind").asText().equals("collective")) {
                    collectiveEndPs.merge(n.get("collective").asText(), end, Math::max);
                }
            }
            assertEquals("compute", nodes.get(0).get("kind").asText());
            assertEquals(0, nodes.get(0).get("startPs").asLong());
            assertEquals(100 * US, nodes.get(0).get("endPs").asLong(), "the forward compute's 100 us");
            assertEquals(50 * US, nodes.get(2).get("endPs").asLong() - nodes.get(2).get("startPs").asLong());
            assertEquals(nodes.get(1).get("endPs").asLong(), nodes.get(2).get("startPs").asLong(),
                    "the compute starts when the rank is done with the all-reduce");
            assertEquals(100 * US, nodes.get(1).get("startPs").asLong(), "the all-reduce's first send at 100 us");
            assertEquals(150 * US, rank.get("computePs").asLong());
            assertEquals(nodes.get(3).get("endPs").asLong(), rank.get("endPs").asLong());
            assertEquals(rank.get("endPs").asLong() - 150 * US, rank.get("exposedCommunicationPs").asLong());
        }
        assertEquals(latestPs, iterationPs, "the iteration is the latest end of any node");
        List<String> collectives = Files.readAllLines(out.resolve("collectives.csv"));
        for (String line : collectives.subList(1, collectives.size())) {
            String[] cells = line.split(",");
            assertEquals(Long.parseLong(cells[7]), collectiveEndPs.get(cells[0]), cells[0]
                    + ": its last rank is done with it at the collective's finish");
        }
        List<String> csv = Files.readAllLines(out.resolve("chakra-timeline.csv"));
        assertEquals("rank,host,node,name,kind,startPs,endPs", csv.get(0));
        assertEquals(1 + 8 * 4, csv.size(), "a row per node per rank");
        JsonNode last = ranks.get(7).get("nodes").get(3);
        assertEquals("7,7,4,node4,collective," + last.get("startPs").asLong() + "," + last.get("endPs").asLong(),
                csv.get(32));
        assertTrue(o.out().lines().anyMatch(l -> l.strip().startsWith("training iteration ")
                && l.contains(String.format(java.util.Locale.ROOT, "%.3f ms over 8 ranks", iterationPs / 1e9))
                && l.contains("compute 150.000 us")), o.out());
    }
}

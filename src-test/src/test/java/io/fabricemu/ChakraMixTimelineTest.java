package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Chakra trace of chakra-all-reduce-8 as the second part of a mix, after an incast that starts once it is over: the run still
 * gives its per-rank timeline (results.json's {@code chakra}, chakra-timeline.csv), timed from the trace's own flows
 * (which begin after the incast's in the mix's list) and naming its collectives as collectives.csv does.
 */
class ChakraMixTimelineTest {
    private static final long US = 1_000_000L;

    @TempDir
    Path tmp;

    @Test
    void aChakraPartOfAMix_hasItsTimeline_fromItsOwnFlows() throws Exception {
        Path scenarios = Cli.SCENARIOS.toAbsolutePath().normalize();
        String text = Files.readString(scenarios.resolve("chakra-all-reduce-8.yaml"));
        int at = text.indexOf("workload:");
        String mixed = text.substring(0, at) + "workload:\n  kind: mix\n  parts:\n"
                + "    - {kind: incast, name: bulk, receiver: 0, senders: [1, 2, 3], bytes: 1MiB, start: 3ms}\n"
                + "    - {kind: chakra, name: train, traces: " + scenarios.resolve("chakra/all-reduce-8")
                + ", hosts: [0, 4, 1, 5, 2, 6, 3, 7]}\n" + text.substring(text.indexOf("stop:", at));
        Path scenario = tmp.resolve("chakra-all-reduce-8.yaml");
        Files.writeString(scenario, mixed);
        Path out = Cli.runInto(tmp, 0, scenario.toString(), "--allow-files", scenarios.toString());
        JsonNode r = Cli.results(out);

        JsonNode chakra = r.get("chakra");
        assertEquals(8, chakra.get("ranks").size(), r.toString().substring(0, 200));
        long trainEndPs = 0;
        long bulkEndPs = 0;
        for (JsonNode f : r.get("flows")) {
            long finish = f.get("finishPs").asLong();
            if (f.get("group").asText().equals("train")) {
                trainEndPs = Math.max(trainEndPs, finish);
            } else {
                bulkEndPs = Math.max(bulkEndPs, finish);
            }
        }
        assertTrue(bulkEndPs > trainEndPs, "the incast outlasts the iteration: " + bulkEndPs + " " + trainEndPs);
        assertEquals(trainEndPs, chakra.get("iterationPs").asLong(), "the iteration ends with the trace's last flow");
        Set<String> collectives = new HashSet<>();
        for (JsonNode rank : chakra.get("ranks")) {
            JsonNode nodes = rank.get("nodes");
            assertEquals(4, nodes.size());
            assertEquals(100 * US, nodes.get(0).get("endPs").asLong(), "the forward compute's 100 us");
            assertEquals(100 * US, nodes.get(1).get("startPs").asLong(), "the all-reduce's first send at 100 us");
            assertEquals(nodes.get(1).get("endPs").asLong(), nodes.get(2).get("startPs").asLong());
            collectives.add(nodes.get(1).get("collective").asText());
            collectives.add(nodes.get(3).get("collective").asText());
        }
        List<String> rows = Files.readAllLines(out.resolve("collectives.csv"));
        Set<String> listed = new HashSet<>();
        for (String row : rows.subList(1, rows.size())) {
            listed.add(row.split(",")[0]);
        }
        assertEquals(listed, collectives, "the timeline names the collectives as collectives.csv does");
        assertTrue(collectives.stream().allMatch(c -> c.startsWith("train-")), collectives.toString());
        assertEquals(1 + 8 * 4, Files.readAllLines(out.resolve("chakra-timeline.csv")).size());
    }
}

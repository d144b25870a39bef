package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A multishot trigger set off by several connections runs as htsim's {@code MultiShotTrigger::activate} does: each
 * activation starts the next target in file order, so the k-th target starts as the k-th activating flow finishes,
 * whichever it is; here three flows into host 2 finish in an order other than the file's, and host 2's three
 * targets start at the very events their receiver delivers them (no notice has to cross the fabric).
 */
class ConnectionMatrixMultishotTest {
    private static final String MATRIX = String.join("\n",
            "Nodes 16", "Connections 6", "Triggers 1",
            "1->2 id 1 start 0 size 300000 send_done_trigger 7",
            "2->7 id 10 trigger 7 size 50000",
            "3->2 id 2 start 0 size 100000 send_done_trigger 7",
            "2->8 id 11 trigger 7 size 50000",
            "5->2 id 3 start 0 size 200000 recv_done_trigger 7",
            "2->9 id 12 trigger 7 size 50000",
            "trigger id 7 multishot", "");

    @TempDir
    Path tmp;

    @Test
    void theKthTarget_startsAsTheKthActivatingFlowFinishes_onAnyShards() throws Exception {
        Files.writeString(tmp.resolve("multi.cm"), MATRIX);
        String text = Files.readString(Cli.SCENARIOS.resolve("uet-cm-failed-link.yaml"))
                .replace("name: uet-cm-failed-link", "name: multi").replace("file: uet-cm-failed-link.cm",
                        "file: multi.cm");
        Path scenario = tmp.resolve("multi.yaml");
        Files.writeString(scenario, text);
        JsonNode results = Cli.results(Cli.runInto(tmp, 0, scenario.toString()));
        JsonNode flows = results.get("flows");
        assertEquals(6, results.get("summary").get("flowsFinished").asInt());
        long[] finishes = {finish(flows, 0), finish(flows, 2), finish(flows, 4)};
        assertTrue(finishes[1] < finishes[0], "the second activator in the file finishes first: "
                + Arrays.toString(finishes));
        Arrays.sort(finishes);
        for (int k = 0; k < 3; k++) {
            assertEquals(finishes[k], flows.get(2 * k + 1).get("startPs").asLong(), "target " + k + ": " + flows);
        }
        Path three = tmp.resolve("three");
        Cli.Outcome o = Cli.run("run", scenario.toString(), "--quiet", "--out=" + three, "--shards", "3");
        assertEquals(0, o.exitCode(), o.err());
        assertEquals(results.get("digest").asText(), Cli.results(three).get("digest").asText(), "3 shards");
    }

    private static long finish(JsonNode flows, int i) {
        return flows.get(i).get("finishPs").asLong();
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A topology.txt link's {@code error_rate} end to end: h0's host link (1% either way, as ns-3 applies a link's
 * error_rate on the receiving device of both ends) loses data and acknowledgements, the flows still finish with
 * retransmissions, the losses are counted per link direction in results.json, and the digest is the same on 1 and 3
 * shards. With error_rate 0 the run is the one it was before links could be lossy (its digest pinned below).
 */
class FileLinkLossTest {
    /** h0..h3 are nodes 0..3 under ToRs 4 (h0, h1) and 5 (h2, h3), joined by spine 6; 100 Gb/s, 1 us each. */
    private static final String TOPOLOGY = String.join("\n", "7 3 6", "4 5 6",
            "0 4 100Gbps 1us ERROR_RATE", "1 4 100Gbps 1us 0", "2 5 100Gbps 1us 0", "3 5 100Gbps 1us 0",
            "4 6 100Gbps 1us 0", "5 6 100Gbps 1us 0", "");
    /** h0 and h1 send 1 MiB across the spine, h3 sends 1 MiB to h0: h0's link carries data and ACKs both ways. */
    private static final String SCENARIO = String.join("\n",
            "name: lossy-file",
            "seed: 5",
            "topology:",
            "  kind: file",
            "  path: lossy.txt",
            "switch:",
            "  latency: 500ns",
            "  queue: 400KB",
            "transport:",
            "  cc: nscc",
            "workload:",
            "  kind: flows",
            "  flows:",
            "    - {src: 0, dst: 2, bytes: 1MiB}",
            "    - {src: 1, dst: 3, bytes: 1MiB}",
            "    - {src: 3, dst: 0, bytes: 1MiB}",
            "stop: 50ms",
            "");
    /**
     * The digest of {@link #SCENARIO} with error_rate 0, measured on the tree before a topology file's links could
     * lose packets: a link without loss draws nothing, so it must not move.
     */
    private static final String LOSSLESS_DIGEST = "0baa45882c9284b199864110daa7aadb8573044b5ae0406e87bfbe0bc4ce3973";

    @TempDir
    Path tmp;

    private Path scenario(String errorRate, String... extraTopology) throws IOException {
        Files.writeString(tmp.resolve("lossy.txt"), TOPOLOGY.replace("ERROR_RATE", errorRate));
        Path file = tmp.resolve("lossy-file.yaml");
        Files.writeString(file, SCENARIO.replace("  path: lossy.txt", String.join("\n", "  path: lossy.txt",
                String.join("\n", extraTopology)).stripTrailing()));
        return file;
    }

    private JsonNode run(Path scenario, int shards) throws IOException {
        return Cli.results(Cli.runInto(tmp, 0, scenario.toString(), "--shards", String.valueOf(shards)));
    }

    @Test
    void aLossyHostLink_losesBothWays_flowsFinishWithRetransmissions_onAnyShards() throws IOException {
        Path s = scenario("0.01");
        JsonNode one = run(s, 1);
        assertEquals(3, one.get("summary").get("flowsFinished").asInt());
        assertTrue(one.get("summary").get("retransmittedBytes").asLong() > 0, one.get("summary").toString());
        JsonNode losses = one.get("linkLosses");
        assertEquals(2, losses.size(), losses.toString());
        assertEquals("h0 -> sw4", losses.get(0).get("where").asText());
        assertEquals("sw4 -> h0", losses.get(1).get("where").asText());
        for (JsonNode l : losses) {
            assertEquals(0.01, l.get("probability").asDouble());
            assertTrue(l.get("packets").asLong() > 0, l.toString());
        }
        JsonNode three = run(s, 3);
        assertEquals(one.get("digest"), three.get("digest"), "three shards");
        assertEquals(losses, three.get("linkLosses"), "three shards");
        assertNotEquals(LOSSLESS_DIGEST, one.get("digest").asText());
    }

    @Test
    void anErrorRateOfZero_runsAsBefore_andReportsNoLinkLoss() throws IOException {
        JsonNode r = run(scenario("0"), 1);
        assertEquals(LOSSLESS_DIGEST, r.get("digest").asText());
        assertEquals(0, r.get("summary").get("retransmittedBytes").asLong());
        assertFalse(r.has("linkLosses"), "a run without lossy links writes no linkLosses");
        assertEquals(LOSSLESS_DIGEST, run(scenario("0.000000"), 1).get("digest").asText());
    }

    /** 5% here: at 1% a plane's direction carrying some 250 packets loses none about one run in fourteen. */
    @Test
    void eachPlanesCopyOfALossyCable_losesOnItsOwn() throws IOException {
        JsonNode r = run(scenario("0.05", "  planes: 2"), 2);
        assertEquals(3, r.get("summary").get("flowsFinished").asInt());
        JsonNode losses = r.get("linkLosses");
        assertEquals(4, losses.size(), losses.toString());
        assertEquals("h0 -> p1.sw4", losses.get(2).get("where").asText());
        for (JsonNode l : losses) {
            assertTrue(l.get("packets").asLong() > 0, l.toString());
        }
    }
}

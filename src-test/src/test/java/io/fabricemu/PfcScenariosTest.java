package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The PFC scenarios in {@code topologies/scenarios/pfc-*.yaml}, run through the command line, with the
 * outcome each exists to show asserted from what the run wrote.
 */
class PfcScenariosTest {
    /** The exit code of a run the model halted (docs/roce-pfc.md, "PFC"). */
    private static final int HALTED = 3;

    @TempDir
    Path tmp;

    private JsonNode run(String scenario, int expectedExit, String... extra) throws IOException {
        return Cli.runScenario(tmp, expectedExit, scenario, extra);
    }

    private static JsonNode pfc(JsonNode results, String portId) {
        for (JsonNode p : results.get("ports")) {
            if (p.get("id").asText().equals(portId)) {
                return p.get("pfc");
            }
        }
        throw new AssertionError("no port " + portId);
    }

    private static void assertLossless(JsonNode r) {
        JsonNode s = r.get("summary");
        assertEquals(s.get("flows").asLong(), s.get("flowsFinished").asLong(), "every flow finishes");
        assertEquals(0, s.get("drops").asLong(), "lossless: no drop anywhere");
        assertEquals(0, s.get("retransmittedBytes").asLong());
        assertEquals(0, s.get("pfcHeadroomDrops").asLong());
        assertEquals("", r.get("haltReason").asText());
    }

    @Test
    void incast7to1_noDropAndTheLastHopLeafPausesEverySender() throws IOException {
        JsonNode r = run("pfc-incast-7to1.yaml", 0);
        assertLossless(r);
        long pauses = 0;
        for (int h = 1; h <= 7; h++) {
            JsonNode in = pfc(r, "leaf0:p" + h);
            assertTrue(in.get("pausesSent").asLong() > 0, "leaf0:p" + h + " pauses its sender");
            assertTrue(in.get("resumesSent").asLong() > 0);
            assertTrue(pfc(r, "h" + h + ":nic").get("pausedPs").asLong() > 0, "h" + h + " was paused");
            pauses += in.get("pausesSent").asLong();
        }
        assertEquals(pauses, r.get("summary").get("pfcPausesSent").asLong(), "only leaf 0's host ports pause");
        assertEquals(0, pfc(r, "h0:nic").get("pausedPs").asLong(), "the receiver is never paused");
    }

    @Test
    void pfcTimeline_listsEveryPauseWithWhoSentIt_addingUpToThePausedTime() throws IOException {
        Path out = Cli.runInto(tmp, 0, Cli.scenario("pfc-incast-across-spine.yaml"));
        java.util.Map<String, Long> listed = new java.util.TreeMap<>();
        java.util.Map<String, String> by = new java.util.TreeMap<>();
        List<String> rows = Files.readAllLines(out.resolve("pfc-timeline.csv"));
        assertEquals("port,paused_by,class,paused_ps,resumed_ps", rows.get(0));
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split(",");
            listed.merge(c[0], Long.parseLong(c[4]) - Long.parseLong(c[3]), Long::sum);
            by.put(c[0], c[1]);
        }
        java.util.Map<String, Long> paused = new java.util.TreeMap<>();
        java.util.Map<String, String> peer = new java.util.TreeMap<>();
        List<String> ports = Files.readAllLines(out.resolve("ports.csv"));
        List<String> header = List.of(ports.get(0).split(","));
        for (String row : ports.subList(1, ports.size())) {
            String[] c = row.split(",", -1);
            long ps = Long.parseLong(c[header.indexOf("pfcPausedPs")]);
            if (ps > 0) {
                paused.put(c[0], ps);
                peer.put(c[0], c[header.indexOf("peer")]);
            }
        }
        assertTrue(paused.size() > 2, "pauses at several ports: " + paused);
        assertEquals(paused, listed, "each port's pauses add up to its paused time");
        assertEquals(peer, by, "paused by the port at the other end of its cable");
        assertTrue(Files.readString(out.resolve("report.html")).contains("pfc-timeline"), "the report's heat map");
    }

    @Test
    void incastAcrossSpine_pausesPropagateHopByHopBackToTheSenders() throws IOException {
        JsonNode r = run("pfc-incast-across-spine.yaml", 0);
        assertLossless(r);
        // leaf 0 pauses the spine, the spine pauses leaf 1, leaf 1 pauses the hosts.
        assertTrue(pfc(r, "leaf0:p8").get("pausesSent").asLong() > 0, "leaf 0's ingress from the spine");
        assertTrue(pfc(r, "spine0:p0").get("pausedPs").asLong() > 0, "the spine's egress to leaf 0");
        assertTrue(pfc(r, "spine0:p1").get("pausesSent").asLong() > 0, "the spine's ingress from leaf 1");
        assertTrue(pfc(r, "leaf1:p8").get("pausedPs").asLong() > 0, "leaf 1's uplink");
        for (int p = 0; p < 7; p++) {
            assertTrue(pfc(r, "leaf1:p" + p).get("pausesSent").asLong() > 0, "leaf1:p" + p);
            assertTrue(pfc(r, "h" + (8 + p) + ":nic").get("pausedPs").asLong() > 0);
        }
    }

    @Test
    void deadlockRing_haltsWithTheCycleLongBeforeTheStopTime() throws IOException {
        JsonNode r = run("pfc-deadlock-ring.yaml", HALTED);
        String reason = r.get("haltReason").asText();
        assertTrue(reason.startsWith("PFC deadlock at "), reason);
        for (int s = 0; s < 4; s++) {
            assertTrue(reason.contains("ring" + s + ":p"), "ring" + s + " is on the cycle: " + reason);
        }
        assertEquals(false, r.get("reachedStop").asBoolean());
        assertTrue(r.get("virtualEndPs").asLong() < 1_000_000_000L, "ends within 1 ms, not at the 10 ms stop");
        assertTrue(r.get("summary").get("flowsFinished").asLong() < 8);
    }

    @Test
    void ringWithoutTheClosingFlows_finishesWithoutHalting() throws IOException {
        JsonNode r = run("pfc-ring-no-cycle.yaml", 0);
        assertLossless(r);
        assertTrue(r.get("summary").get("pfcPausesSent").asLong() > 0, "the ring links do pause");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pfc-incast-7to1.yaml", "pfc-deadlock-ring.yaml"})
    void oneAndThreeShards_sameDigestAndSameEnd(String scenario) throws IOException {
        int exit = scenario.contains("deadlock") ? HALTED : 0;
        JsonNode one = run(scenario, exit, "--shards=1");
        JsonNode three = run(scenario, exit, "--shards=3");
        assertEquals(one.get("digest").asText(), three.get("digest").asText());
        assertEquals(one.get("haltReason").asText(), three.get("haltReason").asText());
        assertEquals(one.get("ports").toString(), three.get("ports").toString(), "every port counter too");
    }
}

package io.fabricemu;

import static io.fabricemu.Cli.port;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Switch-generated RNR NAKs for incast (US 2025/0365235), on {@code topologies/scenarios/rnr-nack-incast-32to1.yaml}:
 * thirty-two 100 Gb/s RoCEv2 senders on leaf 1 (hosts 36..67, flows 0..31, 256 KiB each) into host 0 on
 * leaf 0, a victim flow from host 68 to host 1 through the same leaves and spine (flow 32) and a victim QP
 * from incast sender host 36 to host 69 (flow 33). Run through the command line; each test asserts the
 * outcome from what the run wrote.
 */
class RnrNackScenariosTest {
    private static final String SCENARIO = "rnr-nack-incast-32to1.yaml";
    private static final String CONGESTED = "leaf0:p0";
    private static final int INCAST_FLOWS = 32;
    private static final long THRESHOLD_BYTES = 2L << 20;
    private static final int PAYLOAD_BYTES = 4096;
    /** 64 KiB messages of 4,096 B payload. */
    private static final int PACKETS_PER_MESSAGE = 16;
    /** 2 MiB alone at 100 Gb/s: 512 packets of 4,160 B on the wire, 170.4 us. */
    private static final long VICTIM_ALONE_PS = 512L * 4160 * 8 * 10;

    @TempDir
    Path tmp;

    private JsonNode run(String... extra) throws IOException {
        return Cli.runScenario(tmp, SCENARIO, extra);
    }


    private static long fct(JsonNode results, int flow) {
        return results.get("flows").get(flow).get("fctPs").asLong();
    }

    @Test
    void incast32to1_naksOnlyAfterTheThreshold_onlyToItsQps_withTheirPsnQpnMsn_andDistinctPauses() throws IOException {
        JsonNode r = run("--shards", "1");
        JsonNode rnr = port(r, CONGESTED).get("rnr");
        long firstOverPs = rnr.get("firstOverThresholdPs").asLong();
        assertTrue(firstOverPs > 0, "the congested port crossed its threshold");
        assertEquals(INCAST_FLOWS, rnr.get("naksSent").asLong(), "one NAK per incast QP");
        assertEquals(0, rnr.get("unresolved").asLong(), "every QP had been acknowledged before the overflow");
        Set<Integer> nacked = new TreeSet<>();
        Set<Long> pauses = new HashSet<>();
        for (JsonNode nak : rnr.get("naks")) {
            int flow = nak.get("flowId").asInt();
            long psn = nak.get("psn").asLong();
            assertTrue(nak.get("atPs").asLong() >= firstOverPs, "no NAK before the threshold was crossed: " + nak);
            assertTrue(nak.get("occupancyBytes").asLong() > THRESHOLD_BYTES, nak.toString());
            assertTrue(flow < INCAST_FLOWS, "only the incast's QPs, never a victim: " + nak);
            assertTrue(nacked.add(flow), "one NAK per QP in the episode: " + nak);
            assertEquals(flow, nak.get("destQpn").asInt(), "the requester's QPN (the emulator numbers it by flow)");
            assertEquals(psn / PACKETS_PER_MESSAGE, nak.get("msn").asLong(),
                    "the MSN once every packet before the NAK's PSN is taken: " + nak);
            assertEquals(1, nak.get("episode").asInt());
            assertTrue(pauses.add(nak.get("pausePs").asLong()), "pauses pairwise distinct: " + nak);
        }
        assertEquals(INCAST_FLOWS, nacked.size());
        for (JsonNode p : r.get("ports")) {
            if (!p.get("id").asText().equals(CONGESTED)) {
                assertEquals(0, p.get("rnr").get("naksSent").asLong(), p.get("id").asText());
                assertEquals(0, p.get("drops").asLong(), p.get("id").asText() + " drops nothing");
            }
        }
        // Every message delivered exactly once and in order: each flow completes (the responder accepts PSNs
        // only in order and rejects bytes beyond the flow), and what was sent again is exactly what the port
        // discarded, the NACKed packets and the QPs' later ones: a NAK PSN too low would have the requester
        // resend delivered packets, one too high would leave a hole no one resends.
        JsonNode s = r.get("summary");
        assertEquals(34, s.get("flowsFinished").asLong());
        for (JsonNode f : r.get("flows")) {
            assertFalse(f.get("failed").asBoolean());
            assertEquals(f.get("bytes").asLong(), f.get("deliveredBytes").asLong());
        }
        long discarded = rnr.get("naksSent").asLong() + rnr.get("nackedDrops").asLong();
        assertEquals(discarded, port(r, CONGESTED).get("drops").asLong(), "no tail drop besides");
        assertEquals(discarded * PAYLOAD_BYTES, s.get("retransmittedBytes").asLong());
        assertEquals(INCAST_FLOWS, s.get("rnrNaksSent").asLong());
        // No timeout-driven retransmission: the transport timeout is 100 ms and the run is over within 1 ms.
        assertTrue(r.get("virtualEndPs").asLong() < 1_000_000_000L, "ends at " + r.get("virtualEndPs"));
        assertFalse(r.get("reachedStop").asBoolean());
    }

    @Test
    void victims_keepTheirThroughputUnderRnrNaks_butNotUnderPfc() throws IOException {
        JsonNode rnr = run();
        JsonNode pfc = run("--set", "switch.rnrNack.enabled=false", "--set", "switch.pfc.classes=[0]");
        assertEquals(0, rnr.get("summary").get("pfcPausesSent").asLong());
        assertTrue(pfc.get("summary").get("pfcPausesSent").asLong() > 0);
        assertEquals(0, pfc.get("summary").get("drops").asLong(), "PFC: lossless");
        // Under RNR NAKs both victims run at line rate: within 10% of 2 MiB alone.
        assertTrue(fct(rnr, 32) < VICTIM_ALONE_PS * 11 / 10, "victim flow " + fct(rnr, 32) + " ps");
        assertTrue(fct(rnr, 33) < VICTIM_ALONE_PS * 11 / 10, "victim QP " + fct(rnr, 33) + " ps");
        // Under PFC the pauses spread back to leaf 1 and the NICs: both wait behind the incast (about 0.7 ms
        // of it) and take over four times as long.
        assertTrue(fct(pfc, 32) > 4 * VICTIM_ALONE_PS, "victim flow under PFC " + fct(pfc, 32) + " ps");
        assertTrue(fct(pfc, 33) > 4 * VICTIM_ALONE_PS, "victim QP under PFC " + fct(pfc, 33) + " ps");
        assertTrue(port(pfc, "h36:nic").get("pfc").get("pausedPs").asLong() > 0, "the victim QP's NIC is paused");
        assertTrue(port(pfc, "h68:nic").get("pfc").get("pausedPs").asLong() > 0, "so is the victim flow's");
        assertEquals(0, port(rnr, "h36:nic").get("pfc").get("pausedPs").asLong());
    }

    @Test
    void staggeredPauses_keepThePeakQueueAfterResumptionFarBelowEqualPauses() throws IOException {
        JsonNode staggered = port(run(), CONGESTED).get("rnr");
        JsonNode equal = port(run("--set", "switch.rnrNack.rttMultiplier=0"), CONGESTED).get("rnr");
        Set<Long> equalPauses = new HashSet<>();
        for (JsonNode nak : equal.get("naks")) {
            equalPauses.add(nak.get("pausePs").asLong());
        }
        assertEquals(1, equalPauses.size(), "the ablation gives every QP the same pause");
        long staggeredPeak = staggered.get("resumePeakBytes").asLong();
        long equalPeak = equal.get("resumePeakBytes").asLong();
        // Equal pauses: the 32 senders restart together and fill the port past its threshold again (a second
        // episode); staggered one RTT apart they never do.
        assertTrue(equalPeak > THRESHOLD_BYTES, "equal pauses: " + equalPeak + " B after resumption");
        assertEquals(2, equal.get("episodes").asLong());
        assertTrue(staggeredPeak < equalPeak / 2, "staggered " + staggeredPeak + " B against " + equalPeak + " B");
        assertEquals(1, staggered.get("episodes").asLong());
    }

    @Test
    void atThreshold_naksBeforeTheQueueIsFull_soNothingIsTailDropped() throws IOException {
        JsonNode r = run("--set", "switch.rnrNack.mode=at-threshold");
        JsonNode port = port(r, CONGESTED);
        JsonNode rnr = port.get("rnr");
        assertTrue(rnr.get("naksSent").asLong() >= INCAST_FLOWS, "every incast QP is NACKed at least once");
        assertEquals(port.get("drops").asLong(), rnr.get("naksSent").asLong() + rnr.get("nackedDrops").asLong(),
                "no tail drop: only the NACKed packets and their QPs' later ones");
        assertTrue(port.get("maxQueueBytes").asLong() < 5L << 20, "the 5 MiB queue never fills");
        for (JsonNode nak : rnr.get("naks")) {
            assertTrue(nak.get("occupancyBytes").asLong() >= 1L << 20, "only while in incast (above clear): " + nak);
        }
        long firstNakPs = rnr.get("naks").get(0).get("atPs").asLong();
        long firstOverPs = rnr.get("firstOverThresholdPs").asLong();
        assertTrue(firstNakPs >= firstOverPs && firstNakPs - firstOverPs < 332_800,
                "the first NAK within one packet time (4,160 B at 100 Gb/s) of the crossing: " + firstOverPs + " ps, "
                        + firstNakPs + " ps");
        assertEquals(34, r.get("summary").get("flowsFinished").asLong());
    }

    @Test
    void missingSnoopState_fallsBackToNormalDropsCountedAsUnresolved_andEverythingStillArrives() throws IOException {
        // A 1 MiB queue overflows before the senders' first ACKs have come back through the port.
        JsonNode r = run("--set", "switch.queue=1MiB", "--set", "switch.rnrNack.threshold=512KiB",
                "--set", "switch.rnrNack.clear=256KiB");
        JsonNode port = port(r, CONGESTED);
        JsonNode rnr = port.get("rnr");
        long unresolved = rnr.get("unresolved").asLong();
        assertTrue(unresolved > 0, "QPs without snooped state");
        assertEquals(unresolved, r.get("summary").get("rnrUnresolved").asLong());
        long tailDrops = port.get("drops").asLong() - rnr.get("naksSent").asLong() - rnr.get("nackedDrops").asLong();
        assertEquals(unresolved, tailDrops, "at-overflow: each unresolved packet was a plain tail drop");
        assertTrue(rnr.get("naksSent").asLong() > 0, "QPs learnt later still get NAKs");
        assertEquals(34, r.get("summary").get("flowsFinished").asLong(), "and nothing is lost for good");
        assertTrue(r.get("virtualEndPs").asLong() < 1_000_000_000L, "without waiting for the 100 ms timeout");
    }

    @Test
    void finiteRnrRetry_endsEveryNackedQpInAFailedFlow() throws IOException {
        JsonNode r = run("--set", "transport.rnrRetry=0");
        for (int f = 0; f < INCAST_FLOWS; f++) {
            assertTrue(r.get("flows").get(f).get("failed").asBoolean(), "flow " + f + ": rnr_retry 0, one NAK");
        }
        assertFalse(r.get("flows").get(32).get("failed").asBoolean());
        assertFalse(r.get("flows").get(33).get("failed").asBoolean(), "the victim QP on a failed QP's NIC");
        assertEquals(2, r.get("summary").get("flowsFinished").asLong());
    }

    @Test
    void runAndCompare_showTheRnrCounters() throws IOException {
        Cli.Outcome run = Cli.run("run", Cli.scenario(SCENARIO), "--out=" + tmp.resolve("table"));
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.contains("RNR NAKs") && l.contains("32 sent by switches")
                && l.contains("599 packets of NACKed QPs dropped") && l.contains("0 unresolved")), run.out());
        Cli.Outcome cmp = Cli.run("compare", Cli.scenario(SCENARIO), Cli.scenario("roce-congestion-spreading.yaml"),
                "--out", tmp.resolve("cmp").toString());
        assertEquals(0, cmp.exitCode(), cmp.err());
        assertTrue(cmp.out().lines().anyMatch(l -> l.matches("\\s*RNR NAKs\\s+32\\s+0\\s*")), cmp.out());
        assertTrue(cmp.out().lines().anyMatch(l -> l.matches("\\s*RNR NACKed drops\\s+599\\s+0\\s*")), cmp.out());
    }

    @Test
    void oneAndThreeShards_sameDigestAndSamePortCounters() throws IOException {
        JsonNode one = run("--shards", "1");
        JsonNode three = run("--shards", "3");
        assertEquals(one.get("digest").asText(), three.get("digest").asText());
        assertEquals(one.get("ports").toString(), three.get("ports").toString(), "every NAK and counter too");
    }
}

package io.fabricemu;

import static io.fabricemu.OneFlowThroughALeaf.HEADER;
import static io.fabricemu.OneFlowThroughALeaf.MTU;
import static io.fabricemu.OneFlowThroughALeaf.PS_PER_S;
import static io.fabricemu.OneFlowThroughALeaf.RATE_BPS;
import static io.fabricemu.OneFlowThroughALeaf.oneWayPs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Receives posted late under Ultra Ethernet (US 12,388,756 ¶(59)-(60), FIG. 1E): worked numbers on one 100 Gb/s
 * hop through a leaf, and the collective with rank skew of {@code topologies/scenarios/uet-all-reduce-skew-rtw.yaml}.
 */
class ReceiverNotReadyTest {
    private static final long POSTED_PS = 20_000_000;

    @TempDir
    Path dir;

    /** Host 1 sends 1 MiB to host 0 through one leaf; {@code recvPosted} as given, or none. */
    private JsonNode oneFlow(String recvPosted) throws IOException {
        String name = "late-" + (recvPosted.isEmpty() ? "none" : recvPosted);
        Path file = OneFlowThroughALeaf.write(dir, name, "", "nscc", "",
                recvPosted.isEmpty() ? "" : ", recvPosted: " + recvPosted);
        return Cli.results(Cli.runInto(dir, 0, file.toString()));
    }

    /** compare gives what a late receive cost each scheme: RTW and RTS against rendezvous fetches and buffering. */
    @Test
    void compare_rowsOfWhatLateReceivesCostEachScheme() throws IOException {
        oneFlow("20us");
        Path out = dir.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", dir.resolve("late-20us.yaml").toString(), "--quiet", "--out=" + out,
                "--sweep", "transport.receiverNotReady=rtw,rendezvous");
        assertEquals(0, o.exitCode(), o.err());
        String csv = Files.readString(out.resolve("comparison.csv"));
        JsonNode rtw = oneFlow("20us").get("receiverNotReady");
        assertTrue(csv.contains("\nrequest-to-wait_(RTW)," + rtw.get("rtwCount").asLong() + ",0\n"), csv);
        assertTrue(csv.contains("\nrequest-to-send_(RTS)," + rtw.get("rtsCount").asLong() + ",0\n"), csv);
        assertTrue(csv.contains("\nnot_ready:_discarded," + rtw.get("discardedBytes").asLong() + ",0\n"), csv);
        assertTrue(csv.contains("\nrendezvous_fetches,0,1\n"), csv);
        assertTrue(csv.contains("\nrendezvous_buffered,0,44946\n"), "the eager part, 11 packets: " + csv);
        Cli.Outcome ready = Cli.run("compare", dir.resolve("late-20us.yaml").toString(), "--quiet", "--out="
                + dir.resolve("ready"), "--set", "workload.flows.0.recvPosted=0ns", "--sweep", "seed=1,2");
        assertEquals(0, ready.exitCode(), ready.err());
        assertFalse(Files.readString(dir.resolve("ready").resolve("comparison.csv")).contains("request-to-wait"),
                "no receive posted late: no such rows");
    }

    /** recvDelay counts from the flow's start: 15 us after a start at 5 us is recvPosted 20 us, the same run. */
    @Test
    void recvDelay_isRecvPostedCountedFromTheFlowsStart() throws IOException {
        JsonNode posted = oneFlow("20us");
        String delayed = Files.readString(dir.resolve("late-20us.yaml")).replace("name: late-20us", "name: late-delay")
                .replace("bytes: 1MiB, recvPosted: 20us}", "bytes: 1MiB, start: 5us, recvDelay: 15us}");
        Path file = dir.resolve("late-delay.yaml");
        Files.writeString(file, delayed);
        JsonNode r = Cli.results(Cli.runInto(dir, 0, file.toString()));
        JsonNode a = posted.get("receiverNotReady");
        JsonNode b = r.get("receiverNotReady");
        assertTrue(b.get("rtwCount").asLong() > 0, b.toString());
        // The flow starts 5 us later, so 5 us less of it is sent before the post: fewer RTWs, the same kind of run.
        assertTrue(b.get("rtwCount").asLong() <= a.get("rtwCount").asLong(), a + " / " + b);
        long waited = b.get("waitedPsMax").asLong();
        assertEquals(a.get("waitedPsMax").asLong() - 5_000_000L, waited, "the wait ends at the same post, 20 us");
    }

    @Test
    void aCsvSchedulesRecvPostedColumn_isTheYamlField() throws IOException {
        JsonNode yaml = oneFlow("20us");
        Files.writeString(dir.resolve("late.csv"), "id,src,dst,bytes,after,gap,start,recvPosted\n,1,0,1MiB,,,,20us\n");
        Path file = dir.resolve("late-csv.yaml");
        String scenario = Files.readString(dir.resolve("late-20us.yaml")).replace("name: late-20us", "name: late-csv")
                .replace("  flows:\n    - {src: 1, dst: 0, bytes: 1MiB, recvPosted: 20us}", "  schedule: late.csv");
        Files.writeString(file, scenario);
        JsonNode csv = Cli.results(Cli.runInto(dir, 0, file.toString()));
        assertEquals(yaml.get("digest").asText(), csv.get("digest").asText());
        assertEquals(yaml.get("receiverNotReady").get("rtwCount").asLong(),
                csv.get("receiverNotReady").get("rtwCount").asLong());
        Files.writeString(file, scenario.replace("transport: {cc: nscc,", "transport: {cc: none,"));
        Cli.Outcome baseline = Cli.run("validate", file.toString());
        assertEquals(2, baseline.exitCode(), baseline.err());
        assertTrue(baseline.err().contains("late.csv:2: recvPosted: a receive posted late (recvPosted, recvDelay) needs a transport"), baseline.err());
    }

    /**
     * ¶(59): "This RTW protocol will retransmit/waste one BDP of data". The first packet reaches the target after
     * 332 ns + 2 x 500 ns + 500 ns = 1,832 ns, its RTW is back 1,505 ns later: 3,337 ns, in which the source
     * sends 41,714 B at 100 Gb/s, about 10 full packets; all it sent before the RTW stopped it, 11 packets, were
     * answered by RTWs and discarded.
     */
    @Test
    void oneRtwRoundWastesAboutOneBandwidthDelayProduct() throws IOException {
        JsonNode r = oneFlow("20us");
        JsonNode notReady = r.get("receiverNotReady");
        long rttPs = oneWayPs(MTU) + oneWayPs(HEADER);
        assertEquals(3_337_120, rttPs);
        long bdpBytes = rttPs * RATE_BPS / 8 / PS_PER_S;
        long discarded = notReady.get("discardedBytes").asLong();
        assertTrue(discarded >= bdpBytes * 3 / 4 && discarded <= bdpBytes * 5 / 4,
                discarded + " B discarded, one BDP is " + bdpBytes + " B");
        assertEquals(discarded / (MTU - HEADER), notReady.get("rtwCount").asLong(), "one RTW per full packet");
        assertEquals(1, notReady.get("rtsCount").asLong(), "the data followed the RTS: it went once");
        assertEquals(discarded, r.get("flows").get(0).get("retransmittedBytes").asLong(),
                "every discarded packet was sent again, and nothing else");
        JsonNode flow = notReady.get("flows").get(0);
        long waited = flow.get("waitedPs").asLong();
        assertEquals(POSTED_PS - rttPs + oneWayPs(HEADER), waited,
                "waits from the first RTW (back at 3,337 ns) to the RTS (left at 20 us, 1,505 ns on the way)");
    }

    /**
     * FIG. 1E: the RTS leaves as the receive is posted, at 20 us, reaches the source 1,505 ns later, and the message
     * starts again from its first packet: it then takes what the same message takes to a ready receiver.
     */
    @Test
    void afterTheRtsTheMessageTakesWhatItTakesToAReadyReceiver() throws IOException {
        JsonNode ready = oneFlow("");
        assertFalse(ready.has("receiverNotReady"), "nothing posted late: results.json as before");
        long readyFinish = ready.get("flows").get(0).get("finishPs").asLong();
        long lateFinish = oneFlow("20us").get("flows").get(0).get("finishPs").asLong();
        long restartPs = POSTED_PS + oneWayPs(HEADER);
        long extraPs = lateFinish - restartPs - readyFinish;
        assertTrue(Math.abs(extraPs) <= readyFinish / 50, "finished at " + lateFinish + " ps; restart at " + restartPs
                + " ps plus the ready run's " + readyFinish + " ps is off by " + extraPs + " ps");
    }

    /** A receive posted before the first packet arrives changes nothing (FIG. 1D). */
    @Test
    void aReceivePostedInTime_isTheReadyRun() throws IOException {
        JsonNode ready = oneFlow("");
        JsonNode early = oneFlow("1ns");
        assertFalse(early.has("receiverNotReady"));
        assertEquals(ready.get("flows").get(0).get("finishPs"), early.get("flows").get(0).get("finishPs"));
    }

    /** The example: ranks out of step meet receives not posted yet, and the all-reduce takes longer. */
    @Test
    void allReduceWithRankSkew_waitsAndTakesLonger() throws IOException {
        JsonNode skewed = Cli.runScenario(dir, "uet-all-reduce-skew-rtw.yaml");
        JsonNode inStep = Cli.runScenario(dir, "uet-all-reduce-skew-rtw.yaml", Cli.sets("workload={kind: all-reduce,"
                + " ranks: [0, 4, 1, 5, 2, 6, 3, 7], bytes: 4MiB, chunks: 2, iterations: 2, computeGap: 10us}"));
        assertEquals(skewed.get("summary").get("flows"), skewed.get("summary").get("flowsFinished"));
        assertTrue(skewed.get("receiverNotReady").get("rtwCount").asLong() > 0, "early ranks met no receive");
        assertFalse(inStep.has("receiverNotReady"), "in step, every receive is posted in time");
        long skewedJct = skewed.get("collectives").get(1).get("finishPs").asLong();
        long inStepJct = inStep.get("collectives").get(1).get("finishPs").asLong();
        assertTrue(skewedJct > inStepJct, "skewed " + skewedJct + " ps, in step " + inStepJct + " ps");
        JsonNode maxZero = Cli.runScenario(dir, "uet-all-reduce-skew-rtw.yaml", Cli.sets("workload.skew.max=0us"));
        assertEquals(inStep.get("digest"), maxZero.get("digest"), "skew.max 0 is the ring in step");
    }

    /** A skew sweep from 0: compare's table puts the skew's cost beside the ring in step. */
    @Test
    void compare_skewSweptFromZero_showsWhatTheSkewCosts() throws IOException {
        Path out = dir.resolve("skew-sweep");
        Cli.Outcome o = Cli.run("compare", Cli.scenario("uet-all-reduce-skew-rtw.yaml"), "--quiet", "--out=" + out,
                "--sweep", "workload.skew.max=0us,20us");
        assertEquals(0, o.exitCode(), o.err());
        String table = Files.readString(out.resolve("comparison.md"));
        assertTrue(table.contains("workload.skew.max=0us") && table.contains("workload.skew.max=20us"), table);
        assertTrue(table.contains("request-to-wait (RTW)"), "the skewed run met receives not posted:\n" + table);
    }
}

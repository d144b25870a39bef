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
 * Receives posted late under RoCEv2: the responder answers a SEND that finds no posted receive with an RNR NAK
 * (IBTA Volume 1, 9.7.5.2.8), drops what follows it, and the requester resends from the NAKed PSN once the RNR timer
 * is over. Worked numbers on the hop of {@link ReceiverNotReadyTest}: one 1 MiB flow between two 100 Gb/s hosts
 * through a leaf, the receive posted at 20 us, DCQCN (which starts at line rate), a 10 us RNR timer (code 1).
 */
class RoceReceiverNotReadyTest {
    private static final long POSTED_PS = 20_000_000;
    private static final long RNR_TIMER_PS = 10_000_000;
    /** min_rnr_timer code 12, the example's. */
    private static final long DEFAULT_RNR_TIMER_PS = 640_000_000;

    @TempDir
    Path dir;

    private Path scenario(String cc, String recvPosted) throws IOException {
        String name = "roce-late-" + cc + "-" + (recvPosted.isEmpty() ? "none" : recvPosted);
        return OneFlowThroughALeaf.write(dir, name, ", trimming: false", cc, cc.equals("none") ? "" : ", rnrTimer: 10us",
                recvPosted.isEmpty() ? "" : ", recvPosted: " + recvPosted);
    }

    private JsonNode oneFlow(String recvPosted) throws IOException {
        return Cli.results(Cli.runInto(dir, 0, scenario("dcqcn", recvPosted).toString()));
    }

    /**
     * The first packet reaches the responder at 1,832 ns and its RNR NAK is back at 3,337 ns, one round trip, in
     * which the requester started 11 packets (one every 332 ns): all 11 are dropped. It waits the 10 us timer,
     * resends PSN 0, which arrives at 15,169 ns, before the post: a second NAK, 11 more packets. The third attempt
     * arrives at 28,506 ns, after the post, and goes through. So one NAK per attempt before the post, attempts one
     * round trip plus the timer apart, and the bytes dropped are what the requester sent before each NAK came back.
     */
    @Test
    void oneRnrNakPerAttemptBeforeThePost() throws IOException {
        JsonNode r = oneFlow("20us");
        long rttPs = oneWayPs(MTU) + oneWayPs(HEADER);
        long attemptPs = rttPs + RNR_TIMER_PS;
        long firstArrivalPs = oneWayPs(MTU);
        long refused = 0;
        while (firstArrivalPs + refused * attemptPs < POSTED_PS) {
            refused++;
        }
        assertEquals(2, refused);
        JsonNode notReady = r.get("receiverNotReady");
        assertEquals(refused, notReady.get("rnrNaks").asLong(), "one RNR NAK per attempt before the post");
        assertEquals(0, notReady.get("rtwCount").asLong());
        assertEquals(0, notReady.get("rtsCount").asLong());
        long serialisationPs = MTU * 8 * PS_PER_S / RATE_BPS;
        long sentPerRoundTrip = (rttPs + serialisationPs - 1) / serialisationPs; // started before the NAK is back
        assertEquals(11, sentPerRoundTrip);
        long droppedBytes = refused * sentPerRoundTrip * (MTU - HEADER);
        assertEquals(droppedBytes, notReady.get("discardedBytes").asLong(),
                "every packet sent before a NAK came back was dropped");
        assertEquals(droppedBytes, r.get("flows").get(0).get("retransmittedBytes").asLong(), "and sent again");
        assertEquals(1, notReady.get("messagesWaited").asLong());
        assertEquals(refused * attemptPs, notReady.get("waitedPsMax").asLong(),
                "from the first NAK to the accepted resend: the attempts are the RNR timer plus a round trip apart");
        assertEquals(0, r.get("summary").get("rnrNaksSent").asLong(), "no switch sent an RNR NAK");
        long finishPs = r.get("flows").get(0).get("finishPs").asLong();
        assertTrue(finishPs > POSTED_PS, "finished at " + finishPs + " ps");
        long readyFinishPs = oneFlow("").get("flows").get(0).get("finishPs").asLong();
        assertEquals(readyFinishPs + refused * attemptPs, finishPs, "the ready run, started two attempts later");
    }

    /** A receive posted before the first packet arrives changes nothing, as under Ultra Ethernet. */
    @Test
    void aReceivePostedInTime_isTheReadyRun() throws IOException {
        JsonNode ready = oneFlow("");
        JsonNode early = oneFlow("1ns");
        assertFalse(ready.has("receiverNotReady"));
        assertFalse(early.has("receiverNotReady"));
        assertEquals(ready.get("digest"), early.get("digest"));
    }

    /** The CSV schedule's column is the YAML field, under RoCEv2 too. */
    @Test
    void aCsvSchedulesRecvPostedColumn_isTheYamlField() throws IOException {
        JsonNode yaml = oneFlow("20us");
        Files.writeString(dir.resolve("late.csv"), "id,src,dst,bytes,after,gap,start,recvPosted\n,1,0,1MiB,,,,20us\n");
        Path file = dir.resolve("roce-late-csv.yaml");
        Files.writeString(file, Files.readString(scenario("dcqcn", "20us"))
                .replace("name: roce-late-dcqcn-20us", "name: roce-late-csv")
                .replace("  flows:\n    - {src: 1, dst: 0, bytes: 1MiB, recvPosted: 20us}", "  schedule: late.csv"));
        JsonNode csv = Cli.results(Cli.runInto(dir, 0, file.toString()));
        assertEquals(yaml.get("digest"), csv.get("digest"));
        assertEquals(yaml.get("receiverNotReady"), csv.get("receiverNotReady"));
    }

    /** The baseline transport has no answer to a packet without a receive: refused at the field, naming both. */
    @Test
    void theBaselineTransport_refusesRecvPosted() throws IOException {
        Cli.Outcome none = Cli.run("validate", scenario("none", "20us").toString());
        assertEquals(2, none.exitCode(), none.err());
        assertTrue(none.err().contains("a receive posted late (recvPosted, recvDelay) needs a transport that answers a packet without a posted receive"),
                none.err());
        assertTrue(none.err().contains("roce or dcqcn (RoCEv2, the responder's RNR NAK)"), none.err());
        assertTrue(none.err().contains("this scenario runs transport.cc none"), none.err());
    }

    /** The example: ranks out of step meet receives not posted yet; the responders NAK, the ring takes longer. */
    @Test
    void allReduceWithRankSkew_rnrNaksAndTakesLonger() throws IOException {
        JsonNode skewed = Cli.runScenario(dir, "roce-all-reduce-skew-rnr.yaml");
        JsonNode prePosted = Cli.runScenario(dir, "roce-all-reduce-skew-rnr.yaml", Cli.sets("workload={kind:"
                + " all-reduce, ranks: [0, 4, 1, 5, 2, 6, 3, 7], bytes: 4MiB, chunks: 2, iterations: 2,"
                + " computeGap: 10us, skew: {max: 20us, receives: pre-posted}}"));
        assertEquals(skewed.get("summary").get("flows"), skewed.get("summary").get("flowsFinished"));
        JsonNode notReady = skewed.get("receiverNotReady");
        assertTrue(notReady.get("rnrNaks").asLong() > 0, "early ranks met no receive");
        assertEquals(0, notReady.get("rtwCount").asLong());
        assertEquals(0, skewed.get("summary").get("rnrNaksSent").asLong(), "the switches sent none");
        assertFalse(prePosted.has("receiverNotReady"), "pre-posted, every receive is posted in time");
        long skewedJct = skewed.get("collectives").get(1).get("finishPs").asLong();
        long prePostedJct = prePosted.get("collectives").get(1).get("finishPs").asLong();
        assertTrue(skewedJct > prePostedJct + DEFAULT_RNR_TIMER_PS, "on-step " + skewedJct + " ps, pre-posted "
                + prePostedJct + " ps: at least one 640 us RNR timer more");
    }
}

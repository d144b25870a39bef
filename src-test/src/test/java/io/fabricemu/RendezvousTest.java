package io.fabricemu;

import static io.fabricemu.OneFlowThroughALeaf.HEADER;
import static io.fabricemu.OneFlowThroughALeaf.MTU;
import static io.fabricemu.OneFlowThroughALeaf.PS_PER_S;
import static io.fabricemu.OneFlowThroughALeaf.RATE_BPS;
import static io.fabricemu.OneFlowThroughALeaf.oneWayPs;
import static io.fabricemu.OneFlowThroughALeaf.serializationPs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eager-then-fetch (rendezvous) for a receive posted late under Ultra Ethernet, the alternative US 12,388,756 ¶(59)
 * ends with (UE 1.0, SES, rendezvous send), worked by hand on one 100 Gb/s hop through a leaf, the setting of
 * {@link ReceiverNotReadyTest}: host 1 sends 1 MiB to host 0, whose receive is posted at 20 us.
 *
 * <p>The figures: a 4,150 B packet takes 332 ns to serialise, a 64 B header 5.12 ns; one way through the leaf
 * (cut-through) adds 2 x 500 ns of cable and 500 ns of switch. config_base_rtt, derived from the topology, is
 * twice (332 + 1,000 + 500) ns = 3,664 ns, so one BDP is 3,664 ns x 100 Gb/s = 45,800 B: the eager part is the
 * 11 whole packets of 4,086 B it holds, 44,946 B. They leave back to back, the last at 10 x 332 ns = 3,320 ns; the
 * target holds them all (the first arrives at 1,832 ns, long before the post). At 20 us the receive is posted and
 * the fetch request leaves; it reaches the source 1,505.12 ns later, at 21,505.12 ns: the message waited 21,505.12
 * - 3,320 = 18,185.12 ns. The rest, 1,048,576 - 44,946 = 1,003,630 B, is 245 full packets and one of 2,560 B
 * (2,624 B on the wire, 209.92 ns). At line rate from 21,505.12 ns its last bit arrives at 21,505.12 + 245 x 332 +
 * 209.92 + 1,500 = 104,555.04 ns; measured 105,602.4 ns, 1.0% later (NSCC's pacing of the rest: under RCCC the
 * same run ends at exactly 104,555.04 ns), and 2.97 us before the request-to-wait run's 108,573 ns.
 */
class RendezvousTest {
    private static final int PAYLOAD = MTU - HEADER;
    private static final long POSTED_PS = 20_000_000;
    private static final long MESSAGE_BYTES = 1 << 20;

    @TempDir
    Path dir;

    private JsonNode oneFlow(String transport) throws IOException {
        return oneFlow(transport, ", recvPosted: 20us");
    }

    private JsonNode oneFlow(String transport, String recvPosted) throws IOException {
        Path file = OneFlowThroughALeaf.write(dir, "rendezvous", "", "nscc", transport, recvPosted);
        return Cli.results(Cli.runInto(dir, 0, file.toString()));
    }

    @Test
    void oneBdpGoesEagerly_isBufferedNotDiscarded_andTheRestFollowsOneFetchAfterThePost() throws IOException {
        JsonNode r = oneFlow(", receiverNotReady: rendezvous");
        JsonNode notReady = r.get("receiverNotReady");
        long baseRttPs = 2 * oneWayPs(MTU);
        assertEquals(3_664_000, baseRttPs);
        long bdpBytes = baseRttPs * RATE_BPS / 8 / PS_PER_S;
        assertEquals(45_800, bdpBytes);
        long eagerPackets = bdpBytes / PAYLOAD;
        long eagerBytes = eagerPackets * PAYLOAD;
        assertEquals(44_946, eagerBytes, "the whole packets one BDP holds");
        assertEquals(eagerBytes, notReady.get("bufferedBytes").asLong(), "every eager byte was held, once");
        assertEquals(eagerBytes, notReady.get("bufferedBytesPeakMax").asLong());
        assertEquals(0, notReady.get("discardedBytes").asLong(), "nothing discarded");
        assertEquals(0, notReady.get("rtwCount").asLong(), "no request-to-wait");
        assertEquals(0, r.get("flows").get(0).get("retransmittedBytes").asLong(), "nothing sent twice");
        assertEquals(1, notReady.get("fetchCount").asLong(), "one fetch, not repeated: the rest followed it");
        long lastEagerSentPs = (eagerPackets - 1) * serializationPs(MTU);
        long fetchArrivesPs = POSTED_PS + oneWayPs(HEADER);
        assertEquals(21_505_120, fetchArrivesPs);
        assertEquals(fetchArrivesPs - lastEagerSentPs, notReady.get("flows").get(0).get("waitedPs").asLong(),
                "waited from its last eager packet to the fetch, which left at the post");
        long fullPackets = (MESSAGE_BYTES - eagerBytes) / PAYLOAD;
        long lastPayload = MESSAGE_BYTES - eagerBytes - fullPackets * PAYLOAD;
        assertEquals(245, fullPackets);
        assertEquals(2_560, lastPayload);
        long lineRateFinishPs = fetchArrivesPs + fullPackets * serializationPs(MTU)
                + oneWayPs(lastPayload + HEADER);
        assertEquals(104_555_040, lineRateFinishPs);
        long finishPs = r.get("flows").get(0).get("finishPs").asLong();
        assertTrue(finishPs >= lineRateFinishPs && finishPs <= lineRateFinishPs + lineRateFinishPs / 50,
                "finished at " + finishPs + " ps, the rest at line rate from the fetch would end at "
                        + lineRateFinishPs + " ps");
    }

    /** Under RCCC the rest leaves at line rate from the fetch: the finish is the hand figure, to the picosecond. */
    @Test
    void underRccc_theFinishIsTheHandArithmetic() throws IOException {
        JsonNode r = oneFlow(", receiverNotReady: rendezvous", ", recvPosted: 20us").get("flows").get(0);
        assertEquals(104_555_040, oneFlowRccc().get("flows").get(0).get("finishPs").asLong(),
                "20 us + 1,505.12 ns fetch + 245 x 332 ns + 209.92 ns + 1,500 ns");
        assertTrue(r.get("finishPs").asLong() > 104_555_040, "NSCC paces the rest a little");
    }

    private JsonNode oneFlowRccc() throws IOException {
        Path file = dir.resolve("rendezvous-rccc.yaml");
        Files.writeString(file, Files.readString(dir.resolve("rendezvous.yaml"))
                .replace("name: rendezvous", "name: rendezvous-rccc").replace("cc: nscc,", "cc: rccc,"));
        return Cli.results(Cli.runInto(dir, 0, file.toString()));
    }

    @Test
    void theSameRunUnderRequestToWait_discardsAndFinishesLater() throws IOException {
        JsonNode rtw = oneFlow("");
        JsonNode rendezvous = oneFlow(", receiverNotReady: rendezvous");
        assertTrue(rtw.get("receiverNotReady").get("discardedBytes").asLong() > 0);
        assertTrue(!rtw.get("receiverNotReady").has("fetchCount"), "RTW results as before: no rendezvous keys");
        long rtwFinish = rtw.get("flows").get(0).get("finishPs").asLong();
        long rendezvousFinish = rendezvous.get("flows").get(0).get("finishPs").asLong();
        assertTrue(rendezvousFinish < rtwFinish, "rendezvous " + rendezvousFinish + " ps, RTW " + rtwFinish + " ps");
    }

    /**
     * The whole message is eager: it never waits, the target holds what arrives before 20 us (about 54 packets at
     * 332 ns each after the first's 1,832 ns) and needs no fetch, and the message ends as it does to a ready receiver.
     */
    @Test
    void aMessageNoLargerThanTheEagerPart_needsNoFetch_andRunsAsToAReadyReceiver() throws IOException {
        JsonNode r = oneFlow(", receiverNotReady: rendezvous, eagerSize: 2MiB");
        JsonNode notReady = r.get("receiverNotReady");
        assertEquals(0, notReady.get("fetchCount").asLong());
        long held = notReady.get("bufferedBytes").asLong();
        assertEquals(0, held % PAYLOAD, "whole packets");
        long arrivedBy20us = (POSTED_PS - oneWayPs(MTU)) / serializationPs(MTU) + 1;
        assertTrue(held > 0 && held <= arrivedBy20us * PAYLOAD, held + " B held; at most " + arrivedBy20us
                + " packets arrived before the post");
        assertEquals(0, r.get("flows").get(0).get("retransmittedBytes").asLong());
        JsonNode ready = oneFlow(", receiverNotReady: rendezvous, eagerSize: 2MiB", "");
        assertEquals(ready.get("flows").get(0).get("finishPs"), r.get("flows").get(0).get("finishPs"));
    }
}

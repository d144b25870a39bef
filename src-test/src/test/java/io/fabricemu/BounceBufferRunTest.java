package io.fabricemu;

import static io.fabricemu.OneFlowThroughALeaf.HEADER;
import static io.fabricemu.OneFlowThroughALeaf.MTU;
import static io.fabricemu.OneFlowThroughALeaf.oneWayPs;
import static io.fabricemu.OneFlowThroughALeaf.serializationPs;
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
 * Bounce buffers at the target ({@code transport.receiverNotReady: buffer}, the buffering US 12,388,756 ¶(59) sets
 * against request-to-wait), worked by hand on the hop of {@link ReceiverNotReadyTest}: host 1 sends 1 MiB to host 0
 * through one leaf. {@code initialWindow: 2MiB} lets the source send at line rate, so every time is hand arithmetic.
 *
 * <p>The figures: a 4,150 B packet (4,086 B of payload) serialises in 332 ns and reaches the target 1,832 ns after
 * it starts (332 ns + 2 x 500 ns of cable + 500 ns of switch, cut-through); a header-only RTW or RTS takes 1,505.12
 * ns. 1 MiB is 256 full packets and one of 2,560 B (2,624 B on the wire, 209.92 ns). To a ready receiver packet k
 * arrives at 1,832 + 332k ns and the last one's last bit at 256 x 332 + 209.92 + 1,500 = 86,701.92 ns.
 *
 * <table>
 *   <caption>Worked numbers</caption>
 *   <tr><th>case</th><th>by hand</th></tr>
 *   <tr><td>receive at 20 us, 8 MiB pool</td><td>packets 0..54 arrive by 20 us (1,832 + 54 x 332 = 19,760 ns;
 *       the 56th at 20,092 ns): 55 x 4,086 = 224,730 B held, the peak; no RTW; each is acknowledged at once, so the
 *       run is the ready receiver's, finishing at 86,701.92 ns</td></tr>
 *   <tr><td>receive at 200 us</td><td>the whole 1,048,576 B is held; the message completes at exactly 200 us; with
 *       a 400 Gb/s memory write rate the copy out of the pool takes 1,048,576 x 8 / 400 Gb/s = 20,971.52 ns, so it
 *       completes at 220,971.52 ns</td></tr>
 *   <tr><td>receive at 20 us, 64 KiB pool</td><td>16 packets fit (65,376 B); packet 16 arrives at 7,144 ns and is
 *       answered by an RTW, back at 8,649.12 ns, when packets 16..26 (26 x 332 = 8,632 ns) have left: 11 RTWs,
 *       44,946 B discarded and resent. The RTS leaves at the post and arrives at 21,505.12 ns, 12,856 ns after the
 *       RTW (the wait); the source resends from packet 16: 240 full packets and the last, ending at 21,505.12 + 240
 *       x 332 + 209.92 + 1,500 = 102,895.04 ns</td></tr>
 * </table>
 */
class BounceBufferRunTest {
    private static final int PAYLOAD = MTU - HEADER;
    private static final long MESSAGE_BYTES = 1 << 20;
    private static final long READY_FINISH_PS = 86_701_920;

    @TempDir
    Path dir;

    private JsonNode oneFlow(String name, String transport, String recvPosted) throws IOException {
        Path file = OneFlowThroughALeaf.write(dir, name, "", "nscc", ", initialWindow: 2MiB" + transport,
                recvPosted);
        return Cli.results(Cli.runInto(dir, 0, file.toString()));
    }

    private static long lastArrivalPs() {
        long fullPackets = MESSAGE_BYTES / PAYLOAD;
        return fullPackets * serializationPs(MTU) + oneWayPs(MESSAGE_BYTES - fullPackets * PAYLOAD + HEADER);
    }

    @Test
    void aPoolLargeEnough_holdsWhatArrivesBeforeThePost_andTheRunIsTheReadyReceivers() throws IOException {
        assertEquals(READY_FINISH_PS, lastArrivalPs());
        JsonNode ready = oneFlow("ready", ", receiverNotReady: buffer", "");
        assertEquals(READY_FINISH_PS, ready.get("flows").get(0).get("finishPs").asLong());
        assertFalse(ready.has("receiverNotReady"), "every receive in time: nothing to report");
        JsonNode r = oneFlow("late", ", receiverNotReady: buffer", ", recvPosted: 20us");
        long arrivedBy20us = (20_000_000 - oneWayPs(MTU)) / serializationPs(MTU) + 1;
        assertEquals(55, arrivedBy20us);
        JsonNode notReady = r.get("receiverNotReady");
        assertEquals(arrivedBy20us * PAYLOAD, notReady.get("bounceBufferedBytes").asLong());
        assertEquals(224_730, notReady.get("bounceBufferPeakMax").asLong(), "the bytes arrived by the post");
        assertEquals(224_730, notReady.get("bounceBufferPeakSum").asLong());
        assertEquals(1, notReady.get("bounceBufferedMessages").asLong());
        assertEquals(0, notReady.get("bounceOverflowPackets").asLong());
        assertEquals(0, notReady.get("rtwCount").asLong(), "no request-to-wait");
        assertFalse(notReady.has("fetchCount"), "no rendezvous keys");
        assertEquals(ready.get("digest"), r.get("digest"), "every packet acknowledged as to a ready receiver");
        assertEquals(READY_FINISH_PS, r.get("flows").get(0).get("finishPs").asLong());
    }

    @Test
    void aMessageHeldWhole_completesAtThePost_plusTheCopyAtTheMemoryWriteRate() throws IOException {
        JsonNode r = oneFlow("held", ", receiverNotReady: buffer", ", recvPosted: 200us");
        assertEquals(200_000_000, r.get("flows").get(0).get("finishPs").asLong(), "at the post, not at 86.7 us");
        assertEquals(MESSAGE_BYTES, r.get("receiverNotReady").get("bounceBufferPeakMax").asLong());
        assertEquals(0, r.get("flows").get(0).get("retransmittedBytes").asLong());
        JsonNode copied = oneFlow("copied", ", receiverNotReady: buffer, receiverMemory: {writeRate: 400Gbps,"
                + " buffer: 1MiB}", ", recvPosted: 200us");
        long copyPs = MESSAGE_BYTES * 8 * 1_000_000_000_000L / 400_000_000_000L;
        assertEquals(20_971_520, copyPs);
        assertEquals(200_000_000 + copyPs, copied.get("flows").get(0).get("finishPs").asLong());
    }

    @Test
    void aPoolSmallerThanTheMessage_holdsWhatFits_andTheRestGoesByRequestToWait() throws IOException {
        JsonNode r = oneFlow("small", ", receiverNotReady: buffer, bounceBuffer: 64KiB", ", recvPosted: 20us");
        JsonNode notReady = r.get("receiverNotReady");
        long fit = 65_536 / PAYLOAD;
        assertEquals(16, fit);
        assertEquals(fit * PAYLOAD, notReady.get("bounceBufferedBytes").asLong());
        assertEquals(65_376, notReady.get("bounceBufferPeakMax").asLong());
        long rtwBackPs = oneWayPs(MTU) + fit * serializationPs(MTU) + oneWayPs(HEADER);
        assertEquals(8_649_120, rtwBackPs);
        long sentBeforeIt = rtwBackPs / serializationPs(MTU) + 1 - fit;
        assertEquals(11, sentBeforeIt);
        assertEquals(sentBeforeIt, notReady.get("rtwCount").asLong());
        assertEquals(sentBeforeIt, notReady.get("bounceOverflowPackets").asLong());
        assertEquals(sentBeforeIt * PAYLOAD, notReady.get("discardedBytes").asLong());
        assertEquals(1, notReady.get("rtsCount").asLong());
        long rtsArrivesPs = 20_000_000 + oneWayPs(HEADER);
        assertEquals(rtsArrivesPs - rtwBackPs, notReady.get("waitedPsMax").asLong());
        long resentFull = MESSAGE_BYTES / PAYLOAD - fit;
        long finishPs = rtsArrivesPs + resentFull * serializationPs(MTU)
                + oneWayPs(MESSAGE_BYTES - MESSAGE_BYTES / PAYLOAD * PAYLOAD + HEADER);
        assertEquals(102_895_040, finishPs);
        assertEquals(finishPs, r.get("flows").get(0).get("finishPs").asLong());
    }

    /** The summary's row and compare's rows, left out of runs without bounce buffers. */
    @Test
    void summaryAndCompare_showWhatTheBounceBuffersHeld() throws IOException {
        Path file = OneFlowThroughALeaf.write(dir, "cmp", "", "nscc", ", initialWindow: 2MiB", ", recvPosted: 20us");
        Path out = dir.resolve("cmp-out");
        Cli.Outcome o = Cli.run("compare", file.toString(), "--quiet", "--out=" + out, "--sweep",
                "transport.receiverNotReady=rtw,buffer");
        assertEquals(0, o.exitCode(), o.err());
        String csv = Files.readString(out.resolve("comparison.csv"));
        assertTrue(csv.contains("\nbounce_buffered,0,224730\n"), csv);
        assertTrue(csv.contains("\nbounce_buffer_peak,0,224730\n"), csv);
        String table = Files.readString(out.resolve("comparison.md"));
        assertTrue(table.contains("| bounce buffer peak | 0 B | 224,730 B |"), table);
        assertFalse(table.contains("bounce overflow"), "0 in every run: left out of the table (the CSV keeps it)");
        Cli.Outcome plain = Cli.run("compare", file.toString(), "--quiet", "--out=" + dir.resolve("plain"),
                "--sweep", "transport.receiverNotReady=rtw,rendezvous");
        assertEquals(0, plain.exitCode(), plain.err());
        assertFalse(Files.readString(dir.resolve("plain").resolve("comparison.md")).contains("bounce"));
        Cli.Outcome run = Cli.run("run", file.toString(), "--set", "transport.receiverNotReady=buffer",
                "--out=" + dir.resolve("one"));
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().matches("(?s).*\\n  bounce buffers +224,730 B of 1 message held until the receive.*"),
                run.out());
        assertFalse(run.out().contains("receiver not ready"), "held whole, the message never stopped its source:\n"
                + run.out());
    }
}

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
 * A flow of several messages ({@code messages}, {@code recvEvery}) whose receives are posted late, under Ultra
 * Ethernet's request-to-wait (US 12,388,756 ¶(59)-(60), FIG. 1F): worked numbers on the one 100 Gb/s hop of
 * {@link OneFlowThroughALeaf}, 1 MiB in two messages of 512 KiB.
 */
class MessagesTest {
    private static final long POSTED_PS = 20_000_000;
    /** The first packet's way there and its RTW's way back: 1,832 + 1,505 ns. */
    private static final long RTT_PS = oneWayPs(MTU) + oneWayPs(HEADER);
    /** The RTS leaves at the post and reaches the source a header's one way later. */
    private static final long RTS_PS = oneWayPs(HEADER);

    @TempDir
    Path dir;

    private JsonNode run(String name, String flowMore) throws IOException {
        Path file = OneFlowThroughALeaf.write(dir, name, "", "nscc", "", flowMore);
        return Cli.results(Cli.runInto(dir, 0, file.toString()));
    }

    /** {@code messages: 1} is the entry without the field: the same flows, the same digest. */
    @Test
    void oneMessage_isTheFlowAsBefore() throws IOException {
        JsonNode before = run("one", ", recvPosted: 20us");
        JsonNode one = run("one-message", ", recvPosted: 20us, messages: 1");
        assertEquals(before.get("digest").asText(), one.get("digest").asText());
        assertEquals(1, one.get("flows").size());
    }

    /**
     * Both receives posted at 20 us. Message 0 (MSN 0) meets no receive: the 11 packets it sends in the first round
     * trip, 11 x 4,086 B = 44,946 B, are discarded, and it waits from its first RTW, back at 3,337 ns, to the RTS,
     * which leaves at 20 us and arrives 1,505 ns later: 18,168 ns, as the one-message flow. Message 1 queues
     * behind it, so it starts only once message 0's 129 packets (524,288 B / 4,086 B) have gone after the restart:
     * not before 21,505 ns + 128 x 332 ns = 64,001 ns; its receive is posted by then, and it never waits.
     */
    @Test
    void twoMessages_receivesPostedAtOnce_onlyTheFirstWaits() throws IOException {
        JsonNode r = run("two", ", recvPosted: 20us, messages: 2");
        JsonNode flows = r.get("flows");
        assertEquals(2, flows.size());
        assertEquals(524_288, flows.get(0).get("bytes").asLong());
        assertEquals(524_288, flows.get(1).get("bytes").asLong());
        JsonNode notReady = r.get("receiverNotReady");
        assertEquals(11, notReady.get("rtwCount").asLong());
        assertEquals(1, notReady.get("rtsCount").asLong());
        assertEquals(11 * (MTU - HEADER), notReady.get("discardedBytes").asLong());
        assertEquals(1, notReady.get("flows").size(), notReady.toString());
        JsonNode first = notReady.get("flows").get(0);
        assertEquals(0, first.get("msn").asInt());
        assertEquals(524_288, first.get("bytes").asLong());
        assertEquals(POSTED_PS - RTT_PS + RTS_PS, first.get("waitedPs").asLong());
        long restartPs = POSTED_PS + RTS_PS;
        long start1 = flows.get(1).get("startPs").asLong();
        assertTrue(start1 >= restartPs + 128 * serializationPs(MTU), "message 1 started at " + start1 + " ps");
        assertEquals(0, flows.get(1).get("retransmittedBytes").asLong());
    }

    /**
     * Receives posted one by one, message 1's 100 us after message 0's, at 120 us: message 1 (MSN 1) starts
     * behind message 0, before its receive, and is refused in its turn although message 0's receive is posted
     * (matching is by MSN, FIG. 1F): the same 11 packets, 44,946 B, are discarded. Its start is when message 0's
     * last packet (524,288 - 128 x 4,086 = 1,280 B of payload, 1,344 B on the wire) starts to leave; its own first
     * packet leaves 107.52 ns later, its RTW is back a round trip after that, and it waits until its own RTS
     * arrives at 121,505 ns: measured 121,505,120 - 64,367,360 - 107,520 - 3,337,120 = 53,693,120 ps.
     */
    @Test
    void twoMessages_receivesPostedOneByOne_eachWaitsForItsOwn() throws IOException {
        JsonNode r = run("every", ", recvPosted: 20us, messages: 2, recvEvery: 100us");
        JsonNode notReady = r.get("receiverNotReady");
        assertEquals(2, notReady.get("rtsCount").asLong());
        assertEquals(2, notReady.get("flows").size());
        JsonNode second = notReady.get("flows").get(1);
        assertEquals(1, second.get("msn").asInt());
        assertEquals(11, second.get("rtwCount").asLong());
        assertEquals(11 * (MTU - HEADER), second.get("discardedBytes").asLong());
        long start1 = r.get("flows").get(1).get("startPs").asLong();
        long rtsAt = POSTED_PS + 100_000_000 + RTS_PS;
        long lastOfMessage0Ps = serializationPs(524_288 - 128 * (MTU - HEADER) + HEADER);
        assertEquals(107_520, lastOfMessage0Ps);
        assertEquals(rtsAt - start1 - lastOfMessage0Ps - RTT_PS, second.get("waitedPs").asLong(),
                "from its first RTW to its RTS");
        assertTrue(r.get("flows").get(1).get("finishPs").asLong() > rtsAt);
    }

    /** report.html lists the messages that waited, longest first, with their MSNs. */
    @Test
    void report_tablesTheMessagesThatWaited() throws IOException {
        Path file = OneFlowThroughALeaf.write(dir, "report", "", "nscc", "",
                ", recvPosted: 20us, messages: 2, recvEvery: 100us");
        Path out = Cli.runInto(dir, 0, file.toString());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("Messages that waited for their receive"), "the table's heading");
        assertTrue(html.contains("All 2 messages that met a receiver not ready, longest wait first."), "its note");
        Path ready = Cli.runInto(dir, 0, OneFlowThroughALeaf.write(dir, "ready", "", "nscc", "", "").toString());
        assertFalse(Files.readString(ready.resolve("report.html")).contains("Messages that waited"));
    }
}

package io.fabricemu;

import static io.fabricemu.Cli.port;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WREB scenarios of {@code topologies/scenarios/wreb-*.yaml} (weighted random early back-to-sender,
 * US 12,388,756), run through the command line, each asserting the outcome it exists to show. The
 * probability curve at held queue levels is measured in emulator-core ({@code wreb.WrebPortTest}), where the
 * queue can be held still.
 */
class WrebScenariosTest {
    /** Notices are header-only: transport.header in every scenario here. */
    private static final long NOTICE_BYTES = 64;
    /** Payload of a full packet: mtu 4,150 B less the 64 B header. */
    private static final long PAYLOAD = 4_086;

    @TempDir
    Path tmp;

    private JsonNode run(String scenario, String... extra) throws IOException {
        return Cli.runScenario(tmp, scenario, extra);
    }


    /** The sum of a back-to-sender counter over every port. */
    private static long bts(JsonNode results, String counter) {
        long total = 0;
        for (JsonNode p : results.get("ports")) {
            total += p.get("bts").get(counter).asLong();
        }
        return total;
    }

    private static long flowsSum(JsonNode results, String field) {
        long total = 0;
        for (JsonNode f : results.get("flows")) {
            total += f.get(field).asLong();
        }
        return total;
    }

    // ---------------------------------------------------------------- 32:1 incast

    @Test
    void incast32to1_nscc_wrebKeepsThePeakUnderTheBufferWithoutDrops_ecnEchoAloneOverflows() throws IOException {
        JsonNode wreb = run("wreb-incast-32to1-nscc.yaml");
        JsonNode echo = run("wreb-incast-32to1-nscc.yaml", "--set", "switch.wreb.enabled=false");
        JsonNode w = wreb.get("summary");
        JsonNode e = echo.get("summary");
        assertEquals(32, w.get("flowsFinished").asLong());
        assertEquals(32, e.get("flowsFinished").asLong());
        assertEquals("leaf0:p0", w.get("hottestPort").asText());
        // ECN echo alone: the echo waits behind the queue, which overflows its 2,500 KB; drops are found by
        // the 1 ms timeout. Measured: peak 2,498,300 B, 144 drops. With WREB, notices reach the senders as
        // packets enter the queue: peak 2,257,600 B, no drop.
        long wrebPeak = w.get("hottestPortBytes").asLong();
        long echoPeak = e.get("hottestPortBytes").asLong();
        assertTrue(echoPeak > 2_450_000, "ECN echo alone fills the buffer: " + echoPeak + " B");
        assertTrue(wrebPeak < echoPeak - 200_000, "WREB peak " + wrebPeak + " B against " + echoPeak + " B");
        assertTrue(e.get("drops").asLong() > 100, "ECN echo alone drops: " + e.get("drops"));
        assertEquals(0, w.get("drops").asLong(), "WREB drops nothing");
        assertTrue(w.get("fctMaxPs").asLong() < e.get("fctMaxPs").asLong() / 2, "no timeout waits with WREB");
        // Overhead: the switches' notices, 64 B each, all received by the senders; a small share of the
        // 32 x 128 KiB delivered (measured 622 notices, 39,808 B, 0.95%).
        long sent = w.get("btsSent").asLong();
        assertTrue(sent > 0);
        assertEquals(sent, bts(wreb, "earlySent") + bts(wreb, "dropSent"));
        assertEquals(sent, bts(wreb, "received"), "every notice reached its sender");
        assertEquals(sent * NOTICE_BYTES, w.get("btsBytes").asLong());
        assertEquals(w.get("btsBytes").asLong() * 1_000_000 / (32L * 128 * 1024), w.get("btsPpmOfDelivered").asLong());
        assertTrue(w.get("btsPpmOfDelivered").asLong() < 20_000, "under 2% of the delivered bytes");
        assertEquals(0, e.get("btsSent").asLong(), "no notices without WREB");
        assertTrue(bts(wreb, "echoesIgnored") > 0, "echoes of noticed packets were not counted twice");
    }

    // ---------------------------------------------------------------- two bottlenecks in series

    @Test
    void twoBottlenecks_atMostOneEarlyNoticePerPacket_aDropAfterOneResendsOnceWithoutASecondCut() throws IOException {
        JsonNode r = run("wreb-two-bottlenecks-nscc.yaml", "--shards", "1");
        assertEquals(5, r.get("summary").get("flowsFinished").asLong());
        JsonNode a = port(r, "leaf1:p8").get("bts");
        JsonNode b = port(r, "leaf0:p0").get("bts");
        // Both queues notify, and both drop.
        assertTrue(a.get("earlySent").asLong() > 0 && b.get("earlySent").asLong() > 0, a + " / " + b);
        assertTrue(a.get("dropSent").asLong() > 0 && b.get("dropSent").asLong() > 0, a + " / " + b);
        assertEquals(bts(r, "earlySent") + bts(r, "dropSent"), bts(r, "received"), "every notice arrived");
        // At most one early notice per packet: no sender ever got a second early notice with the same bit
        // for one PSN (queue B would send one for each CE packet from A that it drew if it ignored the bit).
        assertEquals(0, bts(r, "earlyRepeats"));
        // Packets noticed at A and dropped at B: their second notice, with the other bit.
        long second = bts(r, "secondNotices");
        assertTrue(second > 0, "a drop after an early notice happened");
        // Every drop made exactly one resend (no timeout: the 10 ms timer never fires in this run), and every
        // notice that was not a packet's second one was its one decrease.
        long drops = r.get("summary").get("drops").asLong();
        assertEquals(drops, bts(r, "dropSent"));
        assertEquals(drops, bts(r, "retransmits"));
        assertEquals(drops * PAYLOAD, flowsSum(r, "retransmittedBytes"));
        assertEquals(bts(r, "received") - second, bts(r, "decreases"));
        // The same run on three shards gives the same results.
        JsonNode three = run("wreb-two-bottlenecks-nscc.yaml", "--shards", "3");
        assertEquals(r.get("digest").asText(), three.get("digest").asText());
        assertEquals(bts(r, "earlySent"), bts(three, "earlySent"));
    }

    // ---------------------------------------------------------------- reaction latency

    /** Reaction latency of one run: the first sender cut less the bottleneck's first mark or notice. */
    private static long reactionPs(JsonNode r, String bottleneck) {
        long markPs = port(r, bottleneck).get("firstSignalPs").asLong();
        long cutPs = Math.min(port(r, "h8:nic").get("firstSignalPs").asLong(),
                port(r, "h9:nic").get("firstSignalPs").asLong());
        assertTrue(markPs > 0 && cutPs > markPs, bottleneck + ": mark " + markPs + ", cut " + cutPs);
        return cutPs - markPs;
    }

    @Test
    void reactionLatency_noticeTakesOneSwitchToSenderDelay_ecnEchoTheWayThroughTheReceiver() throws IOException {
        String file = "wreb-reaction-latency-dcqcn.yaml";
        // Bottleneck near the receiver (leaf 0's port to host 0). The notice: leaf 0's pipeline to its uplink,
        // then three links and two switch hops, 6 x 500 ns, plus 64 B on the wire: measured 3,005,120 ps.
        // The echo: the marked packet's 332 ns on host 0's link, 500 ns to host 0, its CNP 500 ns back to
        // leaf 0, then the notice's way: measured 4,341,000 ps, about 1.34 us more.
        long wrebFar = reactionPs(run(file, "--set", "workload.bytes=256KiB"), "leaf0:p0");
        long echoFar = reactionPs(run(file, "--set", "workload.bytes=256KiB", "--set", "switch.wreb.enabled=false"),
                "leaf0:p0");
        assertTrue(wrebFar >= 3_000_000 && wrebFar < 3_100_000, "notice, far bottleneck: " + wrebFar + " ps");
        assertTrue(echoFar - wrebFar >= 1_300_000, "echo, far bottleneck: " + echoFar + " ps");
        // Bottleneck next to the senders (fabric links at 100 Gb/s: leaf 1's uplink). The notice: one pipeline
        // and one link back, about 1 us (measured 1,005,120 ps); the echo crosses the whole fabric to host 0
        // and back (measured 6,337,120 ps): the gain is largest here.
        String[] near = {"--set", "workload.bytes=256KiB", "--set", "topology.fabricLink.rate=100Gbps"};
        long wrebNear = reactionPs(run(file, near), "leaf1:p8");
        long echoNear = reactionPs(run(file, near[0], near[1], near[2], near[3], "--set", "switch.wreb.enabled=false"),
                "leaf1:p8");
        assertTrue(wrebNear >= 1_000_000 && wrebNear < 1_100_000, "notice, near bottleneck: " + wrebNear + " ps");
        assertTrue(echoNear > 5 * wrebNear, "echo, near bottleneck: " + echoNear + " ps");
    }

    // ---------------------------------------------------------------- side by side

    @Test
    void compare_showsNoticeCountOverheadAndShareOfDeliveredBytes() throws IOException {
        Path out = tmp.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", Cli.scenario("wreb-reaction-latency-dcqcn.yaml"),
                Cli.scenario("roce-incast-8to1-dcqcn.yaml"), "--quiet", "--set", "workload.bytes=256KiB", "--out",
                out.toString());
        assertEquals(0, o.exitCode(), o.err());
        JsonNode w = Cli.results(out.resolve("wreb-reaction-latency-dcqcn")).get("summary");
        assertTrue(w.get("btsSent").asLong() > 0);
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        assertTrue(csv.contains("BTS_notices," + w.get("btsSent").asLong() + ",0"), String.join("\n", csv));
        assertTrue(csv.contains("BTS_overhead," + w.get("btsBytes").asLong() + ",0"), String.join("\n", csv));
        assertTrue(csv.contains("BTS_per_delivered_byte," + w.get("btsPpmOfDelivered").asLong() + ",0"),
                String.join("\n", csv));
        assertTrue(Files.readString(out.resolve("comparison.md")).contains("| BTS notices |"));
    }
}

package io.fabricemu;

import static io.fabricemu.OneFlowThroughALeaf.HEADER;
import static io.fabricemu.OneFlowThroughALeaf.MTU;
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
 * The PDC-level receiver not ready of US 12,388,756 FIG. 1K and 2D ({@code transport.pdcLimit}, {@code pdcRetry}):
 * worked numbers on three 100 Gb/s hosts under one leaf (500 ns cables, 500 ns switch, 4,150 B packets), host 0 the
 * target, its PDC table limited to one entry.
 */
class PdcNotReadyTest {
    private static final long US = 1_000_000;
    private static final long PACKET_PS = oneWayPs(MTU);
    private static final long CONTROL_PS = oneWayPs(HEADER);

    @TempDir
    Path dir;

    private Path write(String name, String transportMore, String... flows) throws IOException {
        StringBuilder s = new StringBuilder(String.join("\n",
                "name: " + name,
                "topology:",
                "  kind: leaf-spine",
                "  leaves: 1",
                "  hostsPerLeaf: 3",
                "  spines: 1",
                "  hostLink:   {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 500ns}",
                "switch: {latency: 500ns, queue: 1MiB}",
                "transport: {cc: nscc, mtu: " + MTU + "B, header: " + HEADER + "B" + transportMore + "}",
                "workload:",
                "  kind: flows",
                "  flows:", ""));
        for (String f : flows) {
            s.append("    - {").append(f).append("}\n");
        }
        s.append("stop: 10ms\n");
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, s.toString());
        return file;
    }

    private JsonNode run(Path file) throws IOException {
        return Cli.results(Cli.runInto(dir, 0, file.toString()));
    }

    /**
     * Host 1's one-packet message to host 0 finds no receive until 40 us, so its PDC holds the only entry while it
     * waits for the request-to-send; host 2's one-packet message starts at 5 us and meets the full table twice.
     */
    @Test
    void aSecondPdc_waitsForTheFirstToComplete_retryingAtItsTimer() throws IOException {
        String first = "src: 1, dst: 0, bytes: 4086B, recvPosted: 40us";
        String second = "src: 2, dst: 0, bytes: 4086B, start: 5us";
        JsonNode r = run(write("pdc-one-slot", ", pdcLimit: 1, pdcRetry: 20us", first, second));
        // The first packet takes the entry at 1,832 ns and is answered by an RTW; the RTS leaves at the post, 40 us,
        // its resend reaches host 0 one control trip and one packet trip later: the PDC completes, its entry goes.
        long firstDone = 40 * US + CONTROL_PS + PACKET_PS;
        assertEquals(43_337_120L, firstDone);
        assertEquals(firstDone, r.get("flows").get(0).get("finishPs").asLong());
        // The second: at host 0 at 5 us + 1,832 ns, refused (233); the RNR is back a control trip later, 8,337.12 ns;
        // the retry at + 20 us is refused again at 30,169.12 ns; the next, at 51,674.24 ns, finds the slot free.
        long rnr1 = 5 * US + PACKET_PS + CONTROL_PS;
        long rnr2 = rnr1 + 20 * US + PACKET_PS + CONTROL_PS;
        long secondDone = rnr2 + 20 * US + PACKET_PS;
        assertEquals(8_337_120L, rnr1);
        assertEquals(53_506_240L, secondDone);
        JsonNode s = r.get("flows").get(1);
        assertEquals(secondDone, s.get("finishPs").asLong());
        assertEquals(secondDone - 5 * US, s.get("fctPs").asLong());
        JsonNode nr = r.get("receiverNotReady");
        assertEquals(2, nr.get("pdcRnrCount").asLong(), nr.toString());
        assertEquals(2, nr.get("pdcRetryCount").asLong());
        assertEquals(40 * US, nr.get("pdcWaitedPs").asLong(), "held twice for the whole timer");
        assertEquals(40 * US, nr.get("pdcWaitedPsMax").asLong());
        assertEquals(1, nr.get("pdcsWaited").asLong());
        assertEquals(1, nr.get("pdcEntriesPeakMax").asLong());
        assertEquals(1, nr.get("rtwCount").asLong(), "the first message's own request-to-wait");
        JsonNode row = nr.get("flows").get(1);
        assertEquals(1, row.get("id").asInt());
        assertEquals(2, row.get("pdcRnrCount").asLong());
        assertEquals(4_086L * 2, s.get("retransmittedBytes").asLong(), "the refused packet went twice more");
    }

    /** Without the limit the second message goes through at once: the run of before, and no PDC keys. */
    @Test
    void withoutALimit_theSecondMessageGoesAtOnce() throws IOException {
        String first = "src: 1, dst: 0, bytes: 4086B, recvPosted: 40us";
        String second = "src: 2, dst: 0, bytes: 4086B, start: 5us";
        JsonNode r = run(write("pdc-unlimited", "", first, second));
        assertEquals(5 * US + PACKET_PS, r.get("flows").get(1).get("finishPs").asLong());
        JsonNode nr = r.get("receiverNotReady");
        assertFalse(nr.has("pdcRnrCount"), nr.toString());
        JsonNode big = run(write("pdc-big", ", pdcLimit: 2", first, second));
        assertEquals(r.get("digest").asText(), big.get("digest").asText(), "a limit never reached changes nothing");
    }

    /**
     * Two sources start 64 KiB each (16 full packets and one of 160 B) at once into the one-entry target. The leaf
     * forwards host 1's first packet first: it takes the entry. Host 2's first packet, held 332 ns behind it, is
     * refused at 1,832 + 332 ns; the RNR is back at host 2 a control trip later, 3,669.12 ns, one round trip after
     * the packet left plus those 332 ns. By then host 2 has sent its initial window, one BDP, 11 packets: all are
     * refused (host 1's PDC holds the entry until its last packet, the 28th on host 0's link). Host 2 retries at
     * its timer, the retransmission timeout, 100 us, and sends its 17 packets at line rate.
     */
    @Test
    void twoSourcesAtOnce_theSecondIsRefusedUntilTheFirstCompletes() throws IOException {
        JsonNode r = run(write("pdc-two-at-once", ", pdcLimit: 1", "src: 1, dst: 0, bytes: 64KiB",
                "src: 2, dst: 0, bytes: 64KiB"));
        JsonNode nr = r.get("receiverNotReady");
        assertEquals(1, nr.get("flows").size(), "one PDC refused: " + nr);
        assertEquals(1, nr.get("flows").get(0).get("id").asInt(), nr.toString());
        assertEquals(11, nr.get("pdcRnrCount").asLong(), "its first window: " + nr);
        assertEquals(1, nr.get("pdcRetryCount").asLong());
        assertEquals(100 * US, nr.get("pdcWaitedPs").asLong());
        long rnrBack = PACKET_PS + OneFlowThroughALeaf.serializationPs(MTU) + CONTROL_PS;
        assertEquals(3_669_120L, rnrBack);
        long last = rnrBack + 100 * US + 16 * OneFlowThroughALeaf.serializationPs(MTU) + oneWayPs(160 + HEADER);
        assertEquals(110_499_040L, last);
        assertEquals(last, r.get("flows").get(1).get("finishPs").asLong());
        assertTrue(r.get("flows").get(0).get("finishPs").asLong() < rnrBack + 100 * US, "the first is done by then");
        assertEquals(11L * 4_086, r.get("flows").get(1).get("retransmittedBytes").asLong());
        assertEquals(1, nr.get("pdcEntriesPeakMax").asLong());
    }

    /**
     * The summary's "PDC not ready" row, and compare's PDC rows: there when a run met a full table, left out when
     * no run did; the semantic "receiver not ready" row only for the message that waited for its receive.
     */
    @Test
    void summaryAndCompare_showWhatFullTablesCost() throws IOException {
        Path file = write("pdc-rows", ", pdcLimit: 1, pdcRetry: 20us", "src: 1, dst: 0, bytes: 4086B, recvPosted: 40us",
                "src: 2, dst: 0, bytes: 4086B, start: 5us");
        Cli.Outcome run = Cli.run("run", file.toString(), "--out=" + dir.resolve("run"));
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("PDC not ready       2 receiver-not-ready (RNR) from full PDC tables, 2 retries;"
                + " 1 PDC held 40.000 us in all, longest 40.000 us; at most 1 entries in a target"), run.out());
        assertTrue(run.out().contains("1 message waited"), "host 1's, not host 2's: " + run.out());
        Path out = dir.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", file.toString(), "--quiet", "--out=" + out, "--sweep",
                "transport.pdcLimit=1,2");
        assertEquals(0, o.exitCode(), o.err());
        String csv = Files.readString(out.resolve("comparison.csv"));
        assertTrue(csv.contains("\nPDC_receiver_not_ready_(RNR),2,0\n"), csv);
        assertTrue(csv.contains("\nPDC_retries,2,0\n"), csv);
        assertTrue(csv.contains("\nPDCs_held_for_a_slot,40000000,0\n"), csv);
        Cli.Outcome roomy = Cli.run("compare", file.toString(), "--quiet", "--out=" + dir.resolve("roomy"), "--sweep",
                "transport.pdcLimit=2,3");
        assertEquals(0, roomy.exitCode(), roomy.err());
        assertFalse(Files.readString(dir.resolve("roomy").resolve("comparison.md")).contains("PDC"),
                "no table full in any run: no PDC rows");
    }

    /** pdcLimit with RCCC, ROD or rendezvous is refused at its line; pdcRetry alone too. */
    @Test
    void pdcLimit_isRefusedWhereItIsNotModelled() throws IOException {
        Path rccc = write("pdc-rccc", ", pdcLimit: 1", "src: 1, dst: 0, bytes: 1MiB");
        Files.writeString(rccc, Files.readString(rccc).replace("cc: nscc", "cc: nscc+rccc"));
        Cli.Outcome o = Cli.run("validate", rccc.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("transport.pdcLimit") && o.err().contains("RCCC"), o.err());
        Path retry = write("pdc-retry", ", pdcRetry: 10us", "src: 1, dst: 0, bytes: 1MiB");
        Cli.Outcome p = Cli.run("validate", retry.toString());
        assertEquals(2, p.exitCode(), p.err());
        assertTrue(p.err().contains("transport.pdcRetry") && p.err().contains("pdcLimit"), p.err());
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --trace}: the pcapng file it writes is read by tshark without complaint, RoCEv2 frames are decoded by
 * Wireshark's infiniband dissector, and every traced port's frames add up to exactly the bytes the run counted it
 * transmitting (ports.csv's txBytes); the results are the same as without a trace, and the file the same bytes on
 * any number of shards and in a seed's folder of {@code --seeds}.
 */
class PacketTraceTest {
    private static final String ROCE = "roce-incast-8to1-dcqcn.yaml";
    private static final String UET = "uet-incast-7to1-nscc.yaml";
    /** The Wireshark dissector of the layout on UDP port 4793 (surefire runs in src-test). */
    private static final String LUA = Path.of("..", "docs", "wireshark", "fabric_emu.lua").toString();

    @TempDir
    Path tmp;

    /** txBytes of every port that sent anything, by name, from ports.csv. */
    private static Map<String, Long> txBytes(Path run) throws IOException {
        List<String> lines = Files.readAllLines(run.resolve("ports.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        int column = header.indexOf("txBytes");
        Map<String, Long> bytes = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            long tx = Long.parseLong(cells[column]);
            if (tx > 0) {
                bytes.put(cells[0], tx);
            }
        }
        return bytes;
    }

    /** Every frame's original length added up per interface name, as tshark reads the trace. */
    private static Map<String, Long> tracedBytes(Path run) throws IOException, InterruptedException {
        Map<String, Long> bytes = new TreeMap<>();
        for (String line : Tshark.read(run.resolve("trace.pcapng"), "-T", "fields", "-e", "frame.interface_name",
                "-e", "frame.len")) {
            String[] f = line.split("\t");
            bytes.merge(f[0], Long.parseLong(f[1]), Long::sum);
        }
        return bytes;
    }

    private static String digest(Path run) throws IOException {
        return Cli.results(run).get("digest").asText();
    }

    @Test
    void roceTrace_isDecodedAsInfinibandAndMatchesEveryPortsTxBytes() throws Exception {
        Path traced = Cli.runInto(tmp, 0, Cli.scenario(ROCE), "--set", "stop=100us", "--trace");
        Path plain = Cli.runInto(tmp, 0, Cli.scenario(ROCE), "--set", "stop=100us");
        assertEquals(digest(plain), digest(traced), "a trace changes nothing in the results");
        assertFalse(Files.exists(plain.resolve("trace.pcapng")));
        Map<String, Long> expected = txBytes(traced);
        assertTrue(expected.size() > 10, "the incast's NICs and switch ports sent: " + expected);
        Map<String, Long> bytes = new TreeMap<>();
        Map<String, Integer> opcodes = new TreeMap<>();
        int acksWithAeth = 0;
        for (String line : Tshark.read(traced.resolve("trace.pcapng"), "-T", "fields", "-e", "frame.interface_name",
                "-e", "frame.len", "-e", "infiniband.bth.opcode", "-e", "infiniband.aeth.syndrome")) {
            String[] f = line.split("\t", -1);
            bytes.merge(f[0], Long.parseLong(f[1]), Long::sum);
            opcodes.merge(f[2], 1, Integer::sum);
            acksWithAeth += f[2].equals("17") && f[3].equals("31") ? 1 : 0;
        }
        assertEquals(expected, bytes);
        // RC SEND first and middle (0, 1), ACKs (17) and DCQCN's CNPs (0x81) in the first 100 us of the incast;
        // no frame without a BTH opcode; an ACK's AETH syndrome is 0x1F (31: ACK, no credit count)
        assertEquals(new TreeSet<>(List.of("0", "1", "17", "129")), opcodes.keySet(), "opcodes " + opcodes);
        assertEquals(opcodes.get("17"), acksWithAeth, "every ACK has its AETH");
    }

    @Test
    void pfcFrames_areTracedAsMacControlFrames() throws Exception {
        Path traced = Cli.runInto(tmp, 0, Cli.scenario("roce-incast-8to1-dcqcn-pfc.yaml"), "--set", "stop=100us",
                "--trace");
        Map<String, Long> bytes = new TreeMap<>();
        int pfcFrames = 0;
        for (String line : Tshark.read(traced.resolve("trace.pcapng"), "-T", "fields", "-e", "frame.interface_name",
                "-e", "frame.len", "-e", "eth.type")) {
            String[] f = line.split("\t", -1);
            bytes.merge(f[0], Long.parseLong(f[1]), Long::sum);
            pfcFrames += f[2].equals("0x8808") ? 1 : 0;
        }
        assertEquals(txBytes(traced), bytes);
        JsonNode summary = Cli.results(traced).get("summary");
        long sent = summary.get("pfcPausesSent").asLong() + summary.get("pfcResumesSent").asLong();
        assertTrue(sent > 0, "the incast pauses within 100 us");
        assertEquals(sent, pfcFrames);
    }

    @Test
    void uetTrace_goesToPort4793InTheLayoutTheLuaDissectorReads() throws Exception {
        Path traced = Cli.runInto(tmp, 0, Cli.scenario(UET), "--set", "stop=50us", "--trace");
        Map<String, Long> expected = txBytes(traced);
        assertEquals(expected, tracedBytes(traced));
        Map<String, Integer> kinds = new TreeMap<>();
        boolean someCe = false;
        for (String line : Tshark.read(traced.resolve("trace.pcapng"), "-X", "lua_script:" + LUA, "-T", "fields",
                "-e", "udp.dstport", "-e", "ip.dsfield.ecn", "-e", "fabemu.kind", "-e", "fabemu.flow")) {
            String[] f = line.split("\t", -1);
            assertEquals("4793", f[0], "UET frames go to UDP port 4793: " + line);
            someCe |= f[1].equals("3");
            kinds.merge(f[2], 1, Integer::sum);
            int flow = Integer.parseInt(f[3]);
            assertTrue(flow >= 0 && flow < 7, "the 7:1 incast has flows 0..6: " + line);
        }
        assertTrue(someCe, "the incast's queue marks some frames CE");
        // data (1), ACK_CCs (2) and the NACKs of trimmed packets (3); every frame decoded
        assertEquals(new TreeSet<>(List.of("1", "2", "3")), kinds.keySet(), "kinds " + kinds);
    }

    @Test
    void narrowedTrace_keepsOnlyItsPortsAndSpan_sameBytesOnAnyShards() throws Exception {
        String[] narrow = {"--set", "stop=50us", "--trace", "--trace-ports", "leaf0,h1:nic", "--trace-from", "10us",
            "--trace-to", "20us"};
        Path one = Cli.runInto(tmp, 0, Cli.scenario(UET), concat(narrow, "--shards", "1"));
        Path three = Cli.runInto(tmp, 0, Cli.scenario(UET), concat(narrow, "--shards", "3"));
        byte[] a = Files.readAllBytes(one.resolve("trace.pcapng"));
        assertArrayEquals(a, Files.readAllBytes(three.resolve("trace.pcapng")));
        List<String> frames = Tshark.read(one.resolve("trace.pcapng"), "-T", "fields", "-e", "frame.interface_name",
                "-e", "frame.time_epoch");
        assertFalse(frames.isEmpty());
        for (String line : frames) {
            String[] f = line.split("\t");
            assertTrue(f[0].startsWith("leaf0:p") || f[0].equals("h1:nic"), "a port not asked for: " + line);
            double seconds = Double.parseDouble(f[1]);
            assertTrue(seconds >= 10e-6 && seconds < 20e-6, "a frame outside 10us..20us: " + line);
        }
    }

    /** {@code --seeds} with {@code --trace}: each seed's folder holds the trace its seed's own run writes. */
    @Test
    void seedsTraced_eachSeedsFolderHoldsTheTraceOfItsRun() throws Exception {
        String[] narrow = {"--set", "stop=30us", "--trace", "--trace-ports", "leaf0"};
        Path seeds = tmp.resolve("seeds");
        Cli.Outcome o = Cli.run(concat(new String[] {"run", Cli.scenario(UET), "--out=" + seeds, "--seeds", "3,5"},
                narrow));
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("in seed-*/trace.pcapng"), o.out());
        Path five = Cli.runInto(tmp, 0, Cli.scenario(UET), concat(narrow, "--set", "seed=5"));
        byte[] own = Files.readAllBytes(five.resolve("trace.pcapng"));
        assertTrue(own.length > 10_000, "leaf 0 sends in the first 30 us: " + own.length + " bytes");
        assertArrayEquals(own, Files.readAllBytes(seeds.resolve("seed-5").resolve("trace.pcapng")));
        assertTrue(Files.size(seeds.resolve("seed-3").resolve("trace.pcapng")) > 10_000);
        assertFalse(Files.exists(seeds.resolve("trace.pcapng")), "a trace per seed, none for the ensemble");
    }

    @Test
    void fullTraceOfAHugeWorkload_isWarnedOfBeforeTheRun() {
        // 8 senders x 4 GiB in 4,086-byte payloads: 8,405,816 data packets, each at least 2 frames of 88 bytes
        Cli.Outcome o = Cli.run("run", Cli.scenario(ROCE), "--quiet", "--out=" + tmp.resolve("big"), "--set",
                "workload.bytes=4GiB", "--set", "stop=1us", "--trace");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.err().contains("warning: a trace of every frame of this run takes at least 1.378 GiB"),
                o.err());
        Cli.Outcome narrowed = Cli.run("run", Cli.scenario(ROCE), "--quiet", "--out=" + tmp.resolve("narrow"),
                "--set", "workload.bytes=4GiB", "--set", "stop=1us", "--trace", "--trace-ports", "leaf0:p0");
        assertEquals(0, narrowed.exitCode(), narrowed.err());
        assertFalse(narrowed.err().contains("warning"), narrowed.err());
    }

    @Test
    void badSelections_areRefusedNamingTheOption_andWriteNothing() {
        String scenario = Cli.scenario(ROCE);
        Path out = tmp.resolve("never");
        expectRefused("--trace-ports", "leaf9", scenario, out, "--trace", "--trace-ports", "leaf0,leaf9");
        expectRefused("--trace-flows", "there is no flow 8", scenario, out, "--trace", "--trace-flows", "3,8");
        expectRefused("--trace-flows", "'x'", scenario, out, "--trace", "--trace-flows", "x");
        expectRefused("--trace-src", "there is no host 16", scenario, out, "--trace", "--trace-src", "16");
        expectRefused("--trace-from", "'10 parsecs'", scenario, out, "--trace", "--trace-from", "10 parsecs");
        expectRefused("--trace-to", "after", scenario, out, "--trace", "--trace-from", "5us", "--trace-to", "5us");
        expectRefused("only --trace writes", "--trace-flows", scenario, out, "--trace-flows", "1");
        expectRefused("--seeds", "--jvms", scenario, out, "--trace", "--seeds", "2", "--jvms", "2");
    }

    private static void expectRefused(String says, String alsoSays, String scenario, Path out, String... args) {
        Cli.Outcome o = Cli.run(concat(new String[] {"run", scenario, "--quiet", "--out=" + out}, args));
        assertEquals(2, o.exitCode(), String.join(" ", args) + ": " + o.err());
        assertTrue(o.err().startsWith("error: ") && o.err().contains(says) && o.err().contains(alsoSays),
                String.join(" ", args) + ": " + o.err());
        assertFalse(Files.exists(out), "nothing is written");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open-loop load through the command line: the WebSearch example, cut to a 1 ms window (35 flows), writes the FCT
 * slowdown of every flow into results.json ({@code fctSlowdown}), slowdown.csv and the report, every slowdown at
 * least 1 (the ideal is a lower bound of an emulated flow); the same digest on 1 and 3 shards; beside an incast,
 * only the open-loop flows are counted; a bad CDF file is refused at its line.
 */
class OpenLoopScenarioTest {
    private static final String EXAMPLE = "websearch-load-leaf-spine.yaml";

    @TempDir
    Path dir;

    @Test
    void websearchExample_givesSlowdownsOfAtLeastOne() throws IOException {
        Path out = Cli.runInto(dir, 0, Cli.scenario(EXAMPLE), Cli.sets("workload.duration=1ms"));
        JsonNode r = Cli.results(out);
        JsonNode s = r.get("fctSlowdown");
        assertTrue(s != null, "results.json has no fctSlowdown");
        int buckets = 0;
        int bucketFlows = 0;
        long previousMax = 0;
        for (JsonNode b : s.get("buckets")) {
            buckets++;
            bucketFlows += b.get("count").asInt();
            assertTrue(b.get("minBytes").asLong() >= previousMax, "buckets by size: " + b);
            assertTrue(b.get("p50").asDouble() >= 1 && b.get("p99").asDouble() >= b.get("p50").asDouble(),
                    b.toString());
            previousMax = b.get("maxBytes").asLong();
        }
        int flows = r.get("flows").size();
        int bucketCount = buckets;
        int flowsInBuckets = bucketFlows;
        // 30% of 100 Gb/s over WebSearch's mean of 1,711,250 B for 1 ms is 2.19 flows a host: 2 each, 32 in all.
        List<String> csv = Files.readAllLines(out.resolve("slowdown.csv"));
        String report = Files.readString(out.resolve("report.html"));
        assertAll(
                () -> assertEquals(32, flows),
                () -> assertEquals(flows, s.get("count").asInt() + s.get("unfinished").asInt()),
                () -> assertEquals(0, s.get("unfinished").asInt()),
                () -> assertEquals("open-loop", s.get("flows").asText()),
                () -> assertTrue(s.get("min").asDouble() >= 1 - 1e-12, "a slowdown below 1: " + s),
                () -> assertTrue(s.get("p50").asDouble() <= s.get("p99").asDouble()),
                () -> assertTrue(s.get("p99").asDouble() <= s.get("max").asDouble()),
                () -> assertEquals(10, bucketCount),
                () -> assertEquals(flows, flowsInBuckets),
                () -> assertEquals("bucket,minBytes,maxBytes,flows,p50,p99", csv.get(0)),
                () -> assertEquals(1 + 10 + 1, csv.size()),
                () -> assertTrue(csv.get(11).startsWith("all,,,32,"), csv.get(11)),
                () -> assertTrue(report.contains("FCT slowdown by flow size"), "no slowdown chart in the report"));
    }

    @Test
    void compare_showsEachRunsSlowdown() throws IOException {
        Path out = dir.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", Cli.scenario(EXAMPLE), "--cc", "nscc,rccc", "--quiet", "--out=" + out,
                "--set", "workload.duration=1ms");
        assertEquals(0, o.exitCode(), o.err());
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        String p50 = csv.stream().filter(l -> l.startsWith("FCT_slowdown_p50,")).findFirst().orElseThrow();
        String p99 = csv.stream().filter(l -> l.startsWith("FCT_slowdown_p99,")).findFirst().orElseThrow();
        JsonNode nscc = Cli.results(out.resolve("nscc"));
        assertEquals(Math.round(nscc.get("fctSlowdown").get("p50").asDouble() * 1000),
                Long.parseLong(p50.split(",")[1]), "thousandths of the run's own p50");
        assertTrue(Long.parseLong(p99.split(",")[2]) >= 1000, p99);
    }

    @Test
    void websearchExample_sameDigestOnOneAndThreeShards() throws IOException {
        String[] one = {"--set", "workload.duration=1ms", "--shards", "1"};
        String[] three = {"--set", "workload.duration=1ms", "--shards", "3"};
        JsonNode a = Cli.runScenario(dir, EXAMPLE, one);
        JsonNode b = Cli.runScenario(dir, EXAMPLE, three);
        assertEquals(a.get("digest").asText(), b.get("digest").asText());
        assertEquals(a.get("fctSlowdown"), b.get("fctSlowdown"));
    }

    @Test
    void besideAnIncast_onlyTheOpenLoopFlowsAreCounted() throws IOException {
        Path file = dir.resolve("beside-incast.yaml");
        Files.writeString(file, String.join("\n",
                "name: beside-incast",
                "topology:",
                "  kind: leaf-spine",
                "  leaves: 2",
                "  hostsPerLeaf: 4",
                "  spines: 2",
                "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 200Gbps, delay: 500ns}",
                "transport: {cc: nscc}",
                "switch: {queue: 1MiB, trimming: true}",
                "workload:",
                "  kind: mix",
                "  parts:",
                "    - {kind: incast, receiver: 0, senders: [4, 5, 6], bytes: 256KiB}",
                "    - {kind: open-loop, name: background, load: 0.2, sizes: hadoop, hosts: 1..7, duration: 100us}",
                "stop: 10ms",
                ""));
        JsonNode r = Cli.results(Cli.runInto(dir, 0, file.toString()));
        int background = 0;
        for (JsonNode f : r.get("flows")) {
            background += f.get("group").asText().equals("background") ? 1 : 0;
            assertFalse(f.get("group").asText().equals("background") && (f.get("src").asInt() == 0
                    || f.get("dst").asInt() == 0), "host 0 is not among the open-loop hosts: " + f);
        }
        // 20% of 100 Gb/s for 100 us over Hadoop's mean of 120,420.75 B is 2.08 flows: 2 a host, 7 hosts.
        JsonNode s = r.get("fctSlowdown");
        assertEquals(14, background);
        assertEquals(background, s.get("count").asInt() + s.get("unfinished").asInt());
        assertTrue(s.get("min").asDouble() >= 1 - 1e-12, s.toString());
    }

    @Test
    void badCdfFile_refusedAtItsLine() throws IOException {
        Files.writeString(dir.resolve("sizes.cdf"), "# size p\n0 0\n1000 0.6\n900 1\n");
        Path file = dir.resolve("bad-cdf.yaml");
        Files.writeString(file, Files.readString(Path.of(Cli.scenario(EXAMPLE))).replace("sizes: websearch",
                "sizes: sizes.cdf").replace("name: websearch-load-leaf-spine", "name: bad-cdf"));
        Cli.Outcome o = Cli.run("validate", file.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("sizes.cdf:4") && o.err().contains("size 900 is not larger than the one before"),
                o.err());
    }
}

package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RoCEv2 scenario {@code topologies/scenarios/roce-incast-8to1-dcqcn.yaml}, run through the command line
 * with 512 KiB flows (a few milliseconds of virtual time) so the test stays short.
 */
class RoceScenariosTest {
    private static final String SCENARIO = "roce-incast-8to1-dcqcn.yaml";

    @TempDir
    Path tmp;

    private JsonNode run(String... extra) throws IOException {
        Path out = tmp.resolve("r" + System.nanoTime());
        String[] fixed = {"run", Cli.scenario(SCENARIO), "--quiet", "--out=" + out, "--set", "workload.bytes=512KiB"};
        String[] args = new String[fixed.length + extra.length];
        System.arraycopy(fixed, 0, args, 0, fixed.length);
        System.arraycopy(extra, 0, args, fixed.length, extra.length);
        Cli.Outcome o = Cli.run(args);
        assertEquals(0, o.exitCode(), o.err());
        return Cli.results(out);
    }

    private static long sum(JsonNode results, String field) {
        long total = 0;
        for (JsonNode p : results.get("ports")) {
            total += p.get(field).asLong();
        }
        return total;
    }

    @Test
    void dcqcnIncast_deliversEverythingWithoutDropsAndMarksEcn_sameDigestOnOneAndThreeShards() throws IOException {
        JsonNode one = run("--shards", "1");
        JsonNode s = one.get("summary");
        assertEquals(8, s.get("flowsFinished").asLong(), "every flow finishes");
        assertEquals(false, one.get("reachedStop").asBoolean());
        assertEquals(0, sum(one, "drops"), "queues are deep enough that nothing drops");
        assertTrue(sum(one, "ecnMarks") > 0, "the bottleneck marks, so DCQCN has something to react to");
        for (JsonNode f : one.get("flows")) {
            assertEquals(false, f.get("failed").asBoolean());
            assertEquals(0, f.get("retransmittedBytes").asLong());
        }
        JsonNode three = run("--shards", "3");
        assertEquals(one.get("digest").asText(), three.get("digest").asText(), "three shards");
    }

    @Test
    void roceWithoutCongestionControl_windowBoundsTheQueue_finishesAtTheBottleneckRate() throws IOException {
        // No DCQCN: eight QPs at line rate, each at most 256 KiB outstanding, so the bottleneck queue holds at
        // most 8 x 256 KiB and never drops. 4 MiB of payload through 100 Gb/s (4,086 of every 4,150 B) takes
        // 4 x 2^20 x 8 / 1e11 x 4150 / 4086 = 0.3408 ms; the last flow finishes within 10% of that.
        JsonNode r = run("--set", "transport.cc=roce", "--set", "transport.window=256KiB");
        assertEquals(8, r.get("summary").get("flowsFinished").asLong());
        assertEquals(0, sum(r, "drops"));
        long lastFinishPs = 0;
        for (JsonNode f : r.get("flows")) {
            lastFinishPs = Math.max(lastFinishPs, f.get("finishPs").asLong());
        }
        assertTrue(lastFinishPs < 340_800_000L * 11 / 10, "last finish " + lastFinishPs + " ps");
    }
}

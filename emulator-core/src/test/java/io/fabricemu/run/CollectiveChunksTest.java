package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.net.Packets;
import io.fabricemu.results.RunResult;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.time.Ps;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A ring all-reduce over a deep path: four ranks, one per leaf, so every step crosses the spine over 5 us fabric
 * links; the path from NIC to NIC takes L = 0.5 + 0.5 + 5 + 0.5 + 5 + 0.5 + 0.5 = 12.5 us against a slice's wire
 * time T of about 21 us (256 KiB at 100 Gb/s). Unchunked, each of the 2(n-1) = 6 steps waits for its whole slice:
 * JCT = 6 (T + L) plus the ACKs. In c chunks that leave a rank in order, a rank forwards chunk k while chunk k+1 is
 * still coming, so a step's first chunk needs only T/c + L before the next step can begin, and the link stays busy:
 * the JCT falls with c towards 6 T + L, never below the 6 T the link needs to carry the bytes.
 */
class CollectiveChunksTest {
    private static long jctPs(int chunks) throws Exception {
        String text = String.join("\n", "name: deep", "topology:", "  kind: leaf-spine", "  leaves: 4",
                "  hostsPerLeaf: 1", "  spines: 1", "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 5us}", "switch:", "  latency: 500ns", "  queue: 8MiB",
                "transport:", "  mtu: 4150B", "  header: 64B", "  window: 8MiB", "workload:", "  kind: all-reduce",
                "  ranks: 0..3", "  bytes: 1MiB", "  chunks: " + chunks, "stop: 100ms", "");
        PreparedRun run = PreparedRun.of(ScenarioLoader.parse(text, "deep.yaml", List.of()));
        RunResult r = run.run(1, PreparedRun.DEFAULT_SAMPLING, new Progress(), null);
        assertEquals(r.flows().size(), r.flowsFinished());
        return r.collectives().get(0).jctPs();
    }

    @Test
    void chunkedRing_overlapsStepsSoItsJctFallsWithChunks() throws Exception {
        long slice = (1 << 20) / 4;
        long wirePs = Ps.serializationPs(slice + Packets.of(slice, 4_086) * 64, 100_000_000_000L);
        long pathPs = 12_500_000;
        long one = jctPs(1);
        long two = jctPs(2);
        long four = jctPs(4);
        assertTrue(one >= 6 * (wirePs + pathPs), "unchunked: every step waits for its whole slice: " + one);
        assertTrue(two < one && four < two, "JCT falls with chunks: " + one + ", " + two + ", " + four);
        assertTrue(four >= 6 * wirePs, "never faster than the link carries the bytes: " + four);
        assertTrue(one - four > 3 * pathPs, "four chunks hide most of the six steps' latency: " + one + " vs " + four);
    }
}

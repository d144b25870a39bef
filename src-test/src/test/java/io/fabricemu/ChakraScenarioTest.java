package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example chakra-all-reduce-8 end to end: 8 ranks' Chakra traces of 100 us of compute, an all-reduce of 4 MiB,
 * 50 us of compute and an all-reduce of 1 MiB, on 100 Gb/s host links.
 */
class ChakraScenarioTest {
    private static final long US = 1_000_000L;
    private static final long LINK_BPS = 100_000_000_000L;

    @TempDir
    Path tmp;

    /** A ring all-reduce of {@code bytes} on 8 ranks at the link rate: 2(n-1)/n of the buffer through each NIC. */
    private static long idealAllReducePs(long bytes) {
        return bytes * 2 * 7 / 8 * 8 * 1_000_000_000_000L / LINK_BPS;
    }

    @Test
    void theIterationTakesAtLeastItsComputeAndIdealAllReduces() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "chakra-all-reduce-8.yaml");
        JsonNode flows = r.get("flows");
        assertEquals(2 * 8 * 2 * 7, flows.size()); // two ring all-reduces of 2(n-1) steps of 8 flows
        JsonNode collectives = r.get("collectives");
        assertEquals(2, collectives.size());
        long lastFinishPs = 0;
        for (JsonNode f : flows) {
            lastFinishPs = Math.max(lastFinishPs, f.get("finishPs").asLong());
        }
        long lowerBoundPs = 150 * US + idealAllReducePs(4L << 20) + idealAllReducePs(1L << 20);
        assertTrue(lastFinishPs >= lowerBoundPs, lastFinishPs + " < " + lowerBoundPs);
        assertEquals(lastFinishPs, collectives.get(1).get("finishPs").asLong());
        // the first all-reduce starts after the forward compute; the second 50 us after a rank's first is done
        assertEquals(100 * US, collectives.get(0).get("startPs").asLong());
        assertTrue(collectives.get(1).get("startPs").asLong() >= 150 * US + idealAllReducePs(4L << 20));
    }

    /** The example's scenario and traces copied into {@code tmp}, rank 3's file cut {@code cutBytes} short. */
    private Path copyWithRank3Cut(int cutBytes) throws IOException {
        Files.createDirectories(tmp.resolve("chakra"));
        for (int r = 0; r < 8; r++) {
            byte[] bytes = Files.readAllBytes(Cli.SCENARIOS.resolve("chakra/all-reduce-8." + r + ".et"));
            Files.write(tmp.resolve("chakra/all-reduce-8." + r + ".et"),
                    r == 3 ? Arrays.copyOf(bytes, bytes.length - cutBytes) : bytes);
        }
        Path scenario = tmp.resolve("chakra-all-reduce-8.yaml");
        Files.copy(Cli.SCENARIOS.resolve("chakra-all-reduce-8.yaml"), scenario);
        return scenario;
    }

    @Test
    void aTruncatedTraceIsRefusedNamingItsFileAndOffset_andTooFewHostsTheField() throws IOException {
        Path scenario = copyWithRank3Cut(2);
        Cli.Outcome o = Cli.run("validate", scenario.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("all-reduce-8.3.et: byte offset "), o.err());
        assertTrue(o.err().contains("the file is truncated"), o.err());
        Files.copy(Cli.SCENARIOS.resolve("chakra/all-reduce-8.3.et"), tmp.resolve("chakra/all-reduce-8.3.et"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        o = Cli.run("validate", scenario.toString(), "--set", "workload.hosts=[0, 1, 2]");
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("workload.hosts: lists 3 hosts for 8 ranks"), o.err());
    }
}

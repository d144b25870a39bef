package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A command that outgrows the heap before its run starts, in a JVM of its own with a small heap, started as
 * bin/fabric-emu starts it ({@code -XX:OnOutOfMemoryError} printing the hint from the environment): it ends with
 * exit code 255 and the hint, as a run that outgrows the heap does, not with a Java stack trace and exit code 1;
 * and sizing a scenario, which must refuse one too large for the heap, takes no heap itself.
 */
class OutOfHeapTest {
    private static final String HINT = "fabric-emu: out of heap, as the launcher says";
    /** What bin/fabric-emu passes the JVM: the hint comes from the environment, so the JVM's banner stays short. */
    private static final String ON_OUT_OF_MEMORY = "-XX:OnOutOfMemoryError=echo \"$FABRIC_EMU_OOM_HINT\" >&2";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "as bin/fabric-emu starts it: {0}")
    @ValueSource(booleans = {true, false})
    void outOfHeap_whileLoadingAScenario_exits255WithTheHint(boolean launcher) throws Exception {
        // 300,000 flows in a schedule: reading them takes more than a 16 MiB heap
        Path scenario = Files.writeString(tmp.resolve("many.yaml"), String.join("\n", "name: many",
                "topology: {kind: leaf-spine, leaves: 2, hostsPerLeaf: 8, spines: 2,",
                "  hostLink: {rate: 100Gbps, delay: 500ns}, fabricLink: {rate: 400Gbps, delay: 500ns}}",
                "workload: {kind: flows, schedule: many.csv}", "stop: 1ms", ""));
        try (Writer csv = Files.newBufferedWriter(tmp.resolve("many.csv"))) {
            csv.write("id,src,dst,bytes,after,gap\n");
            for (int i = 0; i < 300_000; i++) {
                csv.write("f" + i + "," + i % 16 + "," + (i + 1) % 16 + ",1KiB,,\n");
            }
        }
        Map<String, String> env = new HashMap<>();
        env.put("FABRIC_EMU_OOM_HINT", launcher ? HINT : null);
        CliProcess p = CliProcess.start(tmp, tmp.resolve("logs"), List.of(), System.getProperty("java.class.path"),
                launcher ? List.of("-Xmx16m", ON_OUT_OF_MEMORY) : List.of("-Xmx16m"), env, "validate",
                scenario.toString());
        assertEquals(255, p.waitFor(120), p.err());
        if (launcher) {
            assertTrue(p.err().lines().anyMatch(HINT::equals), p.err());
            assertFalse(p.err().contains("error: fabric-emu ran out of Java heap"), "said once:\n" + p.err());
        } else {
            assertTrue(p.err().startsWith("error: fabric-emu ran out of Java heap"), p.err());
        }
        assertFalse(p.err().contains("\tat "), "no stack trace:\n" + p.err());
        assertFalse(p.out().contains("ok:"), p.out());
    }

    @Test
    void sizing_anAllToAllOf8192Ranks_isRefusedAtOnce_inASmallHeap() throws Exception {
        // 67 million transfers: counting them must not make them (that took 52 s and 2.7 GB, and a signal
        // meanwhile waited for the collector); the fabric alone fits in 320 MiB, the flows do not
        String scenario = Cli.SCENARIOS.resolve("permutation-8192.yaml").toAbsolutePath().toString();
        CliProcess p = CliProcess.start(tmp, tmp.resolve("logs"), List.of(), System.getProperty("java.class.path"),
                List.of("-Xmx320m"), Map.of(), "validate", scenario, "--set",
                "workload={kind: all-to-all, algorithm: pairwise, bytes: 64MiB}", "--set", "transport.cc=nscc");
        assertEquals(2, p.waitFor(60), p.err());
        assertTrue(p.err().contains("the run needs about") && p.err().contains("for 67,100,672 flows"), p.err());
    }
}

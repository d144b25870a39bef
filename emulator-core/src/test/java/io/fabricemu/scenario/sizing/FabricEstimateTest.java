package io.fabricemu.scenario.sizing;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.FAT_TREE;
import static io.fabricemu.scenario.ScenarioTexts.MIX;
import static io.fabricemu.scenario.ScenarioTexts.RING;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.net.Packets;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.Scenario;
import io.fabricemu.scenario.ScenarioTexts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The estimate's counts are those of the fabric and flows the scenario builds, and its heap is what a run
 * holds when it starts, measured as {@code MeasureHeapCosts} measured the figures.
 */
class FabricEstimateTest {
    static Stream<String> scenarios() {
        return Stream.of(BASE, FAT_TREE, RING, MIX, ScenarioTexts.FLOWS,
                with(BASE, 14, "  sharedBuffer: 4MiB\n  pfc: {classes: [0]}"),
                with(BASE, 20, "  cc: nscc", 22, "  kind: all-to-all", 23, "", 24, ""),
                with(RING, 20, "  cc: dcqcn", 25, "  bytes: 3000B"),
                with(BASE, 16, "  mtu: 1064B", 20, "  cc: rccc", 22, "  kind: permutation", 23, "", 24, ""));
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void of_countsTheElementsFlowsAndPacketsTheScenarioBuilds(String yaml) {
        Scenario s = StartHeap.parse(yaml);
        PreparedRun built = PreparedRun.of(s);
        FabricEstimate e = s.estimate();
        assertEquals(built.fabric().elementCount(), e.elements());
        assertEquals(built.flows().size(), e.flows());
        long packets = 0;
        for (FlowSpec f : built.flows()) {
            packets += Packets.of(f.bytes(), s.transport().payloadBytes());
        }
        assertEquals(s.transport().ultraEthernet() ? packets : 0, e.uetPackets());
        assertTrue(e.preparedBytes() < e.heapBytes());
    }

    /**
     * Four rows of {@code MeasureHeapCosts}, measured as the figures were, in a JVM of their own with the
     * launcher's collector (in this one, other tests' objects come and go): a k = 16 fat tree, a ring of 1,024
     * switches, an all-to-all among 256 hosts, the same under Ultra Ethernet. The estimate, less its base, is
     * the heap the run holds when it starts, within 3%.
     */
    @Test
    void heapBytes_isWithinAFewPercentOfTheHeapARunHoldsWhenItStarts() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-XX:+UseParallelGC", "-Xmx2g", "-cp",
                System.getProperty("java.class.path"), MeasureHeapCosts.class.getName(),
                "ft-16|ring-1024|a2a-4x64|uet-a2a-4x64").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> rows;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            rows = out.lines().filter(line -> line.matches("[a-z0-9-]+,[0-9,]+")).toList();
        }
        assertEquals(0, p.waitFor(), "the measuring JVM failed");
        List<String> measured = rows.stream().filter(r -> !r.startsWith("baseline,")).toList();
        assertEquals(4, measured.size(), rows.toString());
        for (String row : measured) {
            String[] f = row.split(",");
            double ratio = Double.parseDouble(f[10]) / Double.parseDouble(f[12]);
            assertTrue(ratio > 0.97 && ratio < 1.03, row + ": estimate / measured = " + ratio);
        }
    }
}

package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.FAT_TREE;
import static io.fabricemu.scenario.ScenarioTexts.MIX;
import static io.fabricemu.scenario.ScenarioTexts.RING;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.transport.Packets;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The estimate's counts are those of the fabric and flows the scenario builds, and its heap is what a run
 * holds when it starts, measured here as {@code MeasureHeapCosts} measured the figures.
 */
class FabricEstimateTest {
    private static ActorTestKit testKit;

    @BeforeAll
    static void start() {
        testKit = StartHeap.testKit();
    }

    @AfterAll
    static void stop() {
        testKit.shutdownTestKit();
    }

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
        FabricEstimate e = FabricEstimate.of(s);
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
     * A k = 16 fat tree, a ring of 512 switches, an all-to-all among 128 hosts, the same under Ultra Ethernet: the
     * heap measured at the start of a run, in this JVM, against the estimate.
     */
    @ParameterizedTest
    @ValueSource(strings = {"fat-tree", "ring", "all-to-all", "uet-all-to-all"})
    void heapBytes_isWithinAFewPercentOfTheHeapARunHoldsWhenItStarts(String which) {
        String yaml = switch (which) {
            case "fat-tree" -> "name: ft\ntopology: {kind: fat-tree, k: 16, hostLink: {rate: 100Gbps, delay: 500ns},"
                    + " aggLink: {rate: 100Gbps, delay: 500ns}, coreLink: {rate: 100Gbps, delay: 500ns}}\n"
                    + "workload: {kind: permutation, bytes: 64KiB}\n";
            case "ring" -> "name: ring\ntopology: {kind: ring, switches: 512, hostsPerSwitch: 1,"
                    + " hostLink: {rate: 100Gbps, delay: 500ns}, ringLink: {rate: 100Gbps, delay: 500ns}}\n"
                    + "workload: {kind: permutation, bytes: 64KiB}\n";
            default -> "name: a2a\ntopology: {kind: leaf-spine, leaves: 2, hostsPerLeaf: 64, spines: 2,"
                    + " hostLink: {rate: 100Gbps, delay: 500ns}, fabricLink: {rate: 100Gbps, delay: 500ns}}\n"
                    + "workload: {kind: all-to-all, bytes: 64KiB}\n"
                    + (which.startsWith("uet") ? "transport: {cc: nscc, loadBalancing: reps}\n" : "");
        };
        StartHeap.Measured m = StartHeap.measure(testKit, yaml);
        long estimate = FabricEstimate.of(m.prepared().scenario()).heapBytes() - FabricEstimate.BASE_BYTES;
        double ratio = (double) estimate / m.startedBytes();
        assertTrue(ratio > 0.9 && ratio < 1.05, "estimate " + estimate + " B, measured " + m.startedBytes()
                + " B: " + ratio);
    }
}

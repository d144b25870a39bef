package io.fabricemu.scenario.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fabrics that validated but could not be built (they ran out of memory while being built, or overflowed an int
 * counting their flows) are refused when loaded, at once, with the estimate: against a 6 GiB heap, the default
 * of the 24 GB machine they were found on.
 */
class FabricSizeCheckTest {
    private static final HeapBudget SIX_GIB = new HeapBudget(6L << 30, true);
    private static final String LINKS = "hostLink: {rate: 100Gbps, delay: 500ns}";

    private static String leafSpine(int leaves, int hostsPerLeaf, String workload) {
        return String.join("\n", "name: big", "topology:", "  kind: leaf-spine", "  leaves: " + leaves,
                "  hostsPerLeaf: " + hostsPerLeaf, "  spines: 2", "  " + LINKS,
                "  fabricLink: {rate: 400Gbps, delay: 500ns}", "workload:", "  kind: " + workload, "  bytes: 1MiB",
                "");
    }

    private static String fatTree(int k) {
        return String.join("\n", "name: big", "topology:", "  kind: fat-tree", "  k: " + k, "  " + LINKS,
                "  aggLink: {rate: 100Gbps, delay: 500ns}", "  coreLink: {rate: 100Gbps, delay: 500ns}",
                "workload: {kind: permutation, bytes: 1MiB}", "");
    }

    private static String ring(int switches) {
        return String.join("\n", "name: big", "topology:", "  kind: ring", "  switches: " + switches,
                "  hostsPerSwitch: 1", "  " + LINKS, "  ringLink: {rate: 100Gbps, delay: 500ns}",
                "workload: {kind: permutation, bytes: 1MiB}", "");
    }

    static Stream<Arguments> tooLarge() {
        return Stream.of(
                // 9 lines: the all-to-all's 2,147,349,260 flows ran out of memory in a second
                Arguments.of("all-to-all among 2 x 23,170", leafSpine(2, 23_170, "all-to-all"), 10, "workload",
                        "1390.29"),
                // one more host per leaf: n(n - 1) overflowed an int in AllToAll.flows
                Arguments.of("all-to-all among 2 x 23,171", leafSpine(2, 23_171, "all-to-all"), 10, "workload",
                        "2,147,534,622 flows"),
                // these ran out of memory after 20 to 50 s, building their route tables
                Arguments.of("fat tree k = 200", fatTree(200), 3, "topology", "49.54"),
                Arguments.of("100,000 leaves", leafSpine(100_000, 1, "permutation"), 3, "topology", "42.79"),
                Arguments.of("ring of 1,000,000 switches", ring(1_000_000), 3, "topology", "4066."),
                // accepted by the counts' own limits (k up to 1,000): more elements than an int numbers
                Arguments.of("fat tree k = 1,000", fatTree(1000), 3, "topology", "3,000,000,000 elements"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tooLarge")
    void load_aFabricThatCannotBeBuilt_isRefusedAtOnceWithTheEstimate(String what, String yaml, int line, String field,
                                                                    String estimate) {
        long start = System.nanoTime();
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(yaml, "big.yaml", List.of(), List.of(), SIX_GIB));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(estimate), e.getMessage());
        assertTrue(millis < 500, "refused in " + millis + " ms");
    }

    @Test
    void load_tooLargeForTheHeap_saysHowMuchItNeedsAndHowToGiveIt() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(fatTree(200), "big.yaml", List.of(), List.of(), SIX_GIB));
        assertEquals("big.yaml:3: topology: the run needs about 49.544 GiB of heap before the first packet moves,"
                + " for the fabric's 24,000,000 elements (2,000,000 hosts, 50,000 switches, 6,000,000 cables) alone;"
                + " this JVM may use 6 GiB. Give it at least -Xmx55g (FABRIC_EMU_JAVA_OPTS=-Xmx55g bin/fabric-emu"
                + " ...), or make the fabric or the workload smaller", e.getMessage());
    }

    @Test
    void load_theFlowsAreWhatDoesNotFit_isRefusedAtTheWorkload() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(leafSpine(2, 23_170, "all-to-all"), "big.yaml", List.of(), List.of(),
                        SIX_GIB));
        assertTrue(e.getMessage().startsWith("big.yaml:10: workload: the run needs about 1390.29"), e.getMessage());
        assertTrue(e.getMessage().contains("for 2,147,349,260 flows and 185,376 elements (46,340 hosts, 4 switches,"
                + " 46,344 cables)"), e.getMessage());
    }

    @Test
    void load_withinTheHeap_isAccepted_andAJvmTakingPartInARunAcrossJvmsNeedsLess() throws ScenarioException {
        String k32 = fatTree(32);
        FabricEstimate e = ScenarioLoader.parse(k32, "k32.yaml", List.of(), List.of(), SIX_GIB).estimate();
        assertTrue(e.heapBytes() > 200_000_000 && e.heapBytes() < 300_000_000, "about 250 MB: " + e.heapBytes());
        HeapBudget small = new HeapBudget(100_000_000, true);
        assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(k32, "k32.yaml", List.of(), List.of(), small));
        ScenarioLoader.parse(k32, "k32.yaml", List.of(), List.of(), new HeapBudget(100_000_000, false));
        ScenarioException driver = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(k32, "k32.yaml",
                List.of(), List.of(), new HeapBudget(1_000_000, false)));
        assertTrue(driver.getMessage().contains("this JVM takes part in a run across JVMs and holds its topology,"
                + " routes and flows: about"), driver.getMessage());
    }

    @Test
    void xmx_isAWholeNumberOfGibibytesAboveWhatIsNeeded() {
        assertEquals("-Xmx1g", FabricSizeCheck.xmx(100_000_000));
        assertEquals("-Xmx12g", FabricSizeCheck.xmx(10L << 30));
        assertEquals("-Xmx9544371768g", FabricSizeCheck.xmx(Long.MAX_VALUE));
    }
}

package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.ScenarioTexts;
import io.fabricemu.scenario.workload.AllToAll;
import io.fabricemu.scenario.workload.FlowList;
import io.fabricemu.scenario.workload.Incast;
import io.fabricemu.scenario.workload.Mix;
import io.fabricemu.scenario.workload.Permutation;
import io.fabricemu.scenario.workload.WorkloadSpec;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WorkloadsTest {

    @ParameterizedTest(name = "receiver {0}, {1} senders")
    @CsvSource(delimiter = '|', value = {
            "0 | 3  | 1, 2, 3",
            "2 | 3  | 0, 1, 3",
            "15 | 15 | 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14",
    })
    void incastCount_picksTheLowestOtherHosts(int receiver, int count, String expected) throws ScenarioException {
        String yaml = ScenarioTexts.with(ScenarioTexts.BASE, 23, "  receiver: " + receiver, 24, "  senders: " + count);
        Incast incast = (Incast) ScenarioLoader.parse(yaml, "w.yaml", List.of()).workload();
        List<Integer> senders = new ArrayList<>();
        for (String s : expected.split(",\\s*")) {
            senders.add(Integer.parseInt(s));
        }
        assertEquals(senders, incast.senders());
        assertEquals(senders, incast.flows(16, 1).stream().map(FlowSpec::src).toList());
        assertTrue(incast.flows(16, 1).stream().allMatch(f -> f.dst() == receiver));
    }

    @ParameterizedTest(name = "{0} hosts")
    @ValueSource(ints = {2, 3, 5, 16, 1024})
    void permutation_isADerangement(int hosts) {
        List<FlowSpec> flows = new Permutation(1000, 0).flows(hosts, 42);
        assertEquals(hosts, flows.size());
        TreeSet<Integer> receivers = new TreeSet<>();
        for (int i = 0; i < hosts; i++) {
            FlowSpec f = flows.get(i);
            assertEquals(i, f.src(), "flows are ordered by source");
            assertNotEquals(f.src(), f.dst());
            receivers.add(f.dst());
        }
        assertEquals(hosts, receivers.size(), "every host receives exactly once");
        assertEquals(0, receivers.first());
        assertEquals(hosts - 1, receivers.last());
    }

    @Test
    void permutation_sameSeedSameFlows_otherSeedOtherFlows() {
        Permutation p = new Permutation(1000, 0);
        assertEquals(p.flows(64, 7), p.flows(64, 7));
        assertNotEquals(p.flows(64, 7), p.flows(64, 8));
    }

    /** Pins the drawing (SplittableRandom, Fisher-Yates, redraw on a fixed point): a change alters every run. */
    @Test
    void permutation_eightHostsSeedOne_isTheRecordedPairing() {
        List<Integer> dst = new Permutation(1, 0).flows(8, 1).stream().map(FlowSpec::dst).toList();
        assertEquals(List.of(6, 4, 5, 1, 7, 0, 3, 2), dst);
    }

    @Test
    void permutation_twoHosts_swapsThem() {
        List<FlowSpec> flows = new Permutation(1, 5).flows(2, 123);
        assertEquals(List.of(new FlowSpec(0, 1, 1, 5), new FlowSpec(1, 0, 1, 5)), flows);
    }

    @Test
    void permutation_oneHost_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Permutation(1, 0).flows(1, 1));
    }

    @ParameterizedTest(name = "{0} hosts")
    @ValueSource(ints = {2, 3, 16, 40})
    void allToAll_everyOrderedPairOnce_inSrcDstOrder(int hosts) {
        List<FlowSpec> flows = new AllToAll(256, 10).flows(hosts, 1);
        assertEquals(hosts * (hosts - 1), flows.size());
        List<FlowSpec> sorted = new ArrayList<>(flows);
        sorted.sort(Comparator.comparingInt(FlowSpec::src).thenComparingInt(FlowSpec::dst));
        assertEquals(sorted, flows);
        assertEquals(flows.size(), flows.stream().map(f -> f.src() + ">" + f.dst()).distinct().count());
        assertTrue(flows.stream().allMatch(f -> f.src() != f.dst() && f.bytes() == 256 && f.startPs() == 10));
    }

    @Test
    void allToAll_amongMoreHostsThanAnIntOfPairs_isCountedInALongAndRefusedClearly() {
        AllToAll all = new AllToAll(1 << 20, 0);
        // 46,342 x 46,341 is 2,147,534,622: n(n - 1) in an int overflowed in flows()
        assertEquals(2_147_534_622L, all.flowCount(46_342));
        assertEquals(2_147_534_622L * 257, all.packetCount(46_342, 4086));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> all.flows(46_342, 1));
        assertEquals("all-to-all among 46342 hosts is 2,147,534,622 flows; at most 2,147,483,639 can be numbered and"
                + " listed", e.getMessage());
        assertEquals(Long.MAX_VALUE, all.packetCount(Integer.MAX_VALUE, 1), "more packets than a long: saturated");
    }

    @Test
    void flowAndPacketCounts_areThoseOfTheFlows() throws ScenarioException {
        for (String yaml : List.of(ScenarioTexts.BASE, ScenarioTexts.FLOWS, ScenarioTexts.MIX, ScenarioTexts.MINIMAL)) {
            WorkloadSpec w = ScenarioLoader.parse(yaml, "w.yaml", List.of()).workload();
            List<FlowSpec> flows = w.flows(16, 3);
            long packets = flows.stream().mapToLong(f -> (f.bytes() + 999) / 1000).sum();
            assertEquals(flows.size(), w.flowCount(16), yaml);
            assertEquals(packets, w.packetCount(16, 1000), yaml);
        }
    }

    @Test
    void collectiveCounts_areThoseOfItsSteps_countedWithoutMakingThem() {
        for (String kindAndAlgorithm : List.of("all-reduce/ring", "all-reduce/halving-doubling", "all-gather/ring",
                "reduce-scatter/ring", "all-to-all/pairwise", "all-to-all/simultaneous")) {
            String[] ka = kindAndAlgorithm.split("/");
            for (int n : new int[] {2, 3, 4, 7, 8, 16}) {
                for (long bytes : new long[] {3L * n, 1000, 12_345, 1 << 20}) {
                    for (int chunks : new int[] {1, 3}) {
                        if (ka[1].equals("halving-doubling") && Integer.bitCount(n) != 1) {
                            continue;
                        }
                        Collective c = new Collective(ka[0], ka[1], java.util.stream.IntStream.range(0, n).boxed()
                                .toList(), bytes, chunks, 2, 0, 0);
                        long flows = 0;
                        long packets = 0;
                        for (long[][] step : c.steps()) {
                            for (long[] transfer : step) {
                                for (int k = 0; k < chunks; k++) {
                                    flows++;
                                    packets += io.fabricemu.net.Packets.of(c.chunkBytes(transfer[2], k), 1000);
                                }
                            }
                        }
                        String what = kindAndAlgorithm + " of " + n + " ranks, " + bytes + " B in " + chunks;
                        assertEquals(2 * flows, c.flowCount(16), what);
                        assertEquals(2 * packets, c.packetCount(16, 1000), what);
                    }
                }
            }
        }
    }

    @Test
    void mix_ofMoreFlowsThanAListHolds_isRefusedClearly() {
        Mix mix = new Mix(List.of("a", "b"), List.of(new AllToAll(1, 0), new AllToAll(1, 0)));
        assertEquals(2 * 2_147_441_940L, mix.flowCount(46_341));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> mix.flows(46_341, 1));
        assertEquals("the mix is 4,294,883,880 flows; at most 2,147,483,639 can be numbered and listed",
                e.getMessage());
    }

    @Test
    void flowList_keepsTheGivenOrder() throws ScenarioException {
        FlowList list = (FlowList) ScenarioLoader.parse(ScenarioTexts.FLOWS, "w.yaml", List.of()).workload();
        assertEquals(List.of(new FlowSpec(1, 2, 1L << 20, 0), new FlowSpec(3, 4, 1L << 20, 2_000_000),
                new FlowSpec(4, 5, 512L * 1024, 1_000_000)), list.flows(16, 1));
    }

    @Test
    void mix_isItsPartsFlowsInOrder_aRandomPartDrawingFromItsOwnSeed() throws ScenarioException {
        Mix mix = (Mix) ScenarioLoader.parse(ScenarioTexts.MIX, "w.yaml", List.of()).workload();
        List<FlowSpec> flows = mix.flows(16, 3);
        assertEquals(3 + 16 + 1, flows.size());
        assertEquals(List.of("incast", "background", "flows"), mix.names());
        assertEquals(grouped(new Incast(0, List.of(1, 2, 3), 2L << 20, 0).flows(16, 3), "incast"),
                flows.subList(0, 3));
        assertEquals(grouped(new Permutation(64L << 10, 1_000_000).flows(16, Mix.partSeed(3, 1)), "background"),
                flows.subList(3, 19));
        assertNotEquals(grouped(new Permutation(64L << 10, 1_000_000).flows(16, 3), "background"),
                flows.subList(3, 19), "the permutation in second place does not draw from the scenario seed itself");
        assertEquals(new FlowSpec(5, 6, 1L << 20, 0, "flows"), flows.get(19));
        assertEquals(flows, mix.flows(16, 3), "the same seed gives the same flows");
    }

    private static List<FlowSpec> grouped(List<FlowSpec> flows, String group) {
        return flows.stream().map(f -> f.inGroup(group)).toList();
    }

    @Test
    void flows_rejectHostsOutsideTheTopology() {
        Incast incast = new Incast(0, List.of(1, 20), 1, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> incast.flows(16, 1));
        assertEquals("sender: host 20 does not exist; this topology has hosts 0..15", e.getMessage());
        FlowList list = new FlowList(List.of(new FlowSpec(0, 16, 1, 0)));
        assertThrows(IllegalArgumentException.class, () -> list.flows(16, 1));
    }

    @Test
    void records_rejectWhatAFileCannotSay() {
        assertThrows(IllegalArgumentException.class, () -> new FlowSpec(3, 3, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new FlowSpec(1, 2, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Incast(0, List.of(1, 1), 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Incast(0, List.of(0, 1), 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Incast(0, List.of(), 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new FlowList(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Mix(List.of(), List.of()));
        Mix inner = new Mix(List.of("p"), List.of(new Permutation(1, 0)));
        assertThrows(IllegalArgumentException.class, () -> new Mix(List.of("m"), List.of(inner)));
        assertThrows(IllegalArgumentException.class,
                () -> new Mix(List.of("a", "a"), List.of(new Permutation(1, 0), new AllToAll(1, 0))));
    }
}

package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.FAT_TREE;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fault.Failover;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultAction;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.GilbertElliott;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.LossEffect;
import io.fabricemu.fault.NoLoss;
import io.fabricemu.fault.RandomLoss;
import io.fabricemu.fault.RateChange;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Valid {@code faults} lists and {@code switch.failover} maps: every form binds to the expected fault (link
 * directions, action, label). The cable numbers are the builders' (BASE: hosts' cables 0..15, then leaf0-spine0 16,
 * leaf0-spine1 17, leaf1-spine0 18, leaf1-spine1 19; FAT_TREE: core cables 32..47, agg0.0-core0 32, agg0.0-core1 33,
 * agg1.0-core0 36, ...); direction {@code 2c} runs from a cable's lower end up, {@code 2c + 1} down. The errors
 * are in FaultErrorsTest.
 */
class FaultsTest {
    private static final long US = Ps.PER_US;

    /** {@code base} with a {@code faults} list of {@code entries}, each on a line of its own after line 27. */
    static String withFaults(String base, String... entries) {
        StringBuilder yaml = new StringBuilder(base).append("faults:\n");
        for (String entry : entries) {
            yaml.append("  - ").append(entry).append('\n');
        }
        return yaml.toString();
    }

    private static FaultPlan plan(String base, String... entries) throws ScenarioException {
        return ScenarioLoader.parse(withFaults(base, entries), "f.yaml", List.of()).faults();
    }

    private static Fault only(String base, String entry) throws ScenarioException {
        List<Fault> faults = plan(base, entry).faults();
        assertEquals(1, faults.size());
        return faults.get(0);
    }

    private static Fault fault(int index, String label, long atPs, FaultAction action, int... directions) {
        return new Fault(index, label, atPs, action, directions);
    }

    @Test
    void noFaults_isTheHealthyPlan() throws ScenarioException {
        assertSame(FaultPlan.NONE, ScenarioLoader.parse(BASE, "f.yaml", List.of()).faults());
        assertTrue(ScenarioLoader.parse(BASE + "faults: []\n", "f.yaml", List.of()).faults().isEmpty());
        assertTrue(ScenarioLoader.parse(BASE + "faults:\n", "f.yaml", List.of()).faults().isEmpty());
    }

    @Test
    void oneDirection_rateChange_theContractForm() throws ScenarioException {
        assertEquals(fault(0, "agg0.0 -> core0 at 25Gbps from 10us", 10 * US, new RateChange(25_000_000_000L), 64),
                only(FAT_TREE, "{at: 10us, link: \"agg0.0 -> core0\", rate: 25Gbps}"));
    }

    @Test
    void oneDirection_fromTheUpperEnd_isTheCablesSecondDirection() throws ScenarioException {
        assertArrayEquals(new int[] {65}, only(FAT_TREE, "{at: 10us, link: \"core0 -> agg0.0\", state: down}")
                .directions());
        assertArrayEquals(new int[] {72}, only(FAT_TREE, "{at: 10us, link: \"agg1.0 -> core0\", state: down}")
                .directions());
    }

    @Test
    void bothDirections_downThenUp_theContractForms() throws ScenarioException {
        FaultPlan plan = plan(BASE, "{at: 10us, link: \"leaf0 <-> spine0\", state: down}",
                "{at: 20us, link: \"spine0 <-> leaf0\", state: up}");
        assertEquals(List.of(fault(0, "leaf0 <-> spine0 down at 10us", 10 * US, new LinkState(true), 32, 33),
                fault(1, "spine0 <-> leaf0 up at 20us", 20 * US, new LinkState(false), 32, 33)), plan.faults());
    }

    @Test
    void hostNames_areTheNicsInEitherCase() throws ScenarioException {
        assertEquals(fault(0, "h3 -> leaf0 down at 1us", US, new LinkState(true), 6),
                only(BASE, "{at: 1us, link: \"h3 -> leaf0\", state: down}"));
        assertEquals(fault(0, "leaf0 -> h3 down at 1us", US, new LinkState(true), 7),
                only(BASE, "{at: 1us, link: \"leaf0->H3\", state: down}"));
        assertEquals(fault(0, "h12 <-> leaf1 down at 0ns", 0, new LinkState(true), 24, 25),
                only(BASE, "{at: 0ns, link: h12 <-> leaf1, state: down}"));
    }

    @Test
    void host_isItsOneCableBothWays_andFlaps() throws ScenarioException {
        Fault flap = fault(0, "h5 <-> leaf0 flap every 100us (20us down) from 50us until 1ms", 50 * US,
                new Flap(100 * US, 20 * US, Ps.PER_MS), 10, 11);
        assertEquals(flap, only(BASE, "{at: 50us, host: 5, flap: {period: 100us, down: 20us, until: 1ms}}"));
        assertEquals(flap, only(BASE, "{at: 50us, host: h5, flap: {period: 100us, down: 20us, until: 1ms}}"));
    }

    @Test
    void flapWithoutUntil_lastsUntilStop() throws ScenarioException {
        String yaml = with(BASE, 27, "stop: 2ms");
        assertEquals(new Flap(100 * US, 20 * US, 2 * Ps.PER_MS),
                only(yaml, "{at: 0ns, host: 1, flap: {period: 100us, down: 20us}}").action());
    }

    @Test
    void switchTarget_isEveryCableAtItBothWays() throws ScenarioException {
        assertEquals(fault(0, "switch spine0 down at 10us", 10 * US, new LinkState(true), 32, 33, 36, 37),
                only(BASE, "{at: 10us, switch: spine0, state: down}"));
        assertArrayEquals(new int[] {64, 65, 72, 73, 80, 81, 88, 89},
                only(FAT_TREE, "{at: 10us, switch: core0, state: down}").directions());
        int[] leaf = only(BASE, "{at: 10us, switch: leaf1, state: down}").directions();
        assertEquals(20, leaf.length, "8 hosts and 2 spines, both ways");
        assertEquals(16, leaf[0]);
        assertEquals(39, leaf[19]);
    }

    @Test
    void parallelCables_arePickedByEitherEndsPort() throws ScenarioException {
        // leaf0 p8, p9 -> spine0 p0, p1 are cables 16 and 17; leaf1 p8, p9 -> spine0 p2, p3 are 20 and 21
        String twoEach = with(BASE, 7, "  spines: 2\n  linksPerSpine: 2");
        assertArrayEquals(new int[] {34, 35}, only(twoEach, "{at: 0ns, link: \"leaf0:p9 <-> spine0\", state: down}")
                .directions());
        assertArrayEquals(new int[] {32}, only(twoEach, "{at: 0ns, link: \"leaf0 -> spine0:p0\", state: down}")
                .directions());
        assertArrayEquals(new int[] {43}, only(twoEach, "{at: 0ns, link: \"spine0:p3 -> leaf1:p9\", rate: 1Gbps}")
                .directions());
        assertEquals("leaf0:p9 <-> spine0 down at 0ns",
                only(twoEach, "{at: 0ns, link: \"leaf0:p9 <-> spine0\", state: down}").label());
    }

    /**
     * htsim's -failed N, on FAT_TREE (2 uplinks per aggregation switch): its first three links are agg0.0's two
     * uplinks and agg0.1's first, to cores 0, 1 and 2 in fabric-emu's numbering, each core to agg only.
     */
    @Test
    void htsimFailed_degradesTheReferenceSimulatorsLinks_coreToAggOnly() throws ScenarioException {
        Fault f = only(FAT_TREE, "{at: 0ns, links: {htsimFailed: 3}, rate: 25Gbps}");
        assertEquals("3 core links by htsim's -failed 3 rule (core -> agg) at 25Gbps from 0ns", f.label());
        Topology topology = Topologies.build(ScenarioLoader.parse(FAT_TREE, "f.yaml", List.of()).topology());
        List<String> named = new java.util.ArrayList<>();
        for (int d : f.directions()) {
            Cable c = topology.cable(d / 2);
            named.add(d % 2 == 1 ? topology.name(c.nodeB()) + " -> " + topology.name(c.nodeA())
                    : topology.name(c.nodeA()) + " -> " + topology.name(c.nodeB()));
        }
        assertEquals(List.of("core0 -> agg0.0", "core1 -> agg0.0", "core2 -> agg0.1"), named);
    }

    @Test
    void randomLinks_areDistinctCablesOfTheTier_andLabelled() throws ScenarioException {
        Fault f = only(FAT_TREE, "{at: 0ns, links: {tier: core, count: 8, seed: 3}, rate: 25Gbps}");
        assertEquals("8 core links (seed 3) at 25Gbps from 0ns", f.label());
        int[] d = f.directions();
        assertEquals(16, d.length);
        Topology topology = Topologies.build(ScenarioLoader.parse(FAT_TREE, "f.yaml", List.of()).topology());
        for (int i = 0; i < d.length; i += 2) {
            assertEquals(d[i] + 1, d[i + 1], "both directions of each cable");
            assertEquals(0, d[i] % 2);
            assertEquals("core", topology.cable(d[i] / 2).tier());
            assertTrue(i == 0 || d[i] > d[i - 1], "ascending, so distinct");
        }
    }

    @Test
    void randomLinks_areRepeatable_andDrawnFromTheirOwnSeedAlone() throws ScenarioException {
        String entry = "{at: 0ns, links: {tier: core, count: 5, seed: 3}, state: down}";
        int[] first = only(FAT_TREE, entry).directions();
        assertArrayEquals(first, only(FAT_TREE, entry).directions());
        assertArrayEquals(first, only(with(FAT_TREE, 2, "seed: 99"), entry).directions(), "the scenario's seed");
        assertFalse(Arrays.equals(first, only(FAT_TREE, entry.replace("seed: 3", "seed: 4")).directions()));
    }

    @Test
    void randomLinks_allOfATier_andOneDirection() throws ScenarioException {
        int[] all = only(FAT_TREE, "{at: 0ns, links: {tier: core, count: 16, seed: 1}, state: down}").directions();
        assertEquals(32, all.length);
        assertEquals(64, all[0]);
        assertEquals(95, all[31]);
        Fault up = only(FAT_TREE, "{at: 0ns, links: {tier: agg, count: 3, seed: 1, direction: up}, loss: 1%}");
        assertEquals("3 agg links (up, seed 1) loss 1% from 0ns", up.label());
        assertEquals(3, up.directionCount());
        for (int d : up.directions()) {
            assertEquals(0, d % 2, "from the ToR up to the aggregation switch");
            assertTrue(d >= 32 && d < 64);
        }
        Fault down = only(BASE, "{at: 0ns, links: {tier: host, count: 1, seed: 7, direction: down}, state: down}");
        assertEquals(1, down.directionCount());
        assertEquals(1, down.direction(0) % 2, "from the leaf down to the host");
        assertTrue(down.label().startsWith("1 host link (down, seed 7) down at"), down.label());
    }

    @Test
    void loss_randomNoneAndZero() throws ScenarioException {
        assertEquals(fault(0, "leaf0 <-> spine1 loss 0.1% from 10us", 10 * US,
                new LossChange(new RandomLoss(0.001), LossEffect.LOSS), 34, 35),
                only(BASE, "{at: 10us, link: \"leaf0 <-> spine1\", loss: 0.1%}"));
        FaultAction none = new LossChange(new NoLoss(), LossEffect.LOSS);
        assertEquals(none, only(BASE, "{at: 10us, host: 0, loss: none}").action());
        assertEquals(none, only(BASE, "{at: 10us, host: 0, loss: 0%}").action());
        assertEquals("h0 <-> leaf0 no loss from 10us", only(BASE, "{at: 10us, host: 0, loss: none}").label());
        assertEquals(new LossChange(new RandomLoss(0.25), LossEffect.LOSS),
                only(BASE, "{at: 10us, host: 0, loss: 0.25}").action());
    }

    @Test
    void loss_rateAndBurst_isTheGilbertElliottChannelWithThatMeanAndBurst() throws ScenarioException {
        Fault f = only(BASE, "{at: 10us, host: 2, loss: {rate: 0.1%, burst: 10}}");
        assertEquals("h2 <-> leaf0 loss 0.1% in bursts of 10 from 10us", f.label());
        GilbertElliott ge = (GilbertElliott) ((LossChange) f.action()).model();
        assertEquals(new GilbertElliott(0.001 * (1.0 / 10) / (1 - 0.001), 1.0 / 10, 0, 1), ge, "pBadToGood = 1 / burst,"
                + " pGoodToBad = rate * pBadToGood / (1 - rate)");
        assertEquals(0.001, ge.meanLoss(), 1e-15);
        assertEquals(LossEffect.LOSS, ((LossChange) f.action()).effect());
    }

    @Test
    void loss_theChannelItself_withDefaultsForTheStatesLoss() throws ScenarioException {
        Fault f = only(BASE, "{at: 10us, host: 2, loss: {pGoodToBad: 0.01%, pBadToGood: 0.1, lossGood: 0.5%,"
                + " lossBad: 90%}}");
        assertEquals(new LossChange(new GilbertElliott(0.0001, 0.1, 0.005, 0.9), LossEffect.LOSS), f.action());
        assertEquals("h2 <-> leaf0 loss (Gilbert-Elliott: pGoodToBad 0.01%, pBadToGood 10%, lossGood 0.5%,"
                + " lossBad 90%) from 10us", f.label());
        assertEquals(new LossChange(new GilbertElliott(0.0001, 0.1, 0, 1), LossEffect.LOSS),
                only(BASE, "{at: 10us, host: 2, loss: {pGoodToBad: 0.01%, pBadToGood: 10%}}").action());
    }

    @Test
    void corrupt_takesTheFormsOfLoss() throws ScenarioException {
        Fault random = only(BASE, "{at: 10us, host: 2, corrupt: 1%}");
        assertEquals(new LossChange(new RandomLoss(0.01), LossEffect.CORRUPTION), random.action());
        assertEquals("h2 <-> leaf0 corruption 1% from 10us", random.label());
        assertEquals(new LossChange(new NoLoss(), LossEffect.CORRUPTION),
                only(BASE, "{at: 10us, host: 2, corrupt: none}").action());
        Fault bursty = only(BASE, "{at: 10us, host: 2, corrupt: {rate: 50%, burst: 1}}");
        assertEquals(new LossChange(new GilbertElliott(1, 1, 0, 1), LossEffect.CORRUPTION), bursty.action(),
                "the most a burst of 1 allows: turn bad before every good packet");
        assertEquals("h2 <-> leaf0 corruption 50% in bursts of 1 from 10us", bursty.label());
    }

    @Test
    void upAfterDown_inTimeOrderNotListOrder_andAfterASwitchDown() throws ScenarioException {
        FaultPlan plan = plan(BASE, "{at: 20us, link: \"leaf0 -> spine0\", state: up}",
                "{at: 10us, switch: spine0, state: down}",
                "{at: 20us, link: \"spine0 -> leaf0\", state: up}",
                "{at: 30us, host: 1, state: down}",
                "{at: 30us, host: 1, state: up}");
        assertEquals(5, plan.faults().size());
        assertEquals(List.of(0, 1, 2, 3, 4), plan.faults().stream().map(Fault::index).toList());
    }

    @Test
    void upAfterAFlap_thatTookItDownAgain() throws ScenarioException {
        FaultPlan plan = plan(BASE, "{at: 10us, host: 1, flap: {period: 10us, down: 1us, until: 50us}}",
                "{at: 60us, host: 1, state: down}", "{at: 70us, host: 1, state: up}");
        assertEquals(3, plan.faults().size());
    }

    @Test
    void failover_absentIsTheDefault_andEachTimeIsRead() throws ScenarioException {
        assertEquals(Failover.DEFAULT, ScenarioLoader.parse(BASE, "f.yaml", List.of()).switchConfig().failover());
        String both = with(BASE, 14, "  trafficClasses: 2\n  failover: {detect: 5us, converge: 1ms}");
        assertEquals(new Failover(5 * US, Ps.PER_MS),
                ScenarioLoader.parse(both, "f.yaml", List.of()).switchConfig().failover());
        String one = with(BASE, 14, "  trafficClasses: 2\n  failover: {converge: 50us}");
        assertEquals(new Failover(Failover.DEFAULT.detectPs(), 50 * US),
                ScenarioLoader.parse(one, "f.yaml", List.of()).switchConfig().failover());
        assertNotEquals(Failover.DEFAULT, new Failover(5 * US, Ps.PER_MS));
    }

    @Test
    void theCableNumbersThisTestAssumes_areTheBuilders() throws ScenarioException {
        Topology base = Topologies.build(ScenarioLoader.parse(BASE, "f.yaml", List.of()).topology());
        Cable c16 = base.cable(16);
        assertEquals("leaf0 spine0", base.name(c16.nodeA()) + " " + base.name(c16.nodeB()));
        assertEquals("leaf0 spine1", base.name(base.cable(17).nodeA()) + " " + base.name(base.cable(17).nodeB()));
        Topology fat = Topologies.build(ScenarioLoader.parse(FAT_TREE, "f.yaml", List.of()).topology());
        assertEquals("agg0.0 core0", fat.name(fat.cable(32).nodeA()) + " " + fat.name(fat.cable(32).nodeB()));
        assertEquals("agg1.0 core0", fat.name(fat.cable(36).nodeA()) + " " + fat.name(fat.cable(36).nodeB()));
    }
}

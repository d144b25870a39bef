package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.FatTreeSpec;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.RailOptimisedSpec;
import io.fabricemu.topology.RingRouting;
import io.fabricemu.topology.RingSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import io.fabricemu.topology.TopologySpec;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Partition plans: whole switches, pods together, balance, cuts, determinism and the printed plan. */
class PartitionPlanTest {
    private static final long RATE = 100_000_000_000L;
    private static final LinkSpec SHORT = new LinkSpec(RATE, 500 * Ps.PER_NS, 0);
    private static final LinkSpec LONG = new LinkSpec(RATE, 2 * Ps.PER_US, 0);
    private static final long LATENCY = 300 * Ps.PER_NS;

    private static FabricBuilder fabric(TopologySpec spec, PfcSettings pfc, long sharedBufferBytes) {
        return new FabricBuilder(Topologies.build(spec),
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(64 * 1024)
                        .withSharedBufferBytes(sharedBufferBytes).withPfc(pfc),
                TransportPlan.fixedWindow(64 * 1024, 20 * Ps.PER_US), List.of(), 0, 7);
    }

    private static FabricBuilder fabric(TopologySpec spec) {
        return fabric(spec, PfcSettings.NONE, 0);
    }

    private static FabricBuilder fatTree8() {
        return fabric(FatTreeSpec.kAry(8, SHORT, SHORT, SHORT));
    }

    /** The pod of a switch from its name: {@code tor3.1} and {@code leaf3.0.2} are pod 3, a core has none. */
    private static String podOf(Topology t, int node) {
        String name = t.name(node);
        int dot = name.indexOf('.');
        if (dot < 0) {
            return null;
        }
        int digit = 0;
        while (!Character.isDigit(name.charAt(digit))) {
            digit++;
        }
        return name.substring(digit, dot);
    }

    /** Every element sits on its switch's shard, and a host's elements on its edge switch's. */
    private static void assertWholeSwitches(FabricBuilder f, PartitionPlan plan) {
        Topology t = f.topology();
        int[] shardOf = plan.shardOf();
        assertEquals(f.elementCount(), shardOf.length);
        for (int id = 0; id < shardOf.length; id++) {
            int node = f.nodeOf(id);
            int home = t.isHost(node) ? t.edgeSwitchOf(node) : node;
            assertEquals(plan.shardOfNode(home), shardOf[id], "element " + id + " of " + t.name(node));
            assertTrue(shardOf[id] >= 0 && shardOf[id] < plan.shards());
        }
    }

    private static int[] elementsPerShard(PartitionPlan plan) {
        int[] out = new int[plan.shards()];
        for (int s : plan.shardOf()) {
            out[s]++;
        }
        return out;
    }

    @ParameterizedTest(name = "{0} members x {1} shards")
    @CsvSource({"2, 1", "2, 2", "4, 1", "4, 2"})
    void of_fatTree8_keepsSwitchesAndPodsWholeAndBalancesExactly(int members, int perMember) {
        FabricBuilder f = fatTree8();
        Topology t = f.topology();
        PartitionPlan plan = PartitionPlan.of(f, members, perMember);
        assertWholeSwitches(f, plan);
        TreeMap<String, TreeSet<Integer>> shardsOfPod = new TreeMap<>();
        int[] coresOfMember = new int[members];
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            String pod = podOf(t, n);
            if (pod == null) {
                coresOfMember[plan.memberOf(plan.shardOfNode(n))]++;
            } else {
                shardsOfPod.computeIfAbsent(pod, p -> new TreeSet<>()).add(plan.shardOfNode(n));
            }
        }
        assertEquals(8, shardsOfPod.size());
        shardsOfPod.forEach((pod, shards) -> assertEquals(1, shards.size(), "pod " + pod + " on shards " + shards));
        for (int m = 0; m < members; m++) {
            assertEquals(16 / members, coresOfMember[m], "cores of member " + m);
            assertEquals(f.elementCount() / members, plan.elementsOf(m), "elements of member " + m);
        }
        for (int count : elementsPerShard(plan)) {
            assertEquals(f.elementCount() / plan.shards(), count);
        }
        // Every core links to one aggregation switch per pod; those in the other members' pods are cut.
        assertEquals(16 * 8 * (members - 1) / members, plan.cutLinks());
    }

    @Test
    void of_fatTree8OnThreeMembers_cutsOnePodAtMostAndStaysWithinTheSlack() {
        FabricBuilder f = fatTree8();
        PartitionPlan plan = PartitionPlan.of(f, 3, 1);
        assertWholeSwitches(f, plan);
        double share = f.elementCount() / 3.0;
        for (int m = 0; m < 3; m++) {
            assertTrue(Math.abs(plan.elementsOf(m) - share) <= share * 0.07, "member " + m + ": "
                    + plan.elementsOf(m) + " elements for a share of " + share);
        }
        assertTrue(plan.describe().contains("pods: 8, kept whole on one member: 7"), plan.describe());
    }

    @Test
    void of_leafSpine_keepsLeavesWithTheirHostsAndSpreadsTheSpines() {
        FabricBuilder f = fabric(new LeafSpineSpec(8, 4, 4, 1, SHORT, SHORT));
        Topology t = f.topology();
        PartitionPlan plan = PartitionPlan.of(f, 4, 1);
        assertWholeSwitches(f, plan);
        int[] spinesOf = new int[4];
        int[] leavesOf = new int[4];
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            (t.tier(n) == 2 ? spinesOf : leavesOf)[plan.memberOf(plan.shardOfNode(n))]++;
        }
        assertArrayEquals(new int[] {1, 1, 1, 1}, spinesOf);
        assertArrayEquals(new int[] {2, 2, 2, 2}, leavesOf);
        // 32 leaf-spine cables; a quarter of each spine's eight leaves share its member.
        assertEquals(24, plan.cutLinks());
    }

    @Test
    void of_multiPodRailOptimised_keepsEachPodOnOneMemberAndSpreadsTheSuperSpines() {
        FabricBuilder f = fabric(new RailOptimisedSpec(4, 2, 2, 4, 2, 4, SHORT, SHORT, LONG));
        Topology t = f.topology();
        for (int members : new int[] {2, 4}) {
            PartitionPlan plan = PartitionPlan.of(f, members, 2);
            assertWholeSwitches(f, plan);
            TreeMap<String, TreeSet<Integer>> membersOfPod = new TreeMap<>();
            int[] supersOf = new int[members];
            for (int n = t.hostCount(); n < t.nodeCount(); n++) {
                String pod = podOf(t, n);
                if (pod == null) {
                    supersOf[plan.memberOf(plan.shardOfNode(n))]++;
                } else {
                    membersOfPod.computeIfAbsent(pod, p -> new TreeSet<>()).add(plan.memberOf(plan.shardOfNode(n)));
                }
            }
            assertEquals(4, membersOfPod.size());
            membersOfPod.forEach((pod, ms) -> assertEquals(1, ms.size(), "pod " + pod + " on members " + ms));
            for (int m = 0; m < members; m++) {
                assertEquals(4 / members, supersOf[m]);
                assertEquals(f.elementCount() / members, plan.elementsOf(m));
            }
            // Only super-spine cables cross members, so the cut waits for the long links: 2 us - 1 us.
            assertEquals(Ps.PER_US, plan.cutLookaheadPs());
        }
    }

    @Test
    void of_ring_cutsItIntoArcs() {
        FabricBuilder f = fabric(new RingSpec(8, 2, SHORT, SHORT, RingRouting.SHORTEST));
        PartitionPlan plan = PartitionPlan.of(f, 4, 1);
        assertWholeSwitches(f, plan);
        assertEquals(4, plan.cutLinks());
        for (int m = 0; m < 4; m++) {
            assertEquals(1, plan.cutLinksBetween(m, (m + 1) % 4), "arc " + m + " to the next");
        }
    }

    @Test
    void of_moreMembersThanSwitches_givesEachSwitchAMemberAndLeavesTheRestEmpty() {
        FabricBuilder f = fabric(new LeafSpineSpec(2, 4, 1, 1, SHORT, SHORT));
        PartitionPlan plan = PartitionPlan.of(f, 4, 2);
        assertWholeSwitches(f, plan);
        assertTrue(plan.elementsOf(0) > 0 && plan.elementsOf(1) > 0 && plan.elementsOf(2) > 0);
        assertEquals(0, plan.elementsOf(3));
        int[] perShard = elementsPerShard(plan);
        assertTrue(perShard[0] > 0 && perShard[1] == 0, "a member's one switch goes to its first shard");
    }

    @Test
    void of_sameInputTwice_givesTheSamePlanAndFingerprint() {
        PartitionPlan a = PartitionPlan.of(fatTree8(), 3, 2);
        PartitionPlan b = PartitionPlan.of(fatTree8(), 3, 2);
        assertArrayEquals(a.shardOf(), b.shardOf());
        assertEquals(a.fingerprint(), b.fingerprint());
        assertEquals(a.describe(), b.describe());
    }

    @Test
    void fingerprint_differsWithTheMemberCountAndTheShardsPerMember() {
        FabricBuilder f = fatTree8();
        long twoByTwo = PartitionPlan.of(f, 2, 2).fingerprint();
        assertNotEquals(twoByTwo, PartitionPlan.of(f, 4, 2).fingerprint());
        assertNotEquals(twoByTwo, PartitionPlan.of(f, 2, 1).fingerprint());
        // Four shards either way, and the same elements on each shard: only the members differ.
        PartitionPlan fourByOne = PartitionPlan.of(f, 4, 1);
        PartitionPlan oneByFour = PartitionPlan.of(f, 1, 4);
        assertArrayEquals(fourByOne.shardOf(), oneByFour.shardOf());
        assertNotEquals(fourByOne.fingerprint(), oneByFour.fingerprint());
    }

    @Test
    void shardOf_isACopy() {
        PartitionPlan plan = PartitionPlan.of(fatTree8(), 2, 1);
        int[] first = plan.shardOf();
        first[0] = 99;
        assertEquals(plan.shardOfNode(0), plan.shardOf()[0]);
        assertEquals(plan.shardOfNode(0), plan.shardOf(0));
    }

    @Test
    void memberOf_numbersShardsMemberMajor() {
        PartitionPlan plan = PartitionPlan.of(fatTree8(), 3, 4);
        assertEquals(12, plan.shards());
        assertEquals(0, plan.memberOf(3));
        assertEquals(1, plan.memberOf(4));
        assertEquals(2, plan.memberOf(11));
        assertThrows(IndexOutOfBoundsException.class, () -> plan.memberOf(12));
    }

    /**
     * Counts the cut independently: a cable crosses members when its ends do, and what crosses is its far
     * half, the link's delivery, {@code flight - flight / 2} after the link took the packet.
     */
    @Test
    void cutLookaheadPs_isTheSmallestPositiveDelayOfAnyCutCable() {
        LinkSpec odd = new LinkSpec(RATE, 1_001, 0);
        FabricBuilder f = fabric(FatTreeSpec.kAry(4, SHORT, odd, LONG));
        Topology t = f.topology();
        for (int members = 2; members <= 8; members++) {
            PartitionPlan plan = PartitionPlan.of(f, members, 1);
            int cut = 0;
            long smallest = Long.MAX_VALUE;
            for (int c = 0; c < t.cableCount(); c++) {
                Cable cable = t.cable(c);
                if (plan.memberOf(plan.shardOfNode(cable.nodeA())) != plan.memberOf(plan.shardOfNode(cable.nodeB()))) {
                    cut++;
                    long crossPs = cable.spec().flightPs() - cable.spec().flightPs() / 2;
                    assertTrue(crossPs > 0);
                    smallest = Math.min(smallest, crossPs);
                }
            }
            assertEquals(cut, plan.cutLinks(), members + " members");
            assertEquals(smallest, plan.cutLookaheadPs(), members + " members");
        }
        assertEquals(501, PartitionPlan.of(f, 8, 1).cutLookaheadPs(), "eight members cut the pods' 1001 ps cables");
    }

    @Test
    void cutLookaheadPs_onOneMember_isUnbounded() {
        PartitionPlan plan = PartitionPlan.of(fatTree8(), 1, 4);
        assertEquals(0, plan.cutLinks());
        assertEquals(Long.MAX_VALUE, plan.cutLookaheadPs());
        assertTrue(plan.cutLinksInside(0) > 0);
    }

    @Test
    void cutLookaheadPs_withPfc_countsTheDeadlockReportsAtTheFabricLookahead() {
        PfcSettings pfc = new PfcSettings(1, 20_000, 10_000, PfcSettings.AUTO_HEADROOM, 65_535, 3840, 4150,
                Ps.PER_MS);
        FabricBuilder f = fabric(FatTreeSpec.kAry(4, LONG, LONG, LONG), pfc, 0);
        assertTrue(f.pfcMonitorId() >= 0);
        PartitionPlan plan = PartitionPlan.of(f, 2, 1);
        assertEquals(plan.shardOfNode(f.topology().hostCount()), plan.shardOf(f.pfcMonitorId()));
        // Cables alone would allow 1 us; the reports to the one monitor take a switch latency (300 ns).
        assertEquals(f.lookaheadPs(), plan.cutLookaheadPs());
        assertEquals(LATENCY, plan.cutLookaheadPs());
    }

    @Test
    void of_withSharedBufferPools_keepsEachPoolWithItsSwitch() {
        FabricBuilder f = fabric(FatTreeSpec.kAry(4, SHORT, SHORT, SHORT), PfcSettings.NONE, 1 << 20);
        PartitionPlan plan = PartitionPlan.of(f, 4, 1);
        Topology t = f.topology();
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            assertEquals(plan.shardOfNode(n), plan.shardOf(f.poolElementOf(n)), t.name(n));
        }
        assertWholeSwitches(f, plan);
    }

    @Test
    void positive_zeroDelay_isRejectedNamingWhatWouldBeCut() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlanCuts.positive("tor0.0 - agg0.0", 0));
        assertTrue(e.getMessage().contains("tor0.0 - agg0.0"), e.getMessage());
        assertTrue(e.getMessage().contains("positive delay"), e.getMessage());
        assertEquals(1, PlanCuts.positive("x", 1));
    }

    @Test
    void of_badCounts_areRejected() {
        FabricBuilder f = fatTree8();
        assertThrows(IllegalArgumentException.class, () -> PartitionPlan.of(f, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> PartitionPlan.of(f, 2, 0));
    }

    @Test
    void describe_namesMembersTheirSwitchesAndTheCut() {
        PartitionPlan plan = PartitionPlan.of(fatTree8(), 2, 2);
        String text = plan.describe();
        assertTrue(text.startsWith("partition: 2 members x 2 shards, 1536 elements, fingerprint "
                + String.format("%016x", plan.fingerprint()) + "\n"), text);
        assertTrue(text.contains("member 0: shards 0-1, 64 hosts, 16 tor + 16 agg + 8 core, 768 elements (384 + 384)\n"),
                text);
        assertTrue(text.contains("member 1: shards 2-3, 64 hosts, 16 tor + 16 agg + 8 core, 768 elements"), text);
        assertTrue(text.contains("pods: 8, kept whole on one member: 8, on one shard: 8\n"), text);
        assertTrue(text.contains("cut between members: 64 cables (0-1: 64), smallest delay 250.000 ns (250000 ps)\n"),
                text);
        assertTrue(text.contains("cut between shards of a member: " + (plan.cutLinksInside(0) + plan.cutLinksInside(1))
                + " cables (member 0: "), text);
        assertEquals(6, text.lines().count(), text);
    }

    @Test
    void describe_manyMembers_summarisesInsteadOfALinePerMember() {
        PartitionPlan plan = PartitionPlan.of(fabric(FatTreeSpec.kAry(16, SHORT, SHORT, SHORT)), 32, 2);
        String text = plan.describe();
        assertFalse(text.contains("member 0:"), text);
        assertTrue(text.contains("members 0-31: hosts "), text);
        assertTrue(text.contains(" of 496 pairs, "), text);
        assertTrue(text.lines().count() <= 6, text);
        String sixteen = PartitionPlan.of(fabric(FatTreeSpec.kAry(16, SHORT, SHORT, SHORT)), 16, 1).describe();
        assertTrue(sixteen.contains("member 15: shard 15, 64 hosts, 8 tor + 8 agg + 4 core, 768 elements\n"), sixteen);
    }

    @Test
    void partitionerShardOf_isTheOneMemberPlan() {
        FabricBuilder f = fatTree8();
        assertArrayEquals(PartitionPlan.of(f, 1, 3).shardOf(), Partitioner.shardOf(f, 3));
        assertArrayEquals(new int[f.elementCount()], Partitioner.shardOf(f, 1));
        assertEquals(PartitionPlan.of(f, 2, 3).fingerprint(), Partitioner.plan(f, 2, 3).fingerprint());
    }
}

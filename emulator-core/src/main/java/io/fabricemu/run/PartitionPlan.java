package io.fabricemu.run;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.topology.Topology;
import java.util.Objects;

/**
 * Which shard, and so which member (JVM) of a run, owns each element of a fabric: topology-aware and
 * deterministic, so every member computes the same plan from the same scenario and can check it by
 * {@link #fingerprint()}.
 *
 * <p>The unit is a switch with everything that lives with it (its ports, the links it transmits on, its
 * shared buffer pool, its hosts with their NICs and links; the PFC deadlock monitor lives with the first
 * switch). {@link SwitchSequence} lays the switches in a line that keeps pods together and spreads the top
 * tier; {@link BlockSplit} cuts the line into {@code members} blocks of nearly equal element count,
 * preferring cuts between pods, then cuts each member's block into its shards the same way. Shards are
 * numbered member-major: member {@code m} owns shards {@code m * shardsPerMember} to
 * {@code (m + 1) * shardsPerMember - 1}. Only cables are cut, and every interaction between members must
 * take positive time ({@link PlanCuts}); results never depend on the plan, only speed and traffic do.
 */
public final class PartitionPlan {
    private final FabricBuilder fabric;
    private final SwitchSequence sequence;
    private final int members;
    private final int shardsPerMember;
    private final int[] shardOf;
    private final int[] shardOfNode;
    private final PlanCuts cuts;
    private final long fingerprint;

    private PartitionPlan(FabricBuilder fabric, SwitchSequence sequence, int members, int shardsPerMember,
                          int[] shardOfNode) {
        this.fabric = fabric;
        this.sequence = sequence;
        this.members = members;
        this.shardsPerMember = shardsPerMember;
        this.shardOfNode = shardOfNode;
        this.shardOf = new int[sequence.elementCount()];
        for (int id = 0; id < shardOf.length; id++) {
            shardOf[id] = shardOfNode[sequence.homeOf(id)];
        }
        this.cuts = PlanCuts.of(fabric, shardOfNode, shardsPerMember, members);
        this.fingerprint = fingerprint(shardOf, members, shardsPerMember);
    }

    /**
     * Plans {@code fabric} on {@code members} JVMs of {@code shardsPerMember} shards each.
     *
     * @throws IllegalArgumentException if {@code members} or {@code shardsPerMember} is below 1, or if an
     *                                  interaction between members would take no time
     */
    public static PartitionPlan of(FabricBuilder fabric, int members, int shardsPerMember) {
        Objects.requireNonNull(fabric, "fabric");
        if (members < 1) {
            throw new IllegalArgumentException("members must be >= 1, was " + members);
        }
        if (shardsPerMember < 1) {
            throw new IllegalArgumentException("shardsPerMember must be >= 1, was " + shardsPerMember);
        }
        if ((long) members * shardsPerMember > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(members + " members x " + shardsPerMember + " shards is too many");
        }
        SwitchSequence sequence = SwitchSequence.of(fabric);
        Topology t = fabric.topology();
        int[] line = sequence.nodes();
        int[] memberAt = BlockSplit.split(sequence.weights(), sequence.pods(), 0, line.length, members);
        int[] shardOfNode = new int[t.nodeCount()];
        int from = 0;
        while (from < line.length) {
            int member = memberAt[from];
            int to = from;
            while (to < line.length && memberAt[to] == member) {
                to++;
            }
            int[] shardAt = BlockSplit.split(sequence.weights(), sequence.pods(), from, to, shardsPerMember);
            for (int i = from; i < to; i++) {
                shardOfNode[line[i]] = member * shardsPerMember + shardAt[i - from];
            }
            from = to;
        }
        for (int h = 0; h < t.hostCount(); h++) {
            shardOfNode[h] = shardOfNode[t.edgeSwitchOf(h)];
        }
        return new PartitionPlan(fabric, sequence, members, shardsPerMember, shardOfNode);
    }

    /** For every element id, its shard: a fresh copy. */
    public int[] shardOf() {
        return shardOf.clone();
    }

    /** The shard of element {@code id}. */
    public int shardOf(int id) {
        return shardOf[Objects.checkIndex(id, shardOf.length)];
    }

    /** The shard of topology node {@code node} (a host's is its edge switch's). */
    public int shardOfNode(int node) {
        return shardOfNode[Objects.checkIndex(node, shardOfNode.length)];
    }

    /** Number of shards, {@code members() * shardsPerMember()}. */
    public int shards() {
        return members * shardsPerMember;
    }

    /** Number of members (JVMs). */
    public int members() {
        return members;
    }

    /** Number of shards each member runs. */
    public int shardsPerMember() {
        return shardsPerMember;
    }

    /** The member that runs {@code shard}. */
    public int memberOf(int shard) {
        return Objects.checkIndex(shard, shards()) / shardsPerMember;
    }

    /**
     * A 64-bit hash of the member count, the shards per member and every element's shard: two JVMs that
     * computed the same plan have the same fingerprint, and different plans almost surely differ.
     */
    public long fingerprint() {
        return fingerprint;
    }

    /**
     * The smallest delay of any interaction between elements on different members, in ps: the window a
     * run across JVMs may use between exchanges. {@link Long#MAX_VALUE} when nothing crosses members.
     */
    public long cutLookaheadPs() {
        return cuts.cutLookaheadPs();
    }

    /** Cables whose two ends live on different members, each cable counted once (not once per direction). */
    public int cutLinks() {
        return cuts.cutCables();
    }

    /** Cables between members {@code a} and {@code b}, each counted once; 0 when {@code a == b}. */
    public int cutLinksBetween(int a, int b) {
        Objects.checkIndex(a, members);
        Objects.checkIndex(b, members);
        return a == b ? 0 : cuts.cutBetween(a, b);
    }

    /** Cables between two different shards of member {@code m}, each counted once. */
    public int cutLinksInside(int m) {
        return cuts.cutInside(Objects.checkIndex(m, members));
    }

    /** Number of elements on {@code member}. */
    public int elementsOf(int member) {
        Objects.checkIndex(member, members);
        int count = 0;
        for (int s : shardOf) {
            if (s / shardsPerMember == member) {
                count++;
            }
        }
        return count;
    }

    /**
     * What the CLI prints before a run across JVMs: a header line, one line per member (its shards, hosts,
     * switches per role, elements per shard), then the cables cut between members with their smallest
     * delay, and those cut between shards of a member. Beyond {@value PlanText#MEMBER_LINES} members the
     * member lines are summarised.
     */
    public String describe() {
        return PlanText.of(this, fabric.topology(), sequence);
    }

    @Override
    public String toString() {
        return describe();
    }

    private static long fingerprint(int[] shardOf, int members, int shardsPerMember) {
        long h = mix(0x9E3779B97F4A7C15L ^ members);
        h = mix(h ^ shardsPerMember);
        h = mix(h ^ shardOf.length);
        for (int s : shardOf) {
            h = mix(h ^ s);
        }
        return h;
    }

    /** SplitMix64's finaliser (Steele, Lea and Flood, OOPSLA 2014): a bijection that spreads every bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

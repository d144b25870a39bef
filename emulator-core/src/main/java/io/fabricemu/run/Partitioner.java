package io.fabricemu.run;

import io.fabricemu.fabric.FabricBuilder;

/**
 * Assigns elements to shards, topology-aware and deterministic: whole switches with their hosts, pods kept
 * together, the top tier spread, blocks balanced by element count and cut only on cables. A run in one JVM
 * is a {@link PartitionPlan} of one member; a run across JVMs plans its members and their shards at once.
 */
public final class Partitioner {
    private Partitioner() {
    }

    /** For every element of {@code fabric}, its shard of {@code shards} in this JVM. */
    public static int[] shardOf(FabricBuilder fabric, int shards) {
        return plan(fabric, 1, shards).shardOf();
    }

    /** The plan of {@code fabric} on {@code members} JVMs of {@code shardsPerMember} shards each. */
    public static PartitionPlan plan(FabricBuilder fabric, int members, int shardsPerMember) {
        return PartitionPlan.of(fabric, members, shardsPerMember);
    }
}

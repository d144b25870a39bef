package io.fabricemu.run;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.topology.Topology;

/**
 * Assigns elements to shards, topology-aware and deterministic: an element goes with its node (a NIC with
 * its host, a port with its switch, a link with the node that transmits on it), a host with its edge
 * switch, and the switches of each tier are split into contiguous blocks, so a switch and its hosts are
 * never separated and neighbouring edge switches (a pod) tend to stay together.
 */
public final class Partitioner {
    private Partitioner() {
    }

    public static int[] shardOf(FabricBuilder fabric, int shards) {
        Topology t = fabric.topology();
        int[] switchShard = new int[t.nodeCount()];
        int maxTier = 0;
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            maxTier = Math.max(maxTier, t.tier(n));
        }
        for (int tier = 1; tier <= maxTier; tier++) {
            int count = 0;
            for (int n = t.hostCount(); n < t.nodeCount(); n++) {
                if (t.tier(n) == tier) {
                    count++;
                }
            }
            int i = 0;
            for (int n = t.hostCount(); n < t.nodeCount(); n++) {
                if (t.tier(n) == tier) {
                    switchShard[n] = (int) ((long) i++ * shards / count);
                }
            }
        }
        int[] out = new int[fabric.elementCount()];
        for (int id = 0; id < out.length; id++) {
            int node = fabric.nodeOf(id);
            int home = t.isHost(node) ? t.edgeSwitchOf(node) : node;
            out[id] = switchShard[home];
        }
        return out;
    }
}

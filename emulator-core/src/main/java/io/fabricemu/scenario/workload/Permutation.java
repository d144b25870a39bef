package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.WorkloadChecks;
import io.fabricemu.net.Packets;
import io.fabricemu.topology.FabricCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Every host sends {@code bytes} to exactly one other host and receives from exactly one, all starting at
 * {@code startPs}: a random derangement of the hosts.
 *
 * <p>The derangement is drawn with {@code new SplittableRandom(seed)}: a Fisher-Yates shuffle of
 * {@code 0..hostCount-1}, repeated with the same generator until no host maps to itself. That is uniform
 * over all derangements and takes e (about 2.7) shuffles on average. The same {@code (hostCount, seed)}
 * always gives the same flows; flows are ordered by source host.
 */
public record Permutation(long bytes, long startPs) implements WorkloadSpec {
    public Permutation {
        WorkloadChecks.bytesAndStart(bytes, startPs);
    }

    @Override
    public String kind() {
        return "permutation";
    }

    @Override
    public long flowCount(int hostCount) {
        return hostCount;
    }

    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        return FabricCounts.times(hostCount, Packets.of(bytes, payloadBytes));
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        int[] dst = derangement(hostCount, seed);
        List<FlowSpec> flows = new ArrayList<>(hostCount);
        for (int src = 0; src < hostCount; src++) {
            flows.add(new FlowSpec(src, dst[src], bytes, startPs));
        }
        return List.copyOf(flows);
    }

    /** {@code result[i]} is the host that host {@code i} sends to; never {@code i}. */
    static int[] derangement(int hostCount, long seed) {
        if (hostCount < 2) {
            throw new IllegalArgumentException("a permutation needs at least 2 hosts, this topology has "
                    + hostCount);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int[] order = new int[hostCount];
        do {
            for (int i = 0; i < hostCount; i++) {
                order[i] = i;
            }
            for (int i = hostCount - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
        } while (hasFixedPoint(order));
        return order;
    }

    private static boolean hasFixedPoint(int[] order) {
        for (int i = 0; i < order.length; i++) {
            if (order[i] == i) {
                return true;
            }
        }
        return false;
    }
}

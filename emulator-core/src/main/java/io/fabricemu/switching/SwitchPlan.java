package io.fabricemu.switching;

import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Packet;
import java.util.Arrays;
import java.util.Objects;

/**
 * What every port of one switch knows about the switch: its routes, which element each of its ports is,
 * each port's line rate, the switch settings and where its shared buffer pool is. Immutable and shared
 * read-only by the switch's port elements; nothing in it changes during a run.
 *
 * @param node           the switch's node id in the topology
 * @param portElementIds element id of each port, by port number
 * @param portRatesBps   line rate of each port's outgoing link, by port number
 * @param settings       what every switch of the fabric shares: latency, forwarding mode, queues, PFC
 * @param ecmpSalt       this switch's ECMP hash salt
 * @param routes         the fabric's forwarding tables
 * @param pool           the switch's shared buffer pool, or {@link PoolPlan#NONE}
 * @param stages         builds each port's egress stages
 */
public record SwitchPlan(int node, int[] portElementIds, long[] portRatesBps, SwitchBasics settings,
                         long ecmpSalt, Routes routes, PoolPlan pool, PortStages stages) {
    public SwitchPlan {
        Objects.requireNonNull(settings, "settings");
        if (portElementIds.length != portRatesBps.length) {
            throw new IllegalArgumentException("one rate per port");
        }
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(stages, "stages");
        portElementIds = portElementIds.clone();
        portRatesBps = portRatesBps.clone();
    }

    /** Pipeline latency from ingress to egress, in ps. */
    public long latencyPs() {
        return settings.latencyPs();
    }

    public ForwardingMode mode() {
        return settings.forwarding();
    }

    /** The egress port this switch sends {@code p} out of: ECMP over its next hops toward the destination. */
    int nextPort(Packet p) {
        int[] candidates = routes.nextPorts(node, p.dst());
        return candidates[Ecmp.select(p, ecmpSalt, candidates.length)];
    }

    int portCount() {
        return portElementIds.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SwitchPlan p && p.node == node && Arrays.equals(p.portElementIds, portElementIds);
    }

    @Override
    public int hashCode() {
        return node;
    }
}

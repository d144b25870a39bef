package io.fabricemu.fabric;

import java.util.Arrays;

/**
 * What every port of one switch knows about the switch: its routes, which element each of its ports is,
 * each port's line rate, the pipeline latency, the forwarding mode and where its shared buffer pool is. Immutable and shared read-only by
 * the switch's port elements; nothing in it changes during a run.
 *
 * @param node           the switch's node id in the topology
 * @param portElementIds element id of each port, by port number
 * @param portRatesBps   line rate of each port's outgoing link, by port number
 * @param latencyPs      pipeline latency from ingress to egress, greater than zero
 * @param mode           cut-through or store-and-forward
 * @param ecmpSalt       this switch's ECMP hash salt
 * @param routes         the fabric's forwarding tables
 * @param pool           the switch's shared buffer pool, or {@link PoolPlan#NONE}
 */
public record SwitchPlan(int node, int[] portElementIds, long[] portRatesBps, long latencyPs,
                         ForwardingMode mode, long ecmpSalt, Routes routes, PoolPlan pool) {
    public SwitchPlan {
        if (latencyPs <= 0) {
            throw new IllegalArgumentException("latencyPs must be > 0 (every hop takes time), was " + latencyPs);
        }
        if (portElementIds.length != portRatesBps.length) {
            throw new IllegalArgumentException("one rate per port");
        }
        java.util.Objects.requireNonNull(pool, "pool");
        portElementIds = portElementIds.clone();
        portRatesBps = portRatesBps.clone();
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

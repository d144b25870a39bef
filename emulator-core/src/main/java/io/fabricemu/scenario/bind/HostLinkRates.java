package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.HostRates;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import io.fabricemu.topology.TopologySpec;

/**
 * Each host's link rate in a fabric, known once the fabric is built: it is built on the first question only, so a
 * scenario whose workload asks none (every kind but an open-loop load) never builds it here.
 */
public final class HostLinkRates implements HostRates {
    private final TopologySpec spec;
    private long[] rateBps;

    private HostLinkRates(TopologySpec spec) {
        this.spec = spec;
    }

    /** The rates of the fabric {@code spec} describes, which must be small enough to build. */
    public static HostRates of(TopologySpec spec) {
        return new HostLinkRates(spec);
    }

    @Override
    public long rateBps(int host) {
        if (rateBps == null) {
            Topology topology = Topologies.build(spec);
            long[] rates = new long[topology.hostCount()];
            for (int h = 0; h < rates.length; h++) {
                rates[h] = topology.cableAt(h, 0).spec().rateBps();
            }
            rateBps = rates;
        }
        return rateBps[host];
    }
}

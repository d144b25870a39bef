package io.fabricemu.scenario.sizing;

import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.workload.WorkloadSpec;
import io.fabricemu.topology.TopologySpec;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.topology.FabricCounts;

/**
 * How much work a scenario's run is, before anything is built: a lower bound on the events it takes to deliver
 * every data packet of its workload, and the wall time those events take at a measured engine speed. Arithmetic
 * from the specs alone ({@code WorkloadSpec.packetCount}), saturating at {@link Long#MAX_VALUE}.
 *
 * <h2>The bound</h2>
 * A data packet on the shortest path there is, host to switch to host (two hosts on one edge switch), is at least
 * {@value #EVENTS_PER_PACKET} events: on each of its two cables the transmitter hands it to the link
 * ({@code OnWire}), finishes serialising it ({@code TxDone}), and the link delivers it at the far end
 * ({@code Arrival}); between them the ingress port forwards it to the egress port ({@code Forward}). Every longer
 * path costs more, and acknowledgements, retransmissions, pauses, timers and congestion-control signals come on
 * top, so the bound holds for any transport. It counts the packets to be delivered: a run stopped before its
 * workload is done does less.
 *
 * <h2>Calibration</h2>
 * Example scenarios run with {@code fabric-emu run} on 2 shared cores (events from {@code results.json}, the
 * packets from this class):
 * <pre>
 *   scenario                        data packets   bound events   actual events   actual / bound
 *   incast-7to1                            3,598         25,186          61,287      2.4
 *   uet-incast-7to1-nscc                   3,598         25,186          80,875      3.2
 *   roce-incast-8to1-dcqcn-pfc            16,432        115,024         307,148      2.7
 *   compare-incast-32to1-rnr-nack          3,072         21,504          91,990      4.3
 *   uet-fat-tree-15to1-nscc-rccc           7,710         53,970         961,551     17.8
 *   uet-incast-127to1                     62,230        435,610       7,122,107     16.3
 *   permutation-1024                     526,336      3,684,352      23,854,613      6.5
 *   collective-moe-all-to-all            255,936      1,791,552       6,847,525      3.8
 *   collective-ring-1024               2,095,104     14,665,728      38,185,904      2.6
 * </pre>
 * So a run takes 2.4 to 18 times the bound's events: more where paths cross the spines or the core (a fat tree's
 * six cables are 23 events a packet), where acknowledgements and credits are many, and where congestion trims and
 * retransmits. The engine ran 0.4 to 1.9 million events a second in those runs and others (a 1,024-host Ultra
 * Ethernet permutation, 23.5 million events in 12.4 s), slower the more the two cores were shared;
 * {@link #EVENTS_PER_SECOND} is above the fastest, so that the time is a lower bound too. The model cannot say how
 * much more a run takes, and does not pretend to.
 *
 * @param dataPackets    full-size-or-less data packets the workload's flows are cut into
 * @param eventsAtLeast  the fewest events that deliver them all
 */
public record RunEstimate(long dataPackets, long eventsAtLeast) {
    /** Events of one data packet on the shortest path: three per cable, two cables, one forward between. */
    static final long EVENTS_PER_PACKET = 7;
    /** The engine's speed on 2 cores, at the fast end of the calibration runs. */
    static final long EVENTS_PER_SECOND = 2_000_000;
    /** A run this long or longer says so before it starts. */
    static final long LONG_RUN_SECONDS = 60;

    public RunEstimate {
        if (dataPackets < 0 || eventsAtLeast < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were " + dataPackets + " and " + eventsAtLeast);
        }
    }

    /** The scenario's workload on its topology, cut at its transport's payload per packet. */
    public static RunEstimate of(TopologySpec topology, TransportConfig transport, WorkloadSpec workload) {
        return ofPackets(workload.packetCount(topology.hostCount(), transport.payloadBytes()));
    }

    static RunEstimate ofPackets(long dataPackets) {
        return new RunEstimate(dataPackets, FabricCounts.times(dataPackets, EVENTS_PER_PACKET));
    }

    /** Whole seconds the bound's events take at {@link #EVENTS_PER_SECOND}, rounded down. */
    public long secondsAtLeast() {
        return eventsAtLeast / EVENTS_PER_SECOND;
    }

    /** Whether the run takes a minute or more, so that {@code run} says so before it starts. */
    public boolean isLong() {
        return secondsAtLeast() >= LONG_RUN_SECONDS;
    }

    /**
     * E.g. {@code 4,424 data packets: at least 30,968 events, under a second at 2 M events/s}; the time in whole
     * seconds, minutes, hours or days, rounded down.
     */
    public String describe() {
        return FabricEstimate.count(dataPackets) + " data packets: at least " + FabricEstimate.count(eventsAtLeast)
                + " events, " + duration(secondsAtLeast()) + " at " + EVENTS_PER_SECOND / 1_000_000
                + " M events/s";
    }

    static String duration(long seconds) {
        if (seconds < 1) {
            return "under a second";
        }
        if (seconds < 120) {
            return "at least " + seconds + " s";
        }
        if (seconds < 2 * 3600) {
            return "at least " + seconds / 60 + " min";
        }
        if (seconds < 2 * 86_400) {
            return "at least " + seconds / 3600 + " h";
        }
        return "at least " + Units.formatCount(seconds / 86_400) + " days";
    }
}

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
 * {@value #EVENTS_PER_PACKET} events: the sending NIC finishes serialising it ({@code TxDone}), the switch's ingress
 * port receives it ({@code Arrival}) and forwards it to the egress port ({@code Forward}), and the receiving NIC
 * receives it ({@code Arrival}). The links' hand-offs are not events (a healthy link is handled in its transmitter's
 * turn), nor is the egress port's end of serialisation when nothing waits behind the packet (it is deferred): see
 * {@code engine.ElementRunner}. Every longer path costs more, and acknowledgements, retransmissions, pauses, timers
 * and congestion-control signals come on top, so the bound holds for any transport. It counts the packets to be
 * delivered: a run stopped before its workload is done does less.
 *
 * <h2>Calibration</h2>
 * Example scenarios run with {@code fabric-emu run} on 2 shared cores (events from {@code results.json}, the
 * packets from this class):
 * <pre>
 *   scenario                        data packets   bound events   actual events   actual / bound
 *   incast-7to1                            3,598         14,392          40,156      2.8
 *   uet-incast-7to1-nscc                   3,598         14,392          47,594      3.3
 *   roce-incast-8to1-dcqcn-pfc            16,432         65,728         230,867      3.5
 *   compare-incast-32to1-rnr-nack          3,072         12,288          54,597      4.4
 *   uet-fat-tree-15to1-nscc-rccc           7,710         30,840         535,572     17.4
 *   uet-incast-127to1                     62,230        248,920       4,040,154     16.2
 *   permutation-1024                     526,336      2,105,344      14,486,885      6.9
 *   collective-moe-all-to-all            255,936      1,023,744       4,425,810      4.3
 *   collective-ring-1024               2,095,104      8,380,416      24,456,310      2.9
 * </pre>
 * So a run takes 2.8 to 18 times the bound's events: more where paths cross the spines or the core (a fat
 * tree's five switches are at least 12 events a packet), where acknowledgements and credits are many, and where
 * congestion trims and retransmits. The engine ran 0.4 to 1.9 million events a second in earlier calibrations,
 * when every hop was two events more, and handles fewer, heavier events now; {@link #EVENTS_PER_SECOND} is above
 * the fastest, so that
 * the time is a lower bound too. The model cannot say how much more a run takes, and does not pretend to.
 *
 * @param dataPackets    full-size-or-less data packets the workload's flows are cut into
 * @param eventsAtLeast  the fewest events that deliver them all
 */
public record RunEstimate(long dataPackets, long eventsAtLeast) {
    /** Events of one data packet on the shortest path: two NIC events, the switch's arrival and forward. */
    static final long EVENTS_PER_PACKET = 4;
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

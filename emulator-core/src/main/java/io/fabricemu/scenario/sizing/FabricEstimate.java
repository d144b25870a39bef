package io.fabricemu.scenario.sizing;

import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.workload.WorkloadSpec;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.topology.FabricCounts;
import io.fabricemu.topology.TopologySpec;

/**
 * How large a scenario's run is before anything is built: its elements (one actor each), its flows, and the heap
 * they hold when the run starts, computed from the topology and workload specs by arithmetic alone, so that a
 * fabric too large for this JVM is refused at once instead of running out of memory while it is built. Every
 * figure saturates at {@link Long#MAX_VALUE}.
 *
 * <h2>The byte costs</h2>
 * Measured with {@code MeasureHeapCosts} (test sources): 27 fabrics of 528 to 98,304 elements and 1 to 261,632
 * flows (leaf-spines of 4 to 1,024 leaves, rings of 256 to 2,048 switches, k = 8 to 32 fat trees, all-to-all,
 * permutations, with the three transports), each loaded, prepared, and its elements created, spawned as actors
 * in one shard and started exactly as a run starts them, in a JVM with the launcher's collector
 * ({@code -XX:+UseParallelGC}, 12 GB heap, compressed references); the heap in use after a full collection, less
 * the same figure before, fitted by least squares. The fit is within 1% of every row above 20 MB and within 4% of
 * the smaller ones; Ultra Ethernet rows within 1.8%; RoCEv2 within 3.6% of the baseline figures; PFC and shared
 * buffer pools add 5.7% that is left out, and a rail-optimised fabric (not in the fit) needs 6% less. A second
 * shard adds a few arrays over every element and is left out too, and so are the packets and events of the run
 * itself: the estimate is what the run needs when it starts, the run more. Heaps of 32 GB and more lose compressed
 * references and need about half as much again.
 */
public record FabricEstimate(FabricCounts counts, long elements, long flows, long uetPackets, long preparedBytes,
                             long heapBytes) {
    /** The actor system and the emulator's own objects before any fabric: 7.9 to 8.8 MB measured. */
    static final long BASE_BYTES = 7_900_000;
    /**
     * Every element: its model object, runner and event queue, its actor and the shard's entries for it (its runner
     * among them, since the shard reads what a window did there).
     */
    static final long ELEMENT_BYTES = 1_640;
    /**
     * Every host's and switch port's sample log when sampling is on; links (but for the few with faults), buffer pools
     * and the PFC monitor write no samples and have none.
     */
    static final long SAMPLED_ELEMENT_BYTES = 569;
    /** Every switch port on top of its element: its queues, counters and share of the switch's plan. */
    static final long SWITCH_PORT_BYTES = 948;
    /**
     * Every flow: its spec, its two entries in the NICs' lists, its sender and receiver state. 73 B more than the
     * fit's 622: 48 B since a flow carries when its receive is posted (a2a-4x64 and a2a-8x64 both held 48.0 B a flow
     * more, prepared and started, with the same fabric), then 25 B since it says how many of the flows it waits for
     * must end and its sender keeps the size of the packet each round-trip sample timed (a2a-2x64, a2a-4x64 and
     * a2a-8x64 held 30, 27 and 23 B a flow more than the estimate, uet-a2a-4x64 30 B).
     */
    static final long FLOW_BYTES = 695;
    /** Every route-table entry, in hundredths of a byte: a 4-byte reference and its share of the row arrays. */
    static final long ROUTE_ENTRY_CENTIBYTES = 435;
    /** Ultra Ethernet: every NIC's sender and receiver contexts on top of a baseline NIC's. */
    static final long UET_HOST_BYTES = 763;
    /** Ultra Ethernet: every flow's delivery context and load balancer on top of a baseline flow's. */
    static final long UET_FLOW_BYTES = 339;
    /** Ultra Ethernet: every packet of every flow, in its sender's send times and entropy values (a long, an int). */
    static final long UET_PACKET_BYTES = 12;
    /** What a JVM that holds no element still holds of a run (its driver): per cable, flow and route entry. */
    static final long PREPARED_CABLE_BYTES = 139;
    static final long PREPARED_FLOW_BYTES = 197;
    static final long PREPARED_ROUTE_ENTRY_CENTIBYTES = 409;
    /** The most elements a run can number: element ids are ints, and arrays over all elements are made. */
    static final long MAX_ELEMENTS = Integer.MAX_VALUE - 8;

    /** A whole scenario: its fabric with pools and PFC monitor, its flows, its transport and sampling. */
    public static FabricEstimate of(TopologySpec topology, SwitchConfig switchConfig, TransportConfig transport,
                                    WorkloadSpec workload, boolean sampling) {
        FabricCounts c = topology.counts();
        long extra = FabricCounts.plus(switchConfig.sharedBufferBytes() > 0 ? c.switches() : 0,
                switchConfig.pfc().enabled() ? 1 : 0);
        int hosts = topology.hostCount();
        boolean uet = transport.ultraEthernet();
        return of(c, extra, workload.flowCount(hosts),
                uet ? workload.packetCount(hosts, transport.payloadBytes()) : 0, uet, sampling);
    }

    /** The topology alone, at its cheapest: no flows, no sampling, the baseline transport. */
    static FabricEstimate ofTopology(TopologySpec topology) {
        return of(topology.counts(), 0, 0, 0, false, false);
    }

    private static FabricEstimate of(FabricCounts c, long extraElements, long flows, long uetPackets, boolean uet,
                                     boolean sampling) {
        long elements = FabricCounts.plus(FabricCounts.plus(FabricCounts.plus(c.hosts(), c.switchPorts()),
                FabricCounts.times(2, c.cables())), extraElements);
        long routeEntries = c.routeEntries();
        long prepared = sum(FabricCounts.times(c.cables(), PREPARED_CABLE_BYTES),
                FabricCounts.times(flows, PREPARED_FLOW_BYTES),
                FabricCounts.times(routeEntries, PREPARED_ROUTE_ENTRY_CENTIBYTES) / 100);
        long heap = sum(BASE_BYTES,
                FabricCounts.times(elements, ELEMENT_BYTES),
                sampling ? FabricCounts.times(FabricCounts.plus(c.hosts(), c.switchPorts()), SAMPLED_ELEMENT_BYTES) : 0,
                FabricCounts.times(c.switchPorts(), SWITCH_PORT_BYTES),
                FabricCounts.times(flows, FLOW_BYTES + (uet ? UET_FLOW_BYTES : 0)),
                FabricCounts.times(routeEntries, ROUTE_ENTRY_CENTIBYTES) / 100,
                uet ? FabricCounts.times(c.hosts(), UET_HOST_BYTES) : 0,
                FabricCounts.times(uetPackets, UET_PACKET_BYTES));
        return new FabricEstimate(c, elements, flows, uetPackets, prepared, heap);
    }

    /** The heap a JVM with {@code budget} holds of the run when it starts: all of it, or the prepared part. */
    public long bytesHeld(HeapBudget budget) {
        return budget.holdsAll() ? heapBytes : preparedBytes;
    }

    /** Of {@link #heapBytes}, about what the flows take (the rest is the fabric's). */
    long flowBytes() {
        return FabricCounts.plus(FabricCounts.times(flows, FLOW_BYTES),
                FabricCounts.times(uetPackets, UET_PACKET_BYTES));
    }

    /** E.g. {@code 98,304 elements (8,192 hosts, 1,280 switches, 24,576 cables)}; "more than" once saturated. */
    String describeElements() {
        return count(elements) + " elements (" + count(counts.hosts()) + " hosts, " + count(counts.switches())
                + " switches, " + count(counts.cables()) + " cables)";
    }

    /** A count for a message: exact, or "more than 9,223,372,036,854,775,806" once saturated. */
    static String count(long n) {
        return n == Long.MAX_VALUE ? "more than " + Units.formatCount(n - 1) : Units.formatCount(n);
    }

    private static long sum(long... parts) {
        long total = 0;
        for (long part : parts) {
            total = FabricCounts.plus(total, part);
        }
        return total;
    }
}

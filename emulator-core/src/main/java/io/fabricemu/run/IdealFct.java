package io.fabricemu.run;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.net.Packets;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;

/**
 * A flow's completion time alone on the idle fabric, the denominator of its FCT slowdown
 * ({@link io.fabricemu.results.FctSlowdown}), as pFabric (SIGCOMM 2013) and HPCC (Li et al., SIGCOMM 2019) normalise
 * FCT: the time its last bit needs to reach the receiver when nothing else is sent. For a flow of {@code B} bytes
 * from host s to host d across k switches:
 *
 * <pre>
 *   packets P = ceil(B / payload),  wire bytes W = B + P x header
 *   ideal     = W x 8 / min(rate(s), rate(d), fabric(s, d))      the whole flow through its narrowest part
 *             + flight(s's cable) + flight(d's cable)           propagation and FEC of the two host cables
 *             + (k - 1) x the smallest switch-to-switch flight   the links between switches
 *             + k x switch latency
 *             + store-and-forward only: k x (the largest packet's wire bytes at the fastest cable's rate)
 * </pre>
 *
 * {@code fabric(s, d)} is what the switches' shortest paths between the two hosts' edge switches carry at most
 * ({@link PathCapacity}: a flow sprayed over them may use them all); it counts only when some switch-to-switch cable
 * is slower than some host cable, so on the usual fabric the host links alone bound the rate.
 *
 * <p>The last term is the store-and-forward pipeline's fill: at equal rates each switch holds back the flow's whole
 * stream by its largest packet (its first, full one), as {@code AnalyticTest} computes by hand (83,086,400 ps for
 * 1,000,000 B across one switch, of which 332,000 ps is that packet's serialisation).
 *
 * For example 1,000,000 B from a host of one leaf to a host of another (leaf, spine, leaf: k = 3), 4,096 B payload
 * and 64 B header, 100 Gb/s links of 500 ns, switches of 500 ns, cut-through: 245 packets, W = 1,015,680 B,
 * 81.2544 us + 1 us + 2 x 0.5 us + 3 x 0.5 us = 84.7544 us. Each term is
 * at most what the emulated flow takes (the sender's pacing, windows and credits only add), so the slowdown
 * {@code fct / ideal} is at least 1; on a fabric of one rate and one delay it is exactly the flow's best time.
 */
final class IdealFct {
    static final String FORMULA = "the flow's payload plus one header per packet serialised at the slower of its two"
            + " host links (or at what the fabric's shortest paths between their switches carry, if less), plus the one-way delay of its path on the idle fabric (the host cables' flight times,"
            + " the smallest switch-to-switch flight time per link between switches, the switch latency per switch,"
            + " and with store-and-forward switches the largest packet's serialisation per switch at the fastest"
            + " link rate)";

    private final Topology topology;
    private final long switchLatencyPs;
    private final boolean storeAndForward;
    private final int headerBytes;
    private final int payloadBytes;
    private final long minFabricFlightPs;
    private final long maxRateBps;
    /** The fabric's capacity between edge switches, or null when no switch-to-switch cable is slower than a host's. */
    private final PathCapacity fabric;

    IdealFct(Topology topology, long switchLatencyPs, ForwardingMode mode, int headerBytes, int payloadBytes) {
        this.topology = topology;
        this.switchLatencyPs = switchLatencyPs;
        this.storeAndForward = mode == ForwardingMode.STORE_AND_FORWARD;
        this.headerBytes = headerBytes;
        this.payloadBytes = payloadBytes;
        long minFlight = Long.MAX_VALUE;
        long maxRate = 0;
        long maxHostRate = 0;
        long minFabricRate = Long.MAX_VALUE;
        for (int c = 0; c < topology.cableCount(); c++) {
            Cable cable = topology.cable(c);
            maxRate = Math.max(maxRate, cable.spec().rateBps());
            if (!topology.isHost(cable.nodeA()) && !topology.isHost(cable.nodeB())) {
                minFlight = Math.min(minFlight, cable.spec().flightPs());
                minFabricRate = Math.min(minFabricRate, cable.spec().rateBps());
            } else {
                maxHostRate = Math.max(maxHostRate, cable.spec().rateBps());
            }
        }
        this.minFabricFlightPs = minFlight == Long.MAX_VALUE ? 0 : minFlight;
        this.maxRateBps = maxRate;
        this.fabric = minFabricRate < maxHostRate ? new PathCapacity(topology) : null;
    }

    /** The ideal completion time of {@code f}, in picoseconds. */
    long of(FlowSpec f) {
        long packets = Packets.of(f.bytes(), payloadBytes);
        long wireBytes = f.bytes() + packets * headerBytes;
        long srcRateBps = topology.cableAt(f.src(), 0).spec().rateBps();
        long dstRateBps = topology.cableAt(f.dst(), 0).spec().rateBps();
        int switches = topology.switchHops(f.src(), f.dst());
        long rateBps = Math.min(srcRateBps, dstRateBps);
        if (fabric != null) {
            rateBps = Math.min(rateBps, fabric.between(f.src(), f.dst()));
        }
        long idealPs = Ps.serializationPs(wireBytes, rateBps);
        idealPs = Ps.plusSaturated(idealPs, topology.cableAt(f.src(), 0).spec().flightPs()
                + topology.cableAt(f.dst(), 0).spec().flightPs());
        idealPs = Ps.plusSaturated(idealPs, Ps.timesSaturated(switches - 1, minFabricFlightPs));
        idealPs = Ps.plusSaturated(idealPs, Ps.timesSaturated(switches, switchLatencyPs));
        if (storeAndForward) {
            long largestWireBytes = Math.min(f.bytes(), payloadBytes) + headerBytes;
            idealPs = Ps.plusSaturated(idealPs, Ps.timesSaturated(switches,
                    Ps.serializationPs(largestWireBytes, maxRateBps)));
        }
        return idealPs;
    }
}

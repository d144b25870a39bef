package io.fabricemu.run;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topology;

/**
 * A flow's round trip on the idle fabric, the base its RTT samples' queueing delay is measured from: a data packet of
 * the flow of the size the sample timed (the sender knows which packet an ACK times) from the first bit leaving the
 * sender's NIC to its last bit reaching the receiver's, plus the header-only ACK the same way back, along the routed paths, with
 * every hop timed as the emulated elements time it:
 *
 * <pre>
 *   NIC:    first = 0, last = serialisation at the NIC cable's rate
 *   cable:  first += flight, last += flight                     (propagation plus FEC)
 *   switch: cut-through       start = max(first + latency, last + latency - ser(out))
 *           store-and-forward start = last + latency
 *           first = start, last = start + ser(out)              (ser at the egress cable's rate)
 *   NIC:    delivered at the last bit
 * </pre>
 *
 * So with cut-through switches the data packet's serialisation counts once on a path of one rate (a slower egress
 * holds its start back until its tail can follow), and with store-and-forward switches once per cable. The ACK is
 * sent back the moment the data packet is delivered, which is how the NICs answer when their transmitter is idle.
 *
 * <p>It is not NSCC's config_base_rtt ({@link DerivedBaseRtt}, UET 1.0's CCC base RTT): that one constant per
 * fabric is the longest path's, with every cable at the largest flight time and one MTU's serialisation, an upper
 * bound that NSCC needs for its targets but that would make a short path's samples look less queued than they were.
 * The walk here times each flow's own path and each sample's own packet size.
 *
 * <p>A pair whose routed paths (every ECMP choice, every plane) do not all take the same time in one direction has
 * no single base: {@link #of} gives -1 for it, and its queueing delay is not reported. On the topologies built in,
 * where cables of one tier share a rate and a delay, every path of a pair takes the same time.
 */
final class UnloadedRtt {
    /** More paths than this in one direction are not walked: the base is reported unknown. */
    private static final int MAX_PATHS = 1 << 16;

    private final Topology topology;
    private final long switchLatencyPs;
    private final boolean storeAndForward;
    private final int headerBytes;
    private long minPs;
    private long maxPs;
    private int paths;

    UnloadedRtt(Topology topology, long switchLatencyPs, ForwardingMode mode, int headerBytes) {
        this.topology = topology;
        this.switchLatencyPs = switchLatencyPs;
        this.storeAndForward = mode == ForwardingMode.STORE_AND_FORWARD;
        this.headerBytes = headerBytes;
    }

    /**
     * The idle round trip of a data packet of {@code f} of {@code dataBytes} on the wire and its ACK, in ps, or -1
     * when its paths differ.
     */
    long of(FlowSpec f, long dataBytes) {
        if (f.src() == f.dst() || dataBytes <= 0) {
            return -1;
        }
        long there = oneWay(f.src(), f.dst(), dataBytes);
        long back = oneWay(f.dst(), f.src(), headerBytes);
        return there < 0 || back < 0 ? -1 : there + back;
    }

    /** The idle one-way time of a packet of {@code sizeBytes}, if every routed path takes the same, else -1. */
    long oneWay(int src, int dst, long sizeBytes) {
        minPs = Long.MAX_VALUE;
        maxPs = Long.MIN_VALUE;
        paths = 0;
        for (int port = 0; port < topology.portCount(src); port++) {
            LinkSpec cable = topology.cableAt(src, port).spec();
            long lastPs = Ps.serializationPs(sizeBytes, cable.rateBps());
            walk(topology.peerNode(src, port), dst, sizeBytes, cable.flightPs(), lastPs + cable.flightPs());
        }
        return minPs == maxPs && paths <= MAX_PATHS ? minPs : -1;
    }

    private void walk(int node, int dst, long sizeBytes, long firstPs, long lastPs) {
        if (paths > MAX_PATHS) {
            return;
        }
        if (topology.isHost(node)) {
            if (node == dst) {
                paths++;
                minPs = Math.min(minPs, lastPs);
                maxPs = Math.max(maxPs, lastPs);
            }
            return;
        }
        for (int out : topology.nextPorts(node, dst)) {
            LinkSpec cable = topology.cableAt(node, out).spec();
            long serPs = Ps.serializationPs(sizeBytes, cable.rateBps());
            long startPs = storeAndForward ? lastPs + switchLatencyPs
                    : Math.max(firstPs + switchLatencyPs, lastPs + switchLatencyPs - serPs);
            walk(topology.peerNode(node, out), dst, sizeBytes, startPs + cable.flightPs(),
                    startPs + serPs + cable.flightPs());
        }
    }
}

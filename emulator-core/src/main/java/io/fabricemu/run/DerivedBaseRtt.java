package io.fabricemu.run;

import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.Topology;
import io.fabricemu.uet.cc.BaseRtt;

/**
 * config_base_rtt for a topology, when the scenario does not give one: the zero-load round trip of its
 * longest path, added up as "UET Congestion Management: CCC Base RTT" (nwktimes.blogspot.com) does
 * ({@link BaseRtt}). The path is the longest from host 0 (every
 * topology here is symmetric, so that is the diameter); each of its links is counted at the largest flight
 * time (propagation and FEC) of any cable, each switch at the switch latency, and one MTU's serialization
 * on the first link (cut-through), or on every link with store-and-forward switches. A round trip too long for a
 * long (a path of thousands of hour-long links) is {@link Ps#NEVER}: the transports that use it refuse anything
 * above a second ({@link TransportChecks}), and RNR NAK pauses saturate.
 */
final class DerivedBaseRtt {
    private DerivedBaseRtt() {
    }

    static long of(Topology topology, long switchLatencyPs, ForwardingMode mode, int mtuBytes) {
        int switches = 1;
        for (int h = 1; h < topology.hostCount(); h++) {
            switches = Math.max(switches, topology.switchHops(0, h));
        }
        return ofSwitches(topology, switches, switchLatencyPs, mode, mtuBytes);
    }

    /**
     * The zero-load round trip between hosts {@code a} and {@code b}, added up the same way over the switches
     * on their path instead of the longest one (each link still counted at the largest flight time).
     */
    static long ofPair(Topology topology, int a, int b, long switchLatencyPs, ForwardingMode mode, int mtuBytes) {
        return ofSwitches(topology, topology.switchHops(a, b), switchLatencyPs, mode, mtuBytes);
    }

    private static long ofSwitches(Topology topology, int switches, long switchLatencyPs, ForwardingMode mode,
                                   int mtuBytes) {
        long maxFlightPs = 0;
        for (int c = 0; c < topology.cableCount(); c++) {
            maxFlightPs = Math.max(maxFlightPs, topology.cable(c).spec().flightPs());
        }
        long hostRateBps = topology.cableAt(0, 0).spec().rateBps();
        int links = switches + 1;
        try {
            BaseRtt rtt = BaseRtt.ZERO.plusSerialization(mtuBytes, hostRateBps)
                    .plusPropagationPs(Math.multiplyExact(links, maxFlightPs))
                    .plusSwitches(switches, switchLatencyPs);
            if (mode == ForwardingMode.STORE_AND_FORWARD) {
                rtt = rtt.plusPropagationPs(Math.multiplyExact(switches,
                        Ps.serializationPs(mtuBytes, hostRateBps)));
            }
            return rtt.roundTripPs();
        } catch (ArithmeticException tooLong) {
            return Ps.NEVER;
        }
    }
}

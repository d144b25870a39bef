package io.fabricemu.run;

import io.fabricemu.roce.DcqcnParams;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.Topology;
import io.fabricemu.uet.cc.NsccParams;

/**
 * The transport settings that only the built fabric can check, because they meet its base RTT or its hosts' line
 * rate: the NICs' congestion controls would otherwise refuse them when the run makes them, and the run fail after
 * {@code validate} said ok. Each message names the scenario fields to change.
 */
final class TransportChecks {
    /** The most NSCC's window may reach, its MaxWnd of 1.5 bandwidth-delay products. */
    private static final long MAX_NSCC_WINDOW_BYTES = NsccParams.MAX_WINDOW_BYTES;

    private TransportChecks() {
    }

    /**
     * Ultra Ethernet's config_base_rtt, given (at most 1 s) or derived from the topology, sizes NSCC's windows
     * and RCCC's credit rounds; derived from hour-long links it can be hours.
     */
    static void uetBaseRtt(long derivedBaseRttPs) {
        if (derivedBaseRttPs > NsccParams.MAX_BASE_RTT_PS) {
            throw new IllegalArgumentException("transport.baseRtt: the base RTT derived from the topology (its"
                    + " longest path's links and switches, both ways) is " + time(derivedBaseRttPs) + ", more than"
                    + " the 1 s Ultra Ethernet's congestion control allows; give transport.baseRtt (at most 1s), or"
                    + " shorten the links' delays and switch.latency");
        }
    }

    /**
     * NSCC makes one context per destination with a window of one bandwidth-delay product of the slower host and
     * {@code baseRttPs}: that window must hold one packet of {@code mtuBytes}, and 1.5 of it must stay within
     * {@link NsccParams#MAX_WINDOW_BYTES}.
     */
    static void nscc(Topology topology, long baseRttPs, int mtuBytes) {
        long slowestBps = Long.MAX_VALUE;
        long fastestBps = 0;
        for (int h = 0; h < topology.hostCount(); h++) {
            long rate = topology.hostRateBps(h);
            slowestBps = Math.min(slowestBps, rate);
            fastestBps = Math.max(fastestBps, rate);
        }
        long bdpBytes = Ps.bytesIn(baseRttPs, slowestBps);
        if (bdpBytes < mtuBytes) {
            long leastRttPs = Ps.serializationPs(mtuBytes, slowestBps);
            throw new IllegalArgumentException("transport.baseRtt: NSCC's first window, one bandwidth-delay product"
                    + " (" + Units.formatRate(slowestBps) + " host links for " + Ps.format(baseRttPs) + ": "
                    + bdpBytes + " B), cannot hold one packet of transport.mtu (" + mtuBytes + " B); give"
                    + " transport.baseRtt of at least " + Ps.format(leastRttPs));
        }
        long largestBdpBytes = Ps.bytesIn(baseRttPs, fastestBps);
        if (largestBdpBytes + largestBdpBytes / 2 > MAX_NSCC_WINDOW_BYTES) {
            throw new IllegalArgumentException("transport.baseRtt: NSCC's largest window, 1.5 bandwidth-delay"
                    + " products (" + Units.formatRate(fastestBps) + " host links for " + Ps.format(baseRttPs)
                    + "), is more than the " + Units.formatBytes(MAX_NSCC_WINDOW_BYTES) + " NSCC allows; give a"
                    + " shorter transport.baseRtt");
        }
        NsccParams.defaults(slowestBps, baseRttPs, mtuBytes);
        NsccParams.defaults(fastestBps, baseRttPs, mtuBytes);
    }

    /** A DCQCN sender starts at its host's line rate and never goes below its minimum rate. */
    static void dcqcn(Topology topology, DcqcnParams dcqcn) {
        for (int h = 0; h < topology.hostCount(); h++) {
            long rate = topology.cableAt(h, 0).spec().rateBps();
            if (rate < dcqcn.minRateBps()) {
                throw new IllegalArgumentException("transport.dcqcn.minRate: " + Units.formatRate(dcqcn.minRateBps())
                        + " is above the line rate of host " + h + " (" + Units.formatRate(rate) + "): DCQCN never"
                        + " sends below its minimum rate, so it must be at most the hosts' line rate");
            }
        }
    }

    /** DCQCN's path-not-congested test compares round trips with the base RTT, which may be at most 1 s. */
    static void dcqcnPathCheck(long derivedBaseRttPs) {
        if (derivedBaseRttPs > Ps.PER_S) {
            throw new IllegalArgumentException("transport.dcqcn.pathNotCongested: the base RTT derived from the"
                    + " topology (its longest path's links and switches, both ways) is " + time(derivedBaseRttPs)
                    + ", more than the 1 s the test allows; shorten the links' delays and switch.latency");
        }
    }

    /** A derived round trip for a message; {@link Ps#NEVER} stands for one too long to count. */
    private static String time(long ps) {
        return ps == Ps.NEVER ? "more than a long can count" : Ps.format(ps);
    }
}

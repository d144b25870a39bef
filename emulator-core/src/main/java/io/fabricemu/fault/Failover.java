package io.fabricemu.fault;

/**
 * How switches' routing reacts to a link that goes down or comes back up.
 *
 * <p>Local detection: the switches at both ends of the cable see it {@code detectPs} after the change (loss of
 * signal at the receiver and IEEE 802.3 remote-fault signalling to the transmitter, then the forwarding hardware's
 * fast failover of the ECMP group), and from then stop choosing that port (or choose it again). Remote
 * convergence: every other switch stops choosing paths through the failure (or chooses them again)
 * {@code convergePs} after the detection, when the routing protocol's update has reached and been installed in it
 * (a BGP withdrawal in the design of RFC 7938, "Use of BGP for Routing in Large-Scale Data Centers"). Until a switch
 * knows, it keeps choosing the dead path and the packets it sends there are black-holed.
 *
 * @param detectPs   from the change to local detection, &gt; 0
 * @param convergePs from local detection to every other switch's routing agreeing, &gt; 0
 */
public record Failover(long detectPs, long convergePs) {
    /**
     * The defaults: detection in 2 us (loss of signal within a few microseconds, then hardware ECMP group failover),
     * convergence in 100 us (a fabric whose routing updates are handled in hardware or by a fast control plane;
     * BGP with BFD takes milliseconds to seconds: set {@code converge} for it).
     */
    public static final Failover DEFAULT = new Failover(2_000_000L, 100_000_000L);

    public Failover {
        if (detectPs <= 0 || convergePs <= 0) {
            throw new IllegalArgumentException("detectPs and convergePs must be > 0, were " + detectPs + " and "
                    + convergePs);
        }
    }
}

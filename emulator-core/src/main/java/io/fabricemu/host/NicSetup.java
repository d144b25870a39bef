package io.fabricemu.host;

import io.fabricemu.fault.LinkTimeline;
import java.util.List;

/**
 * Where a host's NIC sits in the fabric and what it carries, whatever its protocol: what every NIC is built
 * from, before its protocol's own settings.
 *
 * @param host      this NIC's host id
 * @param name      stable name for results
 * @param linkId    element id of the NIC's outgoing link
 * @param rateBps   the NIC's line rate
 * @param handoffPs the outgoing link's handoff time
 * @param outgoing  flows this NIC sends
 * @param incoming  flows this NIC receives (peer is the sender)
 * @param transport    what the transport shares with every protocol
 * @param dependencies which outgoing flows wait for others, and whom to tell when an incoming flow is received
 * @param faults       the outgoing link's faults, {@link LinkTimeline#HEALTHY} for none: the NIC's transmitter
 *                     serializes at the rate they set
 * @param planes       the ports into planes 1 and up of a multi-plane fabric; empty for a NIC with one port
 */
public record NicSetup(int host, String name, int linkId, long rateBps, long handoffPs, List<NicFlow> outgoing,
                       List<NicFlow> incoming, CommonTransport transport, StartDependencies dependencies,
                       LinkTimeline faults, List<NicPort> planes) {
    public NicSetup {
        java.util.Objects.requireNonNull(faults, "faults");
        outgoing = List.copyOf(outgoing);
        incoming = List.copyOf(incoming);
        planes = List.copyOf(planes);
        if (dependencies == null) {
            throw new IllegalArgumentException("dependencies must not be null; use StartDependencies.NONE");
        }
    }

    /** The NIC's rate: its ports' line rates added up ({@link #rateBps()} unless it has a port per plane). */
    public long totalRateBps() {
        long sum = rateBps;
        for (NicPort p : planes) {
            sum += p.rateBps();
        }
        return sum;
    }

    /** A NIC with one port. */
    public NicSetup(int host, String name, int linkId, long rateBps, long handoffPs, List<NicFlow> outgoing,
                    List<NicFlow> incoming, CommonTransport transport, StartDependencies dependencies,
                    LinkTimeline faults) {
        this(host, name, linkId, rateBps, handoffPs, outgoing, incoming, transport, dependencies, faults, List.of());
    }

    /** A NIC on a link without faults. */
    public NicSetup(int host, String name, int linkId, long rateBps, long handoffPs, List<NicFlow> outgoing,
                    List<NicFlow> incoming, CommonTransport transport, StartDependencies dependencies) {
        this(host, name, linkId, rateBps, handoffPs, outgoing, incoming, transport, dependencies, LinkTimeline.HEALTHY);
    }

    /** A NIC whose flows wait for none. */
    public NicSetup(int host, String name, int linkId, long rateBps, long handoffPs, List<NicFlow> outgoing,
                    List<NicFlow> incoming, CommonTransport transport) {
        this(host, name, linkId, rateBps, handoffPs, outgoing, incoming, transport, StartDependencies.NONE);
    }
}

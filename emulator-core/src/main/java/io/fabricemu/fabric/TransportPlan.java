package io.fabricemu.fabric;

import io.fabricemu.baseline.CongestionControl;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.roce.RocePlan;
import io.fabricemu.uet.UetPlan;
import java.util.function.IntFunction;

/**
 * How every NIC runs the transport.
 *
 * @param headerBytes      header bytes of every packet (an ACK is header only)
 * @param payloadBytes     payload bytes of a full data packet (MTU on the wire minus the header)
 * @param rtoPs            retransmission timeout
 * @param dataClass        traffic class of data packets
 * @param controlClass     traffic class of ACKs (higher: served first)
 * @param ccFactory        baseline transport: a new congestion controller for the flow with the given id
 * @param uet              the Ultra Ethernet transport's settings, or null for the baseline transport
 * @param roce             the RoCEv2 transport's settings, or null; at most one of {@code uet} and {@code roce}
 */
public record TransportPlan(int headerBytes, int payloadBytes, long rtoPs, int dataClass, int controlClass,
                            IntFunction<CongestionControl> ccFactory, UetPlan uet, RocePlan roce) {
    /** The baseline transport, or Ultra Ethernet when {@code uet} is set. */
    public TransportPlan(int headerBytes, int payloadBytes, long rtoPs, int dataClass, int controlClass,
                         IntFunction<CongestionControl> ccFactory, UetPlan uet) {
        this(headerBytes, payloadBytes, rtoPs, dataClass, controlClass, ccFactory, uet, null);
    }

    /** The baseline transport. */
    public TransportPlan(int headerBytes, int payloadBytes, long rtoPs, int dataClass, int controlClass,
                         IntFunction<CongestionControl> ccFactory) {
        this(headerBytes, payloadBytes, rtoPs, dataClass, controlClass, ccFactory, null, null);
    }

    public TransportPlan {
        new CommonTransport(headerBytes, payloadBytes, rtoPs, dataClass, controlClass);
        if (uet != null && roce != null) {
            throw new IllegalArgumentException("a transport is Ultra Ethernet or RoCEv2, not both");
        }
    }

    /** What every NIC's transport shares, whatever the protocol. */
    public CommonTransport common() {
        return new CommonTransport(headerBytes, payloadBytes, rtoPs, dataClass, controlClass);
    }
}

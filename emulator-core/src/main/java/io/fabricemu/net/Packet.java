package io.fabricemu.net;

/**
 * A packet as the fabric sees it. Immutable: a switch that changes a field (an ECN mark, a trim) makes a
 * copy, so a packet can be handed between elements without anyone else changing it.
 *
 * @param kind             data or acknowledgement
 * @param flowId           the flow (connection) it belongs to
 * @param src              sending host
 * @param dst              receiving host
 * @param sizeBytes        bytes on the wire, header included
 * @param payloadBytes     bytes of flow data it carries (0 for an ACK)
 * @param trafficClass     egress class; higher classes are served first
 * @param ecn              the two ECN bits: 0 not-ECT, 1 and 2 ECT, 3 CE (congestion experienced)
 * @param entropy          entropy value hashed by ECMP with the 5-tuple; changing it changes the path
 * @param psn              DATA: its packet sequence number; ACK: the cumulative PSN (first one missing; under
 *                         RoCEv2 the last one accepted); NAKs: the PSN to resend from; CNP and BTS: the PSN
 *                         of the data packet that caused it
 * @param timestampPs      DATA: when it was first put on the wire; ACK and BTS: the echoed timestamp of the
 *                         DATA packet that caused it (for RTT samples)
 * @param flags            bit flags, e.g. {@link #FLAG_ECN_ECHO}
 * @param pds              the UET packet delivery sublayer header ({@link PdsRequest} on data,
 *                         {@link PdsAck} on acknowledgements and credit), or null under the baseline transport
 * @param roce             the RoCEv2 transport header, or null unless the RoCEv2 transport runs
 * @param bts              a back-to-sender notice's header, or null unless the kind is {@link PacketKind#BTS}
 */
public record Packet(PacketKind kind, int flowId, int src, int dst, int sizeBytes, int payloadBytes,
                     int trafficClass, int ecn, int entropy, long psn, long timestampPs, int flags, PdsHeader pds,
                     RoceHeader roce, BtsHeader bts) {

    /** ECN codepoint ECT(0): the sender supports ECN; switches may mark it CE. */
    public static final int ECN_ECT0 = 2;
    /** ECN codepoint CE: congestion experienced. */
    public static final int ECN_CE = 3;
    /** ACK flag: the acknowledged data packet arrived marked CE. */
    public static final int FLAG_ECN_ECHO = 1;
    /** DATA flag: a switch cut this packet to its header instead of dropping it. */
    public static final int FLAG_TRIMMED = 2;

    /** UDP destination port of RoCEv2 and of UET over UDP; part of the ECMP 5-tuple. */
    public static final int UDP_DST_PORT = 4791;
    /** IP protocol number of UDP; part of the ECMP 5-tuple. */
    public static final int PROTO_UDP = 17;

    /** A packet that is not a back-to-sender notice. */
    public Packet(PacketKind kind, int flowId, int src, int dst, int sizeBytes, int payloadBytes, int trafficClass,
                  int ecn, int entropy, long psn, long timestampPs, int flags, PdsHeader pds, RoceHeader roce) {
        this(kind, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ecn, entropy, psn, timestampPs, flags,
                pds, roce, null);
    }

    /** A packet without a RoCEv2 header: the baseline or the Ultra Ethernet transport. */
    public Packet(PacketKind kind, int flowId, int src, int dst, int sizeBytes, int payloadBytes, int trafficClass,
                  int ecn, int entropy, long psn, long timestampPs, int flags, PdsHeader pds) {
        this(kind, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ecn, entropy, psn, timestampPs, flags,
                pds, null);
    }

    /** A packet without a UET header, as the baseline transport sends it. */
    public Packet(PacketKind kind, int flowId, int src, int dst, int sizeBytes, int payloadBytes, int trafficClass,
                  int ecn, int entropy, long psn, long timestampPs, int flags) {
        this(kind, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ecn, entropy, psn, timestampPs, flags,
                null);
    }

    /** The UDP source port, derived from the flow as NICs do (one per connection, in the dynamic range). */
    public int udpSrcPort() {
        return 49152 + (flowId & 0x3FFF);
    }

    public boolean trimmed() {
        return (flags & FLAG_TRIMMED) != 0;
    }

    /** This packet cut to its header, in {@code controlClass}, flagged trimmed; the PSN and flow stay. */
    public Packet trim(int controlClass) {
        return new Packet(kind, flowId, src, dst, sizeBytes - payloadBytes, 0, controlClass, ecn, entropy, psn,
                timestampPs, flags | FLAG_TRIMMED, pds, roce, bts);
    }

    /** This packet with its ECN field set to {@code ecnCodepoint}. */
    public Packet withEcn(int ecnCodepoint) {
        return new Packet(kind, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ecnCodepoint, entropy, psn,
                timestampPs, flags, pds, roce, bts);
    }

    public boolean congestionExperienced() {
        return ecn == ECN_CE;
    }
}

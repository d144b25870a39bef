package io.fabricemu.net;

/**
 * A packet as the fabric sees it: the common fields every transport shares and one {@link TransportHeader}, whose
 * type is the packet's variant ({@link NoHeader} under the baseline transport, {@link PdsHeader} under Ultra
 * Ethernet, {@link RoceHeader} under RoCEv2, {@link BtsHeader} on a switch's back-to-sender notice). Immutable: a
 * switch that changes a field (an ECN mark, a trim) makes a copy, so a packet can be handed between elements
 * without anyone else changing it.
 *
 * <p>Senders and switches make packets through the factories {@link #data}, {@link #control} and
 * {@link #answer}, one allocation a packet; tests name every field through a builder of their own
 * ({@code net.PacketBuilder}, in this module's test classes).
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
 * @param header           the transport header; a {@link BtsHeader} exactly when the kind is
 *                         {@link PacketKind#BTS}
 */
public record Packet(PacketKind kind, int flowId, int src, int dst, int sizeBytes, int payloadBytes,
                     int trafficClass, int ecn, int entropy, long psn, long timestampPs, int flags,
                     TransportHeader header) {

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

    public Packet {
        if (header == null || (kind == PacketKind.BTS) != (header instanceof BtsHeader)) {
            throw new IllegalArgumentException("a " + kind + " packet cannot carry the header " + header);
        }
    }

    /**
     * A data packet as every transport's sender makes it: ECN-capable (ECT(0)), no flags, first sent at
     * {@code timestampPs}.
     */
    public static Packet data(int flowId, int src, int dst, int sizeBytes, int payloadBytes, int trafficClass,
                              int entropy, long psn, long timestampPs, TransportHeader header) {
        return new Packet(PacketKind.DATA, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ECN_ECT0, entropy,
                psn, timestampPs, 0, header);
    }

    /** A header-only control packet of {@code kind} (no payload, not ECN-capable). */
    public static Packet control(PacketKind kind, int flowId, int src, int dst, int sizeBytes, int trafficClass,
                                 int entropy, long psn, long timestampPs, int flags, TransportHeader header) {
        return new Packet(kind, flowId, src, dst, sizeBytes, 0, trafficClass, 0, entropy, psn, timestampPs, flags,
                header);
    }

    /**
     * A header-only control packet of {@code kind} about {@code data}, sent back to its source on behalf of its
     * destination (a switch's RNR NAK or back-to-sender notice): the data packet's flow and entropy value (the same
     * path back, where the fabric allows), its transmit time echoed, no flags, not ECN-capable.
     */
    public static Packet answer(PacketKind kind, Packet data, int sizeBytes, int trafficClass, long psn,
                                TransportHeader header) {
        return new Packet(kind, data.flowId, data.dst, data.src, sizeBytes, 0, trafficClass, 0, data.entropy, psn,
                data.timestampPs, 0, header);
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
                timestampPs, flags | FLAG_TRIMMED, header);
    }

    /** This packet with its ECN field set to {@code ecnCodepoint}. */
    public Packet withEcn(int ecnCodepoint) {
        return new Packet(kind, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ecnCodepoint, entropy, psn,
                timestampPs, flags, header);
    }

    public boolean congestionExperienced() {
        return ecn == ECN_CE;
    }
}

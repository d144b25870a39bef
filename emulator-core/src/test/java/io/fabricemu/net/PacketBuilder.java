package io.fabricemu.net;

/**
 * Makes a {@link Packet} field by field, each named, for code that makes a packet now and then and must read which
 * number is which: tests and tools. A field not named is 0, the ECN field of a data packet ECT(0) (as every
 * transport's sender sends data) and the header {@link NoHeader}. The builder is an allocation of its own and is
 * not thread-safe, so the way of every packet through a NIC or a switch uses {@link Packet}'s factories instead.
 *
 * <pre>{@code
 * Packet p = PacketBuilder.data(3, 0, 5).sizeBytes(4150).payloadBytes(4086).entropy(9).psn(7).build();
 * }</pre>
 */
public final class PacketBuilder {
    private final PacketKind kind;
    private final int flowId;
    private final int src;
    private final int dst;
    private int sizeBytes;
    private int payloadBytes;
    private int trafficClass;
    private int ecn;
    private int entropy;
    private long psn;
    private long timestampPs;
    private int flags;
    private TransportHeader header = NoHeader.INSTANCE;

    private PacketBuilder(PacketKind kind, int flowId, int src, int dst, int ecn) {
        this.kind = kind;
        this.flowId = flowId;
        this.src = src;
        this.dst = dst;
        this.ecn = ecn;
    }

    /** A data packet of flow {@code flowId} from host {@code src} to host {@code dst}, ECN-capable (ECT(0)). */
    public static PacketBuilder data(int flowId, int src, int dst) {
        return new PacketBuilder(PacketKind.DATA, flowId, src, dst, Packet.ECN_ECT0);
    }

    /** A packet of {@code kind} (a control packet, usually) of flow {@code flowId}, not ECN-capable. */
    public static PacketBuilder of(PacketKind kind, int flowId, int src, int dst) {
        return new PacketBuilder(kind, flowId, src, dst, 0);
    }

    /** Bytes on the wire, header included. */
    public PacketBuilder sizeBytes(int bytes) {
        this.sizeBytes = bytes;
        return this;
    }

    /** Bytes of flow data. */
    public PacketBuilder payloadBytes(int bytes) {
        this.payloadBytes = bytes;
        return this;
    }

    public PacketBuilder trafficClass(int trafficClass) {
        this.trafficClass = trafficClass;
        return this;
    }

    /** The two ECN bits ({@link Packet#ECN_ECT0}, {@link Packet#ECN_CE}, 0 for not ECN-capable). */
    public PacketBuilder ecn(int ecnCodepoint) {
        this.ecn = ecnCodepoint;
        return this;
    }

    public PacketBuilder entropy(int entropy) {
        this.entropy = entropy;
        return this;
    }

    public PacketBuilder psn(long psn) {
        this.psn = psn;
        return this;
    }

    public PacketBuilder timestampPs(long timestampPs) {
        this.timestampPs = timestampPs;
        return this;
    }

    /** Bit flags ({@link Packet#FLAG_ECN_ECHO}, {@link Packet#FLAG_TRIMMED}). */
    public PacketBuilder flags(int flags) {
        this.flags = flags;
        return this;
    }

    public PacketBuilder header(TransportHeader header) {
        this.header = header;
        return this;
    }

    /** The packet as named so far; the builder may go on to make another. */
    public Packet build() {
        return new Packet(kind, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ecn, entropy, psn, timestampPs,
                flags, header);
    }
}

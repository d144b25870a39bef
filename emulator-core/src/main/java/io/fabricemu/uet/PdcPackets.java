package io.fabricemu.uet;

import io.fabricemu.net.Packets;

/**
 * How a PDC's message is cut into packets, whatever its delivery mode: {@code totalBytes} of payload in
 * packets of {@code payloadPerPacketBytes} (the last one possibly shorter), each with {@code headerBytes} of
 * headers, numbered by PSN from 0. Immutable.
 */
final class PdcPackets {
    private final int flowId;
    private final long totalBytes;
    private final int payloadPerPacketBytes;
    private final int headerBytes;
    private final int count;

    /** Rejects sizes that are not positive, naming the flow, and flows of more than 2^31 - 2 packets. */
    PdcPackets(int flowId, long totalBytes, int payloadPerPacketBytes, int headerBytes, long rtoPs) {
        if (totalBytes <= 0 || payloadPerPacketBytes <= 0 || headerBytes <= 0 || rtoPs <= 0) {
            throw new IllegalArgumentException("flow " + flowId + ": totalBytes " + totalBytes
                    + ", payloadPerPacketBytes " + payloadPerPacketBytes + ", headerBytes " + headerBytes
                    + ", rtoPs " + rtoPs + " must all be > 0");
        }
        long packets = Packets.of(totalBytes, payloadPerPacketBytes);
        if (packets > Packets.MAX_INDEXED) {
            throw new IllegalArgumentException("flow " + flowId + ": " + packets + " packets is too many");
        }
        this.flowId = flowId;
        this.totalBytes = totalBytes;
        this.payloadPerPacketBytes = payloadPerPacketBytes;
        this.headerBytes = headerBytes;
        this.count = (int) packets;
    }

    int flowId() {
        return flowId;
    }

    /** Number of packets, so PSNs run from 0 to {@code count() - 1}. */
    int count() {
        return count;
    }

    /** Bytes on the wire of the whole flow, every packet sent once: what RCCC asks credit for. */
    long wireBytes() {
        return totalBytes + (long) count * headerBytes;
    }

    /** Payload of packet {@code psn}: full except possibly the last. */
    int payloadOf(long psn) {
        return (int) Math.min(payloadPerPacketBytes, totalBytes - psn * payloadPerPacketBytes);
    }

    /** Bytes on the wire of packet {@code psn}. */
    int wireBytesOf(long psn) {
        return payloadOf(psn) + headerBytes;
    }
}

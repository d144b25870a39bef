package io.fabricemu.roce;

import io.fabricemu.net.Packets;

/**
 * How a flow of {@code totalBytes} is cut into messages of {@code messageBytes} (the last may be shorter) and
 * each message into packets of at most {@code payloadBytes}. A packet never spans two messages, so every
 * message but the last has the same number of packets and a PSN maps to its message by division.
 */
final class MessageLayout {
    private final long totalBytes;
    private final long messageBytes;
    private final int payloadBytes;
    private final long packetsPerMessage;
    private final long packetCount;
    private final long messageCount;

    MessageLayout(long totalBytes, long messageBytes, int payloadBytes) {
        if (totalBytes <= 0 || messageBytes <= 0 || payloadBytes <= 0) {
            throw new IllegalArgumentException("totalBytes " + totalBytes + ", messageBytes " + messageBytes
                    + ", payloadBytes " + payloadBytes + " must all be > 0");
        }
        this.totalBytes = totalBytes;
        this.messageBytes = messageBytes;
        this.payloadBytes = payloadBytes;
        this.packetsPerMessage = Packets.of(messageBytes, payloadBytes);
        long full = totalBytes / messageBytes;
        long rest = totalBytes % messageBytes;
        this.packetCount = full * packetsPerMessage + Packets.of(rest, payloadBytes);
        this.messageCount = full + (rest > 0 ? 1 : 0);
    }


    long packetCount() {
        return packetCount;
    }

    long messageCount() {
        return messageCount;
    }

    /** Flow bytes before packet {@code psn}; {@code totalBytes} for {@code psn == packetCount}. */
    long offsetOf(long psn) {
        check(psn, packetCount);
        if (psn == packetCount) {
            return totalBytes;
        }
        return psn / packetsPerMessage * messageBytes + psn % packetsPerMessage * payloadBytes;
    }

    /** Payload bytes of packet {@code psn}. */
    int payloadOf(long psn) {
        check(psn, packetCount - 1);
        return (int) Math.min(payloadBytes, messageEnd(psn) - offsetOf(psn));
    }

    /** Whether packet {@code psn} is the first of its message. */
    boolean firstOfMessage(long psn) {
        check(psn, packetCount - 1);
        return psn % packetsPerMessage == 0;
    }

    /** Whether packet {@code psn} is the last of its message. */
    boolean lastOfMessage(long psn) {
        check(psn, packetCount - 1);
        return offsetOf(psn) + payloadOf(psn) == messageEnd(psn);
    }

    /** Messages all of whose packets lie below {@code psn}. */
    long messagesBefore(long psn) {
        check(psn, packetCount);
        return psn == packetCount ? messageCount : psn / packetsPerMessage;
    }

    private long messageEnd(long psn) {
        return Math.min(totalBytes, (psn / packetsPerMessage + 1) * messageBytes);
    }

    private static void check(long psn, long max) {
        if (psn < 0 || psn > max) {
            throw new IllegalArgumentException("PSN " + psn + " outside 0.." + max);
        }
    }
}

package io.fabricemu.host;

import io.fabricemu.net.Packet;
import java.util.ArrayDeque;

/**
 * A NIC's queue of control packets (ACKs, NAKs, CNPs) waiting for its transmitter, served before any data
 * in the order they were made. A control packet is queued either made ({@link #add(Packet)}) or to be made
 * when it leaves ({@link #add(LateReply)}). Counts its bytes and their peak, which a NIC reports as its queue.
 */
final class ControlQueue {
    /** Each a {@link Packet} or a {@link LateReply}: one queue keeps their order without a wrapper each. */
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    private long bytes;
    private long peakBytes;

    void add(Packet p) {
        waiting.addLast(p);
        count(p.sizeBytes());
    }

    void add(LateReply r) {
        waiting.addLast(r);
        count(r.sizeBytes());
    }

    private void count(int sizeBytes) {
        bytes += sizeBytes;
        peakBytes = Math.max(peakBytes, bytes);
    }

    /** The oldest waiting packet, taken off the queue and made as it leaves at {@code nowPs}, or null. */
    Packet poll(long nowPs) {
        Object next = waiting.pollFirst();
        if (next == null) {
            return null;
        }
        if (next instanceof Packet p) {
            bytes -= p.sizeBytes();
            return p;
        }
        LateReply r = (LateReply) next;
        bytes -= r.sizeBytes();
        return r.build(nowPs);
    }

    /** The bytes waiting now. */
    long bytes() {
        return bytes;
    }

    /** The most bytes that waited at once. */
    long peakBytes() {
        return peakBytes;
    }
}

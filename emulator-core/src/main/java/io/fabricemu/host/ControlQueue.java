package io.fabricemu.host;

import io.fabricemu.net.Packet;
import java.util.ArrayDeque;

/**
 * A NIC's queue of control packets (ACKs, NAKs, CNPs) waiting for its transmitter, served before any data
 * in the order they were made. Counts its bytes and their peak, which a NIC reports as its queue.
 */
public final class ControlQueue {
    private final ArrayDeque<Packet> packets = new ArrayDeque<>();
    private long bytes;
    private long peakBytes;

    public void add(Packet p) {
        packets.addLast(p);
        bytes += p.sizeBytes();
        peakBytes = Math.max(peakBytes, bytes);
    }

    /** The oldest waiting packet, taken off the queue, or null when none waits. */
    public Packet poll() {
        Packet p = packets.pollFirst();
        if (p != null) {
            bytes -= p.sizeBytes();
        }
        return p;
    }

    /** The bytes waiting now. */
    public long bytes() {
        return bytes;
    }

    /** The most bytes that waited at once. */
    public long peakBytes() {
        return peakBytes;
    }
}

package io.fabricemu.fabric;

import java.util.ArrayDeque;

/**
 * The egress queues of one port: one FIFO per traffic class, strict priority (the highest non-empty class
 * is served first), a byte limit per class with tail drop. A packet in service still occupies its bytes
 * until {@link #finishService()}: the buffer holds it until its last bit has left.
 */
final class EgressQueue {
    private final ArrayDeque<Packet>[] fifos;
    private final long[] classBytes;
    private final long limitBytesPerClass;
    private long totalBytes;
    private long peakBytes;
    private long drops;
    private Packet inService;

    @SuppressWarnings("unchecked")
    EgressQueue(int trafficClasses, long limitBytesPerClass) {
        if (trafficClasses < 1) {
            throw new IllegalArgumentException("trafficClasses must be >= 1, was " + trafficClasses);
        }
        if (limitBytesPerClass <= 0) {
            throw new IllegalArgumentException("limitBytesPerClass must be > 0, was " + limitBytesPerClass);
        }
        fifos = new ArrayDeque[trafficClasses];
        for (int c = 0; c < trafficClasses; c++) {
            fifos[c] = new ArrayDeque<>();
        }
        classBytes = new long[trafficClasses];
        this.limitBytesPerClass = limitBytesPerClass;
    }

    /** Queues {@code p} unless its class would exceed its limit; returns false (and counts a drop) then. */
    boolean offer(Packet p) {
        int c = p.trafficClass();
        if (classBytes[c] + p.sizeBytes() > limitBytesPerClass) {
            drops++;
            return false;
        }
        fifos[c].addLast(p);
        classBytes[c] += p.sizeBytes();
        totalBytes += p.sizeBytes();
        if (totalBytes > peakBytes) {
            peakBytes = totalBytes;
        }
        return true;
    }

    /** True when a packet waits (not counting the one in service). */
    boolean hasWaiting() {
        for (int c = fifos.length - 1; c >= 0; c--) {
            if (!fifos[c].isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** Takes the head of the highest non-empty class into service. */
    Packet startService() {
        if (inService != null) {
            throw new IllegalStateException("a packet is already in service");
        }
        for (int c = fifos.length - 1; c >= 0; c--) {
            Packet p = fifos[c].pollFirst();
            if (p != null) {
                inService = p;
                return p;
            }
        }
        throw new IllegalStateException("nothing waiting");
    }

    /** The packet in service has left: its bytes are freed. */
    void finishService() {
        Packet p = inService;
        inService = null;
        classBytes[p.trafficClass()] -= p.sizeBytes();
        totalBytes -= p.sizeBytes();
    }

    long bytes() {
        return totalBytes;
    }

    long classBytes(int trafficClass) {
        return classBytes[trafficClass];
    }

    long peakBytes() {
        return peakBytes;
    }

    long drops() {
        return drops;
    }
}

package io.fabricemu.switching;

import io.fabricemu.net.Packet;
import java.util.ArrayDeque;

/**
 * The egress queues of one port: one FIFO per traffic class, strict priority (the highest non-empty class
 * is served first), a dedicated byte limit per class with tail drop. A packet in service still occupies its
 * bytes until {@link #finishService()}: the buffer holds it until its last bit has left.
 *
 * <p>Shared space, as in a switch with a dedicated minimum per queue plus a shared pool: the bytes of a
 * class above its dedicated limit are the port's shared bytes, {@code sum over classes of
 * max(0, classBytes - limit)}. The caller says how many more shared bytes the port may take
 * ({@link #offer(Packet, long)}; for a port of a switch with a pool, the unused part of its lease); a packet
 * is admitted when the growth of the port's shared bytes it causes fits in that. No packet is tagged as
 * dedicated or shared: whichever packet leaves, the shared bytes are recomputed from the class counts, so
 * a queue drains its shared part first.
 *
 * <p>Lossless classes (PFC): a packet of a lossless class is always admitted ({@link #offer(Packet, int,
 * long, boolean)}); its room is guaranteed upstream by the ingress port's xOFF and headroom, not by this
 * queue's limit. Beside every packet the queue keeps the number of the switch port it came in through (in
 * a ring of ints per class, no allocation per packet), so the port that sends it can tell that ingress
 * port when its bytes leave.
 */
final class EgressQueue {
    private final ArrayDeque<Packet>[] fifos;
    private final IntRing[] ingressPorts;
    private final long[] classBytes;
    private final long limitBytesPerClass;
    private long totalBytes;
    private long peakBytes;
    private long sharedBytes;
    private long peakSharedBytes;
    private long drops;
    private Packet inService;
    private int inServiceIngressPort = -1;
    private int droppedIngressPort = -1;

    @SuppressWarnings("unchecked")
    EgressQueue(int trafficClasses, long limitBytesPerClass) {
        if (trafficClasses < 1) {
            throw new IllegalArgumentException("trafficClasses must be >= 1, was " + trafficClasses);
        }
        if (limitBytesPerClass <= 0) {
            throw new IllegalArgumentException("limitBytesPerClass must be > 0, was " + limitBytesPerClass);
        }
        @SuppressWarnings("unchecked") // Java makes no array of a generic type: a wildcard array, cast once here
        ArrayDeque<Packet>[] queues = (ArrayDeque<Packet>[]) new ArrayDeque<?>[trafficClasses];
        fifos = queues;
        ingressPorts = new IntRing[trafficClasses];
        for (int c = 0; c < trafficClasses; c++) {
            fifos[c] = new ArrayDeque<>();
            ingressPorts[c] = new IntRing();
        }
        classBytes = new long[trafficClasses];
        this.limitBytesPerClass = limitBytesPerClass;
    }

    /** Queues {@code p} unless its class would exceed its limit; returns false (and counts a drop) then. */
    boolean offer(Packet p) {
        return offer(p, 0);
    }

    /** Whether {@link #offer(Packet, long)} would admit {@code p}; changes nothing. */
    boolean fits(Packet p, long sharedRoomBytes) {
        int c = p.trafficClass();
        return overLimit(classBytes[c] + p.sizeBytes()) - overLimit(classBytes[c]) <= sharedRoomBytes;
    }

    /**
     * Queues {@code p} unless the shared bytes it would take beyond its class's dedicated limit exceed
     * {@code sharedRoomBytes}; returns false (and counts a drop) then. With a room of 0 this is
     * {@link #offer(Packet)}: the class must stay within its limit.
     */
    boolean offer(Packet p, long sharedRoomBytes) {
        return offer(p, -1, sharedRoomBytes, false);
    }

    /**
     * {@link #offer(Packet, long)}, remembering {@code ingressPort} beside the packet; a {@code lossless}
     * packet is admitted whatever its class holds (its shared growth is still counted).
     */
    boolean offer(Packet p, int ingressPort, long sharedRoomBytes, boolean lossless) {
        int c = p.trafficClass();
        long growthBytes = overLimit(classBytes[c] + p.sizeBytes()) - overLimit(classBytes[c]);
        if (growthBytes > sharedRoomBytes && !lossless) {
            drops++;
            return false;
        }
        fifos[c].addLast(p);
        ingressPorts[c].addLast(ingressPort);
        classBytes[c] += p.sizeBytes();
        totalBytes += p.sizeBytes();
        sharedBytes += growthBytes;
        if (totalBytes > peakBytes) {
            peakBytes = totalBytes;
        }
        if (sharedBytes > peakSharedBytes) {
            peakSharedBytes = sharedBytes;
        }
        return true;
    }

    private long overLimit(long bytes) {
        return Math.max(0, bytes - limitBytesPerClass);
    }

    /** True when a packet waits (not counting the one in service). */
    boolean hasWaiting() {
        return hasWaiting(0);
    }

    /** True when a packet of a class not in {@code pausedMask} (bit c: class c) waits. */
    boolean hasWaiting(int pausedMask) {
        for (int c = fifos.length - 1; c >= 0; c--) {
            if (!fifos[c].isEmpty() && (pausedMask & (1 << c)) == 0) {
                return true;
            }
        }
        return false;
    }

    /** Packets of {@code trafficClass} waiting (not counting the one in service). */
    int waiting(int trafficClass) {
        return fifos[trafficClass].size();
    }

    /** Takes the head of the highest non-empty class into service. */
    Packet startService() {
        return startService(0);
    }

    /**
     * Takes the head of the highest non-empty class not in {@code pausedMask} into service: strict priority
     * among the classes that may go.
     */
    Packet startService(int pausedMask) {
        if (inService != null) {
            throw new IllegalStateException("a packet is already in service");
        }
        for (int c = fifos.length - 1; c >= 0; c--) {
            if ((pausedMask & (1 << c)) != 0) {
                continue;
            }
            Packet p = fifos[c].pollFirst();
            if (p != null) {
                inService = p;
                inServiceIngressPort = ingressPorts[c].pollFirst();
                return p;
            }
        }
        throw new IllegalStateException("nothing waiting");
    }

    /**
     * Takes the head of the highest non-empty class out of the queue without serving it (its link went down): its
     * bytes are freed at once. {@link #droppedIngressPort()} then says where it came in.
     */
    Packet dropWaiting() {
        for (int c = fifos.length - 1; c >= 0; c--) {
            Packet p = fifos[c].pollFirst();
            if (p != null) {
                droppedIngressPort = ingressPorts[c].pollFirst();
                sharedBytes -= overLimit(classBytes[c]) - overLimit(classBytes[c] - p.sizeBytes());
                classBytes[c] -= p.sizeBytes();
                totalBytes -= p.sizeBytes();
                return p;
            }
        }
        throw new IllegalStateException("nothing waiting");
    }

    /** The ingress port of the packet {@link #dropWaiting()} took last, or -1. */
    int droppedIngressPort() {
        return droppedIngressPort;
    }

    /** The ingress port of the packet in service, or -1 when it was offered without one. */
    int inServiceIngressPort() {
        return inServiceIngressPort;
    }

    /** The packet in service has left: its bytes are freed; returns it. */
    Packet finishService() {
        Packet p = inService;
        inService = null;
        inServiceIngressPort = -1;
        int c = p.trafficClass();
        sharedBytes -= overLimit(classBytes[c]) - overLimit(classBytes[c] - p.sizeBytes());
        classBytes[c] -= p.sizeBytes();
        totalBytes -= p.sizeBytes();
        return p;
    }

    int trafficClasses() {
        return fifos.length;
    }

    long bytes() {
        return totalBytes;
    }

    long classBytes(int trafficClass) {
        return classBytes[trafficClass];
    }

    /** Bytes held beyond the classes' dedicated limits, in shared space. */
    long sharedBytes() {
        return sharedBytes;
    }

    /** The most bytes held in shared space at once. */
    long peakSharedBytes() {
        return peakSharedBytes;
    }

    /** Dedicated bytes still free in the fullest class: how much the next burst can take without shared space. */
    long dedicatedFreeBytes() {
        long fullest = 0;
        for (long b : classBytes) {
            fullest = Math.max(fullest, b);
        }
        return Math.max(0, limitBytesPerClass - fullest);
    }

    long peakBytes() {
        return peakBytes;
    }

    long drops() {
        return drops;
    }
}

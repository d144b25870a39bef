package io.fabricemu.trace;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PfcFrame;
import java.util.Arrays;

/**
 * What one traced port transmitted: for every frame it started, the time its first bit left, its size on the wire
 * and its headers as bytes ({@link FrameEncoder}). Owned by the port's element, so touched by one thread at a time;
 * read once after the run. The headers are written straight into one growing byte array, and times, sizes and
 * offsets into primitive arrays that grow by doubling, so recording a frame allocates nothing but, now and then, a
 * bigger array.
 */
final class PortTrace {
    private static final int INITIAL_FRAMES = 64;

    private final String name;
    private final long rateBps;
    private final TraceSelection selection;
    /** Empty until the first frame: a port that sends nothing here (another JVM's, across JVMs) costs no arrays. */
    private long[] timesPs = new long[0];
    private int[] wireBytes = new int[0];
    /** Frame {@code i}'s captured headers are {@code headers[offsets[i] .. offsets[i + 1])}. */
    private int[] offsets = new int[1];
    private byte[] headers = new byte[0];
    private int count;

    /**
     * @param name      the port's name, as in ports.csv
     * @param rateBps   its line rate, for the interface's speed
     * @param selection which of its frames to keep
     */
    PortTrace(String name, long rateBps, TraceSelection selection) {
        this.name = name;
        this.rateBps = rateBps;
        this.selection = selection;
    }

    String name() {
        return name;
    }

    long rateBps() {
        return rateBps;
    }

    /** Frames recorded. */
    int count() {
        return count;
    }

    long timePs(int i) {
        return timesPs[i];
    }

    int wireBytes(int i) {
        return wireBytes[i];
    }

    /** Frame {@code i}'s captured bytes: its headers, cut to its size on the wire. */
    int capturedBytes(int i) {
        return offsets[i + 1] - offsets[i];
    }

    byte[] headers() {
        return headers;
    }

    int offset(int i) {
        return offsets[i];
    }

    /** The port started sending {@code p}, its first bit at {@code firstBitPs}. */
    void sent(Packet p, long firstBitPs) {
        if (!selection.covers(p) || !selection.inSpan(firstBitPs)) {
            return;
        }
        int at = reserve(firstBitPs, p.sizeBytes());
        offsets[count + 1] = at + Math.min(FrameEncoder.packet(p, headers, at), p.sizeBytes());
        count++;
    }

    /** The port started sending PFC frame {@code f}, its first bit at {@code firstBitPs}. */
    void sent(PfcFrame f, long firstBitPs) {
        if (!selection.everyFlow() || !selection.inSpan(firstBitPs)) {
            return;
        }
        int at = reserve(firstBitPs, PfcFrame.SIZE_BYTES);
        offsets[count + 1] = at + Math.min(FrameEncoder.pfc(f, headers, at), PfcFrame.SIZE_BYTES);
        count++;
    }

    /** Makes room for one more frame and fills its time and size; returns where its headers go. */
    private int reserve(long firstBitPs, int sizeBytes) {
        if (count == timesPs.length) {
            int frames = Math.max(INITIAL_FRAMES, 2 * count);
            timesPs = Arrays.copyOf(timesPs, frames);
            wireBytes = Arrays.copyOf(wireBytes, frames);
            offsets = Arrays.copyOf(offsets, frames + 1);
        }
        int at = offsets[count];
        if (at + FrameEncoder.MAX_BYTES > headers.length) {
            headers = Arrays.copyOf(headers, Math.max(Math.max(2 * headers.length,
                    INITIAL_FRAMES * FrameEncoder.MAX_BYTES), at + FrameEncoder.MAX_BYTES));
        }
        timesPs[count] = firstBitPs;
        wireBytes[count] = sizeBytes;
        return at;
    }
}

package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * One element's samples over virtual time, stored as rows of longs in one growing array (no object per
 * sample). A sample holds the element's whole state and stands from its tick until the element's next
 * sample: an element that handled nothing since its last sample writes none, and its last one stands to the
 * end of the run.
 *
 * <p>{@link #thin} moves the log to a coarser grid without losing what the coarse ticks see: the value at a
 * coarse tick {@code T} is still that of the last sample at or before {@code T}. A sample is relabelled to the
 * first coarse tick at or after its own; one that the next sample replaces before any coarse tick is dropped.
 * Thinning twice is thinning once to the coarser grid. Single-threaded; one owner.
 */
public final class SampleLog implements SampleSink {
    private static final int PORT = 0;
    private static final int CLASS_QUEUE = 1;
    private static final int SENDER = 2;
    private static final int RECEIVER = 3;
    /** Row layout: kind, tick, key, then the values; the width of each kind's row. */
    private static final int[] WIDTH = {3 + 9, 3 + 2, 3 + 3, 3 + 1};

    private final List<String> names = new ArrayList<>();
    private long[] rows = new long[64];
    private int size;
    private int lastStart = -1;
    private long tickPs;
    private long intervalPs;

    /** @param intervalPs the grid the samples are taken on */
    public SampleLog(long intervalPs) {
        this.intervalPs = intervalPs;
    }

    /** The grid the log is on now. */
    public long intervalPs() {
        return intervalPs;
    }

    /**
     * Starts a sample that stands from {@code atTickPs} on; the rows written next belong to it. A previous sample
     * at the same tick (possible just after {@link #thin}) is seen by no tick, so it is replaced.
     */
    void begin(long atTickPs) {
        if (lastStart >= 0 && rows[lastStart + 1] == atTickPs) {
            size = lastStart;
        } else if (lastStart >= 0 && rows[lastStart + 1] > atTickPs) {
            throw new IllegalStateException("sample at " + atTickPs + " ps after one at " + rows[lastStart + 1] + " ps");
        }
        lastStart = size;
        this.tickPs = atTickPs;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                     long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
        int at = row(PORT, nameIndex(portId));
        rows[at + 3] = tier;
        rows[at + 4] = queueBytes;
        rows[at + 5] = drops;
        rows[at + 6] = trims;
        rows[at + 7] = ecnMarks;
        rows[at + 8] = pauseFrames;
        rows[at + 9] = btsNotices;
        rows[at + 10] = rnrNaks;
        rows[at + 11] = txBytes;
    }

    @Override
    public void classQueue(String portId, int trafficClass, long queueBytes) {
        int at = row(CLASS_QUEUE, nameIndex(portId));
        rows[at + 3] = trafficClass;
        rows[at + 4] = queueBytes;
    }

    @Override
    public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
        int at = row(SENDER, flowId);
        rows[at + 3] = windowBytes;
        rows[at + 4] = creditBytes;
        rows[at + 5] = rateBps;
    }

    @Override
    public void receiver(int flowId, long deliveredBytes) {
        int at = row(RECEIVER, flowId);
        rows[at + 3] = deliveredBytes;
    }

    /**
     * Moves the log to the grid of {@code coarserIntervalPs}, a multiple of the current interval.
     */
    public void thin(long coarserIntervalPs) {
        if (coarserIntervalPs % intervalPs != 0) {
            throw new IllegalArgumentException(coarserIntervalPs + " ps is not a multiple of " + intervalPs + " ps");
        }
        intervalPs = coarserIntervalPs;
        lastStart = -1;
        int write = 0;
        int read = 0;
        while (read < size) {
            int end = sampleEnd(read);
            long tick = ceil(rows[read + 1], coarserIntervalPs);
            long nextTick = end < size ? ceil(rows[end + 1], coarserIntervalPs) : Long.MAX_VALUE;
            if (tick != nextTick) {
                lastStart = write;
                System.arraycopy(rows, read, rows, write, end - read);
                for (int at = write; at < write + end - read; at += WIDTH[(int) rows[at]]) {
                    rows[at + 1] = tick;
                }
                write += end - read;
            }
            read = end;
        }
        size = write;
    }

    /** Plays the samples back in order. */
    public void replay(SampleReader reader) {
        int at = 0;
        while (at < size) {
            int end = sampleEnd(at);
            reader.at(rows[at + 1]);
            for (; at < end; at += WIDTH[(int) rows[at]]) {
                replayRow(at, reader);
            }
        }
    }

    private void replayRow(int at, SampleSink sink) {
        long[] r = rows;
        switch ((int) r[at]) {
            case PORT -> sink.port(names.get((int) r[at + 2]), (int) r[at + 3], r[at + 4], r[at + 5], r[at + 6],
                    r[at + 7], r[at + 8], r[at + 9], r[at + 10], r[at + 11]);
            case CLASS_QUEUE -> sink.classQueue(names.get((int) r[at + 2]), (int) r[at + 3], r[at + 4]);
            case SENDER -> sink.sender((int) r[at + 2], r[at + 3], r[at + 4], r[at + 5]);
            case RECEIVER -> sink.receiver((int) r[at + 2], r[at + 3]);
            default -> throw new IllegalStateException("row kind " + r[at]);
        }
    }

    /** The index just past the last row of the sample that starts at {@code start}. */
    private int sampleEnd(int start) {
        long tick = rows[start + 1];
        int at = start;
        while (at < size && rows[at + 1] == tick) {
            at += WIDTH[(int) rows[at]];
        }
        return at;
    }

    private int row(int kind, long key) {
        int width = WIDTH[kind];
        if (size + width > rows.length) {
            rows = java.util.Arrays.copyOf(rows, Math.max(rows.length * 2, size + width));
        }
        int at = size;
        rows[at] = kind;
        rows[at + 1] = tickPs;
        rows[at + 2] = key;
        size += width;
        return at;
    }

    private int nameIndex(String name) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i) == name || names.get(i).equals(name)) {
                return i;
            }
        }
        names.add(name);
        return names.size() - 1;
    }

    private static long ceil(long ps, long intervalPs) {
        return (ps + intervalPs - 1) / intervalPs * intervalPs;
    }
}

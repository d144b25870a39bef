package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One element's samples over virtual time, stored as rows of longs in one growing array (no object per
 * sample). A sample holds the element's whole state and stands from its tick until the element's next
 * sample: an element that handled nothing since its last sample writes none, and its last one stands to the
 * end of the run.
 *
 * <p>Layout: a sample is a header row {@code [SAMPLE, tick]} followed by its rows, each led by one long that
 * packs the row's kind (high 32 bits) and key (a port's index in this log's name table, or a flow id); a
 * port's tier is kept beside its name, since it never changes. A port row is then 9 longs, a sender row 4, a
 * sender's round-trip row 3 (the sample and the size of the data packet it timed). A
 * sample with receivers also holds one {@code DELIVERED} row: the payload all of them delivered so far, flows left
 * out of the log ({@link Sampling#keepsFlow}) included, so the run's total stays exact however few flows are kept.
 *
 * <p>{@link #thin} moves the log to a coarser grid without losing what the coarse ticks see: the value at a
 * coarse tick {@code T} is still that of the last sample at or before {@code T}. A sample is relabelled to the
 * first coarse tick at or after its own; one that the next sample replaces before any coarse tick is dropped.
 * Thinning twice is thinning once to the coarser grid. Single-threaded; one owner.
 */
public final class SampleLog implements SampleSink {
    private static final int SAMPLE = 0;
    private static final int PORT = 1;
    private static final int CLASS_QUEUE = 2;
    private static final int SENDER = 3;
    private static final int RECEIVER = 4;
    private static final int DELIVERED = 5;
    private static final int SENDER_RTT = 6;
    /** The number of longs of each kind's row, its leading kind-and-key long included. */
    private static final int[] WIDTH = {2, 1 + 8, 1 + 2, 1 + 3, 1 + 1, 1 + 1, 1 + 2};

    private final List<String> names = new ArrayList<>();
    private final List<Integer> tiers = new ArrayList<>();
    private long[] rows = new long[64];
    private int size;
    private int lastStart = -1;
    private long intervalPs;
    private int trafficClasses;
    /** Which flows get rows of their own; null: all of them. */
    private final Sampling flows;
    /** Where the current sample's {@code DELIVERED} row is, -1 if it has none yet. */
    private int deliveredAt = -1;
    /** The delivered total of the latest sample that had one, 0 before. */
    private long latestDeliveredBytes;

    /** @param intervalPs the grid the samples are taken on; every flow gets rows of its own */
    public SampleLog(long intervalPs) {
        this(intervalPs, null);
    }

    /**
     * @param intervalPs the grid the samples are taken on
     * @param flows      which flows get rows of their own ({@link Sampling#keepsFlow}); null: all of them
     */
    public SampleLog(long intervalPs, Sampling flows) {
        this.intervalPs = intervalPs;
        this.flows = flows;
    }

    /**
     * A log restored from the state another JVM's log gave ({@link #names}, {@link #tiers}, {@link #rows},
     * {@link #lastStart}): the same samples, the same behaviour.
     */
    public static SampleLog restore(long intervalPs, int trafficClasses, List<String> names, List<Integer> tiers,
                                    long[] rows, int lastStart) {
        if (names.size() != tiers.size() || lastStart < -1 || lastStart >= Math.max(rows.length, 1)) {
            throw new IllegalArgumentException("a sample log's names (" + names.size() + "), tiers (" + tiers.size()
                    + ") and last sample start (" + lastStart + " of " + rows.length + ") disagree");
        }
        SampleLog log = new SampleLog(intervalPs);
        log.trafficClasses = trafficClasses;
        log.names.addAll(names);
        log.tiers.addAll(tiers);
        log.rows = rows.length == 0 ? new long[64] : rows.clone();
        log.size = rows.length;
        log.lastStart = lastStart;
        return log;
    }

    /** The port names the rows refer to by index, for a serializer. */
    public List<String> names() {
        return List.copyOf(names);
    }

    /** Each named port's tier, for a serializer. */
    public List<Integer> tiers() {
        return List.copyOf(tiers);
    }

    /** A copy of the rows in use, for a serializer. */
    public long[] rows() {
        return Arrays.copyOf(rows, size);
    }

    /** Where the last sample's header row starts (-1 if none), for a serializer. */
    public int lastStart() {
        return lastStart;
    }

    /**
     * The payload every receiver of the element had delivered at its latest sample (0 before one), for a live view
     * of the run's progress.
     */
    public long latestDeliveredBytes() {
        return latestDeliveredBytes;
    }

    /** A generous estimate of the log's serialized size in bytes. */
    public long sizeEstimateBytes() {
        return 32 + 9L * size + 72L * names.size();
    }

    /** The grid the log is on now. */
    public long intervalPs() {
        return intervalPs;
    }

    /** One more than the highest traffic class any class-queue row named (0 if none). */
    public int trafficClasses() {
        return trafficClasses;
    }

    public boolean isEmpty() {
        return size == 0;
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
        deliveredAt = -1;
        int at = row(SAMPLE, 0);
        rows[at + 1] = atTickPs;
    }

    @Override
    public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                     long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
        int at = row(PORT, nameIndex(portId, tier));
        rows[at + 1] = queueBytes;
        rows[at + 2] = drops;
        rows[at + 3] = trims;
        rows[at + 4] = ecnMarks;
        rows[at + 5] = pauseFrames;
        rows[at + 6] = btsNotices;
        rows[at + 7] = rnrNaks;
        rows[at + 8] = txBytes;
    }

    @Override
    public void classQueue(String portId, int trafficClass, long queueBytes) {
        trafficClasses = Math.max(trafficClasses, trafficClass + 1);
        int at = row(CLASS_QUEUE, nameIndex(portId, -1));
        rows[at + 1] = trafficClass;
        rows[at + 2] = queueBytes;
    }

    @Override
    public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
        if (flows != null && !flows.keepsFlow(flowId)) {
            return;
        }
        int at = row(SENDER, flowId);
        rows[at + 1] = windowBytes;
        rows[at + 2] = creditBytes;
        rows[at + 3] = rateBps;
    }

    @Override
    public void senderRtt(int flowId, long rttPs, int dataBytes) {
        if (flows != null && !flows.keepsFlow(flowId)) {
            return;
        }
        int at = row(SENDER_RTT, flowId);
        rows[at + 1] = rttPs;
        rows[at + 2] = dataBytes;
    }

    @Override
    public void receiver(int flowId, long deliveredBytes) {
        if (deliveredAt < 0) {
            deliveredAt = row(DELIVERED, 0);
            rows[deliveredAt + 1] = 0;
        }
        rows[deliveredAt + 1] += deliveredBytes;
        latestDeliveredBytes = rows[deliveredAt + 1];
        if (flows != null && !flows.keepsFlow(flowId)) {
            return;
        }
        int at = row(RECEIVER, flowId);
        rows[at + 1] = deliveredBytes;
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
        deliveredAt = -1;
        int write = 0;
        int read = 0;
        while (read < size) {
            int end = sampleEnd(read);
            long tick = ceil(rows[read + 1], coarserIntervalPs);
            long nextTick = end < size ? ceil(rows[end + 1], coarserIntervalPs) : Long.MAX_VALUE;
            if (tick != nextTick) {
                lastStart = write;
                System.arraycopy(rows, read, rows, write, end - read);
                rows[write + 1] = tick;
                write += end - read;
            }
            read = end;
        }
        size = write;
    }

    /**
     * Plays back the first sample only: it names every port and flow the element has, since an element writes all of
     * them in every sample (class-queue rows aside: see {@link #trafficClasses}).
     */
    public void replayFirst(SampleReader reader) {
        if (size > 0) {
            replaySample(0, reader);
        }
    }

    /** Plays the samples back in order. */
    public void replay(SampleReader reader) {
        int at = 0;
        while (at < size) {
            at = replaySample(at, reader);
        }
    }

    /** Plays back the sample whose header is at {@code start}; returns where the next one starts. */
    private int replaySample(int start, SampleReader reader) {
        reader.at(rows[start + 1]);
        int at = start + WIDTH[SAMPLE];
        while (at < size && kind(rows[at]) != SAMPLE) {
            replayRow(at, reader);
            at += WIDTH[kind(rows[at])];
        }
        return at;
    }

    private void replayRow(int at, SampleReader sink) {
        long[] r = rows;
        int key = key(r[at]);
        switch (kind(r[at])) {
            case PORT -> sink.port(names.get(key), tiers.get(key), r[at + 1], r[at + 2], r[at + 3], r[at + 4],
                    r[at + 5], r[at + 6], r[at + 7], r[at + 8]);
            case CLASS_QUEUE -> sink.classQueue(names.get(key), (int) r[at + 1], r[at + 2]);
            case SENDER -> sink.sender(key, r[at + 1], r[at + 2], r[at + 3]);
            case RECEIVER -> sink.receiver(key, r[at + 1]);
            case SENDER_RTT -> sink.senderRtt(key, r[at + 1], (int) r[at + 2]);
            case DELIVERED -> sink.delivered(r[at + 1]);
            default -> throw new IllegalStateException("row kind " + kind(r[at]));
        }
    }

    /** The index just past the last row of the sample whose header is at {@code start}. */
    private int sampleEnd(int start) {
        int at = start + WIDTH[SAMPLE];
        while (at < size && kind(rows[at]) != SAMPLE) {
            at += WIDTH[kind(rows[at])];
        }
        return at;
    }

    private int row(int kind, int key) {
        int width = WIDTH[kind];
        if (size + width > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(rows.length * 2, size + width));
        }
        int at = size;
        rows[at] = ((long) kind << 32) | (key & 0xFFFF_FFFFL);
        size += width;
        return at;
    }

    private static int kind(long kindAndKey) {
        return (int) (kindAndKey >>> 32);
    }

    private static int key(long kindAndKey) {
        return (int) kindAndKey;
    }

    /** The index of {@code name}, added with {@code tier} the first time (a class-queue row gives no tier: -1). */
    private int nameIndex(String name, int tier) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equals(name)) {
                if (tier >= 0 && tiers.get(i) < 0) {
                    tiers.set(i, tier);
                }
                return i;
            }
        }
        names.add(name);
        tiers.add(tier);
        return names.size() - 1;
    }

    private static long ceil(long ps, long intervalPs) {
        return (ps + intervalPs - 1) / intervalPs * intervalPs;
    }
}

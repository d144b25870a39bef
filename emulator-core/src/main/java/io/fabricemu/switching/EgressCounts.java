package io.fabricemu.switching;

import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.RnrCounters;

/**
 * What a port's egress stages did, summed over its stages for a sample or the port's report
 * ({@link EgressStage#count}). A sample reuses one and asks for the figures only; a report asks for the
 * records too ({@link #forReport()}), which may copy a log.
 */
public final class EgressCounts {
    private final boolean forReport;
    private long drops;
    private long trims;
    private long ecnMarks;
    private long notices;
    private long naks;
    private long firstSignalPs = -1;
    private RnrCounters rnr = RnrCounters.NONE;
    private BtsCounters bts = BtsCounters.NONE;

    EgressCounts(boolean forReport) {
        this.forReport = forReport;
    }

    /** Back to nothing counted, to sum the stages again. */
    void clear() {
        drops = 0;
        trims = 0;
        ecnMarks = 0;
        notices = 0;
        naks = 0;
        firstSignalPs = -1;
        rnr = RnrCounters.NONE;
        bts = BtsCounters.NONE;
    }

    /** Whether the records ({@link #rnr(RnrCounters)}, {@link #bts(BtsCounters)}) are wanted. */
    public boolean forReport() {
        return forReport;
    }

    /** Packets a stage discarded (not counting the queue's own tail drops). */
    public void addDrops(long n) {
        drops += n;
    }

    public void addTrims(long n) {
        trims += n;
    }

    public void addEcnMarks(long n) {
        ecnMarks += n;
    }

    /** Back-to-sender notices sent. */
    public void addNotices(long n) {
        notices += n;
    }

    /** Switch-generated RNR NAKs sent. */
    public void addNaks(long n) {
        naks += n;
    }

    /** A stage first signalled congestion at {@code ps} (-1: never); the port reports the earliest. */
    public void signalledAt(long ps) {
        if (ps >= 0 && (firstSignalPs < 0 || ps < firstSignalPs)) {
            firstSignalPs = ps;
        }
    }

    public void rnr(RnrCounters counters) {
        rnr = counters;
    }

    public void bts(BtsCounters counters) {
        bts = counters;
    }

    long drops() {
        return drops;
    }

    long trims() {
        return trims;
    }

    long ecnMarks() {
        return ecnMarks;
    }

    long notices() {
        return notices;
    }

    long naks() {
        return naks;
    }

    long firstSignalPs() {
        return firstSignalPs;
    }

    RnrCounters rnr() {
        return rnr;
    }

    BtsCounters bts() {
        return bts;
    }
}

package io.fabricemu.uet.cc;

/**
 * The reference loop's batching of increases ({@link NsccLoop}; htsim {@code UecSrc::fulfill_adjustment}):
 * fair and proportional increases are summed as "bytes per window" x acknowledged bytes and applied, divided
 * by cwnd, once more than {@code adjustBytes} were acknowledged or more than {@code adjustPeriodPs} passed
 * since the last eta step; a batch applied at least one period after the last eta step also adds eta. Sums
 * are in 1/65,536 B x B, so a step of a fraction of a byte per window is kept.
 */
final class AdjustmentBatch {
    private final long adjustBytes;
    private final long adjustPeriodPs;
    private final long etaFixed;
    private long sumFixedBytes;
    private long receivedBytes;
    private long lastEtaPs;

    AdjustmentBatch(long adjustBytes, long adjustPeriodPs, long etaBytes) {
        this.adjustBytes = adjustBytes;
        this.adjustPeriodPs = adjustPeriodPs;
        this.etaFixed = etaBytes << Nscc.FRACTION_BITS;
    }

    /** An ACK_CC reported {@code bytes} newly received (they count towards the batch whatever the case). */
    void onAcked(long bytes) {
        receivedBytes += bytes;
    }

    /** {@code perWindowFixed} (1/65,536 B per window of ACKs) earned by {@code ackedBytes}. */
    void add(long perWindowFixed, long ackedBytes) {
        sumFixedBytes = Math.addExact(sumFixedBytes, Math.multiplyExact(perWindowFixed, ackedBytes));
    }

    /** Drops what was summed (quick adapt ran, or its ignored feedback arrived). */
    void clear() {
        sumFixedBytes = 0;
        receivedBytes = 0;
    }

    /** Whether a batch is due at {@code nowPs}. */
    boolean due(long nowPs) {
        return receivedBytes > adjustBytes || nowPs - lastEtaPs > adjustPeriodPs;
    }

    /** Applies the batch to a window of {@code cwndBytes} at {@code nowPs}: the increase, in 1/65,536 B. */
    long fulfil(long nowPs, long cwndBytes) {
        long increaseFixed = sumFixedBytes / Math.max(1, cwndBytes);
        if (nowPs - lastEtaPs >= adjustPeriodPs) {
            increaseFixed += etaFixed;
            lastEtaPs = nowPs;
        }
        clear();
        return increaseFixed;
    }
}

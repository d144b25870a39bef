package io.fabricemu.results;

/**
 * One port's state at every tick of a {@link TimeSeries} (index {@code i} is tick {@code i x interval}).
 * Counters are cumulative since the start of the run; before the port's first sample every value is 0.
 *
 * @param id               the port's name, as in {@code ports.csv}
 * @param tier             its node's tier
 * @param queueBytes       bytes queued
 * @param classQueueBytes  bytes queued per traffic class, {@code [class][tick]}
 * @param drops            packets dropped so far
 * @param trims            packets trimmed so far
 * @param ecnMarks         packets marked CE so far
 * @param pauseFrames      PFC pause frames sent so far
 * @param btsNotices       back-to-sender notices sent so far
 * @param rnrNaks          switch-generated RNR NAKs sent so far
 * @param txBytes          bytes transmitted so far
 */
public record PortSeries(String id, int tier, long[] queueBytes, long[][] classQueueBytes, long[] drops, long[] trims,
                         long[] ecnMarks, long[] pauseFrames, long[] btsNotices, long[] rnrNaks, long[] txBytes) {

    /** The deepest queue at any tick. */
    public long peakQueueBytes() {
        long peak = 0;
        for (long b : queueBytes) {
            peak = Math.max(peak, b);
        }
        return peak;
    }
}

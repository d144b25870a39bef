package io.fabricemu.stats;

import java.util.List;

/**
 * What one switch port's switch-generated RNR NAKs did (switch {@code rnrNack}).
 *
 * @param naksSent             RNR NAKs the port forged, one per QP per incast episode
 * @param unresolved           packets the port would have turned into a NAK but could not, for want of snooped
 *                             state (no acknowledgement of the QP seen yet); they took the normal path (a tail
 *                             drop when they did not fit)
 * @param nackedDrops          packets dropped because their QP was NACKed: PSN at or after the NAK's, sent
 *                             before the requester paused
 * @param episodes             incast episodes (threshold crossed, later cleared below the clear threshold)
 * @param firstOverThresholdPs when the port first exceeded its threshold, or -1
 * @param resumePeakBytes      most bytes queued from the earliest resumption the first episode's NAKs allow (NAK
 *                             time + pause) onward: the second incast the stagger is there to avoid
 * @param naks                 the NAKs, in the order sent (the first {@link #LOG_LIMIT} of them)
 */
public record RnrCounters(long naksSent, long unresolved, long nackedDrops, long episodes, long firstOverThresholdPs,
                          long resumePeakBytes, List<RnrNakRecord> naks) {
    /** The most NAKs a port lists; the counters go on counting. */
    public static final int LOG_LIMIT = 4096;

    /** A port without the scheme. */
    public static final RnrCounters NONE = new RnrCounters(0, 0, 0, 0, -1, 0, List.of());

    public RnrCounters {
        naks = List.copyOf(naks);
    }
}

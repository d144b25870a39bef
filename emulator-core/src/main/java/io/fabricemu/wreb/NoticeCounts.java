package io.fabricemu.wreb;

import io.fabricemu.stats.BtsCounters;

/** The back-to-sender counters of a NIC's senders, summed over its flows, for the NIC's port stats. */
public final class NoticeCounts {
    private NoticeCounts() {
    }

    /** The sum over {@code notices}; a null entry (a flow that never got a notice) counts nothing. */
    public static BtsCounters of(SenderNotices[] notices) {
        BtsCounters sum = BtsCounters.NONE;
        for (SenderNotices n : notices) {
            if (n != null) {
                sum = sum.plus(new BtsCounters(0, 0, 0, n.received(), n.decreases(), n.retransmits(),
                        n.echoesIgnored(), n.secondNotices(), n.earlyRepeats()));
            }
        }
        return sum;
    }
}

package io.fabricemu.uet.cc;

/**
 * The reference loop's quick adapt ({@link NsccLoop}; htsim {@code UecSrc::quick_adapt}): once per period of
 * base RTT + target delay, if a loss was seen or an ACK reports a delay over 4 x target, and the bytes
 * acknowledged during the period are under MaxWnd / 2^gate, cwnd drops to those bytes (the rate the path
 * actually gave). The ECN-marked ACKs and the NACKs of the packets that were in flight at that moment are
 * then ignored, since they report the congestion the cut already answered.
 */
final class QuickAdapt {
    /** {@link #run}: nothing happened, the ACK goes on to the normal decision. */
    static final long NONE = -1;
    /** {@link #run}: the feedback is ignored (it predates the last quick adapt); no window change. */
    static final long IGNORED = -2;

    private final long targetDelayPs;
    private final int gate;
    private final long thresholdPs;
    private long periodPs;
    private long achievedLimitBytes;
    private long achievedBytes;
    private long periodEndPs;
    private boolean lossSeen;
    private long bytesToIgnore;
    private long bytesIgnored;

    QuickAdapt(long baseRttPs, long targetDelayPs, long maxWndBytes, int gate) {
        this.targetDelayPs = targetDelayPs;
        this.gate = gate;
        this.thresholdPs = 4 * targetDelayPs;
        rebase(baseRttPs, maxWndBytes);
    }

    /** The context learnt a shorter base RTT, and with it a smaller MaxWnd: periods start from the next one. */
    void rebase(long baseRttPs, long maxWndBytes) {
        this.periodPs = baseRttPs + targetDelayPs;
        this.achievedLimitBytes = maxWndBytes >> gate;
    }

    /** An ACK_CC reported {@code bytes} newly received. */
    void onAcked(long bytes) {
        achievedBytes += bytes;
        bytesIgnored += bytes;
    }

    /** A NACK took {@code bytes} out of flight: a loss, which arms quick adapt. */
    void onNacked(long bytes) {
        bytesIgnored += bytes;
        lossSeen = true;
    }

    /**
     * The check htsim makes on every ACK ({@code loss} false) and NACK ({@code loss} true, {@code marked}
     * true, delay 0) at {@code nowPs}.
     *
     * @return the window in bytes to set now (at least {@code minWindowBytes}), {@link #IGNORED} or {@link #NONE}
     */
    long run(long nowPs, boolean loss, boolean marked, long delayPs, long inflightBytes, long minWindowBytes) {
        if (bytesIgnored < bytesToIgnore && marked) {
            return IGNORED;
        }
        if (nowPs <= periodEndPs) {
            return NONE;
        }
        long result = NONE;
        if (periodEndPs != 0 && (lossSeen || loss || delayPs > thresholdPs) && achievedBytes < achievedLimitBytes) {
            result = Math.max(achievedBytes, minWindowBytes);
            bytesToIgnore = inflightBytes;
            bytesIgnored = 0;
            lossSeen = false;
        }
        achievedBytes = 0;
        periodEndPs = nowPs + periodPs;
        return result;
    }
}

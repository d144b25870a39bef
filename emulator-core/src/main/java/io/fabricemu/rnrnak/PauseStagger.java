package io.fabricemu.rnrnak;

import io.fabricemu.roce.RnrTimer;
import io.fabricemu.time.Ps;

/**
 * The pause each RNR NAK of one incast episode carries, distinct per QP so that the paused senders do not
 * all restart together and cause a second incast (the article on US 2025/0365235, step 3: "a unique pause
 * time, based on things like round-trip time"). Our default, a choice:
 * {@code pause_i = base + T_drain + rank_i x RTT_i x s}, where
 * T_drain is the time the port needs to send what it holds now (occupancy / port rate), rank_i the order in
 * which the QP was NACKed in the episode (0, 1, 2, ...), RTT_i the QP's base round trip and s the stagger
 * step ({@code staggerPercent / 100}).
 *
 * <p>Distinct stays distinct: with a stagger step above 0, each pause asked for is at least 1 ps longer
 * than the one before it in the episode (T_drain shrinks as the queue drains, which could otherwise undo
 * the rank's step). With the exact encoding that is what the NAK carries. With the IBTA 5-bit code the
 * pause is rounded up to the table ({@link RnrTimer}); when that would repeat a value already given in
 * the episode, the next larger table value is taken instead. The table is coarse and grows geometrically
 * (10, 20, 30, 40, 60, 80, 120 us ... 491.52 ms, then 655.36 ms), so each further QP of an episode climbs
 * one table step: the pauses soon reach milliseconds, and once the values above the episode's first pause
 * are used up, later QPs share the longest code (655.36 ms). Measured on the 32:1 incast
 * (rnr-nack-incast-32to1, a first pause asked of 0.42 ms): 22 distinct pauses from 0.48 ms up, and the
 * last 11 of the 32 QPs all at 655.36 ms. With a stagger step of 0 (the equal-pause ablation) nothing is
 * forced apart.
 */
final class PauseStagger {
    /**
     * The longest pause asked for, about 27 days: far past any run (runs stop within an hour of virtual time),
     * and short enough that the time it ends, its guard and the next pause's extra picosecond all fit a long.
     * A round trip of hours (links an hour long) times a rank and a stagger of up to 100 round trips passes
     * it.
     */
    static final long MAX_PAUSE_PS = Long.MAX_VALUE / 4;

    private final long basePs;
    private final int staggerPercent;
    private final RnrTimer.Encoding encoding;
    private final long rateBps;
    private int rank;
    private long lastAskedPs = -1;
    private long lastCarriedPs = -1;

    /** For a port sending at {@code rateBps}. */
    PauseStagger(long basePs, int staggerPercent, RnrTimer.Encoding encoding, long rateBps) {
        if (basePs < 0 || staggerPercent < 0 || rateBps <= 0) {
            throw new IllegalArgumentException("basePs " + basePs + ", staggerPercent " + staggerPercent
                    + " must be >= 0 and rateBps " + rateBps + " > 0");
        }
        this.basePs = basePs;
        this.staggerPercent = staggerPercent;
        this.encoding = encoding;
        this.rateBps = rateBps;
    }

    /** A new episode: ranks start again at 0. */
    void newEpisode() {
        rank = 0;
        lastAskedPs = -1;
        lastCarriedPs = -1;
    }

    /** The rank the next NAK of this episode gets. */
    int nextRank() {
        return rank;
    }

    /**
     * The pause the next NAK carries, in ps, for a port holding {@code occupancyBytes} and a QP whose base
     * round trip is {@code rttPs}; advances the rank.
     */
    long nextPausePs(long occupancyBytes, long rttPs) {
        long drainPs = Ps.serializationPs(occupancyBytes, rateBps);
        // rtt x percent / 100, split so that only a step past a long saturates:
        // (q x 100 + r) x p / 100 = q x p + r x p / 100
        long stepPs = Ps.plusSaturated(Ps.timesSaturated(rttPs / 100, staggerPercent),
                rttPs % 100 * staggerPercent / 100);
        long askedPs = Math.min(MAX_PAUSE_PS, Ps.plusSaturated(Ps.plusSaturated(basePs, drainPs),
                Ps.timesSaturated(stepPs, rank)));
        rank++;
        if (staggerPercent == 0) {
            return encoding.carriedPs(askedPs);
        }
        askedPs = Math.max(askedPs, lastAskedPs + 1);
        lastAskedPs = askedPs;
        long carriedPs = encoding.carriedPs(askedPs);
        if (carriedPs <= lastCarriedPs) {
            carriedPs = nextTableValueAbove(lastCarriedPs);
        }
        lastCarriedPs = carriedPs;
        return carriedPs;
    }

    /** The smallest IBTA table value above {@code ps}, or the longest one when none is. */
    private static long nextTableValueAbove(long ps) {
        long best = Long.MAX_VALUE;
        for (int code = 0; code < RnrTimer.CODES; code++) {
            long v = RnrTimer.ps(code);
            if (v > ps && v < best) {
                best = v;
            }
        }
        return best == Long.MAX_VALUE ? RnrTimer.ps(0) : best;
    }
}

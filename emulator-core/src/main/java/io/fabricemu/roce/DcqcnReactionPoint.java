package io.fabricemu.roce;

import io.fabricemu.time.Ps;
import java.util.Objects;

/**
 * The reaction point of DCQCN: the sender's rate limiter of one QP (Zhu et al., "Congestion Control for
 * Large-Scale RDMA Deployments", SIGCOMM 2015, section 3.1 and its Figure 7, the reaction point's state
 * machine).
 *
 * <h2>State</h2>
 * Current rate RC (what the QP sends at), target rate RT, and alpha, the estimate of how congested the path
 * is. A QP starts at line rate (RC = RT = line) with alpha = 1.
 *
 * <h2>Events</h2>
 * <ul>
 *   <li><b>CNP.</b> RT = RC; RC = RC (1 - alpha/2); alpha = (1 - g) alpha + g. The timer count T, the byte
 *       count BC and the bytes towards the next byte-counter event restart at 0, and both timers restart
 *       from now.
 *   <li><b>Alpha timer</b>, every K without a CNP: alpha = (1 - g) alpha.
 *   <li><b>Rate increase</b>, when the rate timer expires (every T since the last CNP: T counts one more) or
 *       when B more bytes have been sent (BC counts one more). Then, with the counts after this event:
 *       fast recovery while max(T, BC) &lt;= F (the first F events of either kind), RC = (RT + RC) / 2;
 *       hyper increase when min(T, BC) &gt; F, RT = RT + i R_HAI with i = min(T, BC) - F, then
 *       RC = (RT + RC) / 2; otherwise additive increase, RT = RT + R_AI, then RC = (RT + RC) / 2. RT and RC
 *       never exceed the line rate.
 * </ul>
 * Timer events are handled in time order whenever the caller passes a later time ({@link #advanceTo}); an
 * alpha event and a rate event at the same picosecond take the alpha event first.
 *
 * <h2>Arithmetic</h2>
 * Rates are {@code long} bits per second. RC (1 - alpha/2) is rounded down to a whole bit per second, as
 * are the averages (RT + RC) / 2; RC never falls below the minimum rate. Alpha is a {@code double}: Java's
 * double arithmetic is IEEE 754 and the same on every JVM, so the sequence is reproducible, and a double
 * keeps the paper's formulas as written (a fixed-point alpha would need its own rounding rule, and g = 1/256
 * would decay it to 0 within a few thousand steps).
 *
 * <h2>Companion mechanisms</h2>
 * {@link DcqcnCompanions} (off by default) adds the responsibility-scaled cut and the RTT+ECN
 * path-not-congested test of US 12,388,756. The test's period ends are a third timer: at one picosecond an
 * alpha event goes first, then a period end, then a rate event, so a rate event at the end of a clean
 * period is already a hyper increase. RTT samples come in through {@link #onRttSample}.
 *
 * <p>Plain and single-threaded; the caller passes virtual time in, never earlier than before.
 */
public final class DcqcnReactionPoint {
    private final DcqcnParams p;
    private final DcqcnCompanions companions;
    private final long expectedRttPs;
    private final long lineRateBps;
    private long rateBps;
    private long targetBps;
    private double alpha = 1.0;
    private int timerCount;
    private int byteCount;
    private long bytesTowardsEvent;
    private long nextRateTimerPs;
    private long nextAlphaTimerPs;
    private long nowPs;
    private long cnps;
    private long nextPeriodEndPs = Ps.NEVER;
    private long periodSamples;
    private boolean periodClean = true;
    private long clearPeriods;

    /** A QP that starts at {@code startPs}, at line rate. */
    public DcqcnReactionPoint(DcqcnParams params, long lineRateBps, long startPs) {
        this(params, lineRateBps, startPs, DcqcnCompanions.OFF);
    }

    /** As {@link #DcqcnReactionPoint(DcqcnParams, long, long)}, running the given companion mechanisms. */
    public DcqcnReactionPoint(DcqcnParams params, long lineRateBps, long startPs, DcqcnCompanions companions) {
        if (lineRateBps < params.minRateBps()) {
            throw new IllegalArgumentException("line rate " + lineRateBps + " below the minimum rate "
                    + params.minRateBps());
        }
        this.p = params;
        this.lineRateBps = lineRateBps;
        this.rateBps = lineRateBps;
        this.targetBps = lineRateBps;
        this.nowPs = startPs;
        this.nextRateTimerPs = startPs + params.rateTimerPs();
        this.nextAlphaTimerPs = startPs + params.alphaTimerPs();
        this.companions = Objects.requireNonNull(companions, "companions");
        if (companions.pathCheck()) {
            this.expectedRttPs = companions.expectedRttPs(lineRateBps);
            this.nextPeriodEndPs = startPs + companions.pathCheckPeriodPs();
        } else {
            this.expectedRttPs = Ps.NEVER;
        }
    }

    /** Handles every timer event up to and including {@code timePs}. */
    public void advanceTo(long timePs) {
        if (timePs < nowPs) {
            throw new IllegalArgumentException("time went back from " + nowPs + " to " + timePs);
        }
        while (Math.min(Math.min(nextAlphaTimerPs, nextRateTimerPs), nextPeriodEndPs) <= timePs) {
            if (nextAlphaTimerPs <= nextRateTimerPs && nextAlphaTimerPs <= nextPeriodEndPs) {
                alpha = (1 - p.g()) * alpha;
                nextAlphaTimerPs += p.alphaTimerPs();
            } else if (nextPeriodEndPs <= nextRateTimerPs) {
                endPeriod();
                nextPeriodEndPs += companions.pathCheckPeriodPs();
            } else {
                timerCount = saturatedIncrement(timerCount);
                increase();
                nextRateTimerPs += p.rateTimerPs();
            }
        }
        nowPs = timePs;
    }

    /** A CNP for this QP arrived at {@code timePs}. */
    public void onCnp(long timePs) {
        advanceTo(timePs);
        cnps++;
        periodClean = false;
        targetBps = rateBps;
        rateBps = Math.max(p.minRateBps(), cutRateBps());
        alpha = (1 - p.g()) * alpha + p.g();
        timerCount = 0;
        byteCount = 0;
        bytesTowardsEvent = 0;
        nextRateTimerPs = timePs + p.rateTimerPs();
        nextAlphaTimerPs = timePs + p.alphaTimerPs();
    }

    /** The QP started sending {@code bytes} (wire bytes) at {@code timePs}. */
    public void onSent(long bytes, long timePs) {
        advanceTo(timePs);
        bytesTowardsEvent += bytes;
        while (bytesTowardsEvent >= p.byteCounterBytes()) {
            bytesTowardsEvent -= p.byteCounterBytes();
            byteCount = saturatedIncrement(byteCount);
            increase();
        }
    }

    /**
     * RC after a CNP's cut, before the minimum-rate floor: {@code RC (1 - alpha/2)}, or with responsibility
     * scaling {@code RC (1 - alpha/2 x RC/line)}. Every rate decrease is sized here.
     */
    private long cutRateBps() {
        if (!companions.responsibilityScaled()) {
            return (long) Math.floor(rateBps * (1 - alpha / 2));
        }
        return (long) Math.floor(rateBps * (1 - alpha / 2 * ((double) rateBps / lineRateBps)));
    }

    /**
     * An ACK came back at {@code timePs} after a round trip of {@code rttPs} (its arrival less the send time
     * of the packet it acknowledges). Counts towards the path-not-congested test; ignored when it is off.
     */
    public void onRttSample(long rttPs, long timePs) {
        if (!companions.pathCheck()) {
            return;
        }
        advanceTo(timePs);
        periodSamples++;
        if (rttPs > expectedRttPs) {
            periodClean = false;
        }
    }

    /** The end of a test period: a clean one with samples jumps to hyper increase; the next one starts afresh. */
    private void endPeriod() {
        if (periodClean && periodSamples > 0) {
            clearPeriods++;
            int hyper = p.fastRecoverySteps() + 1;
            timerCount = Math.max(timerCount, hyper);
            byteCount = Math.max(byteCount, hyper);
        }
        periodSamples = 0;
        periodClean = true;
    }

    /** Periods the path-not-congested test passed so far. */
    public long clearPeriods() {
        return clearPeriods;
    }

    private void increase() {
        int f = p.fastRecoverySteps();
        if (Math.max(timerCount, byteCount) > f) {
            int least = Math.min(timerCount, byteCount);
            if (least > f) {
                // i x R_HAI passes a long once i does 9.2 x 10^18 / R_HAI (92,234 at 100 Tb/s): the target stops at
                // line rate anyway, so more steps than that room holds go straight to it.
                long steps = least - f;
                long roomSteps = (lineRateBps - targetBps) / p.rateHaiBps();
                targetBps = steps > roomSteps ? lineRateBps : targetBps + steps * p.rateHaiBps();
            } else {
                targetBps = Math.min(lineRateBps, targetBps + p.rateAiBps());
            }
        }
        rateBps = Math.min(lineRateBps, (targetBps + rateBps) / 2);
    }

    private static int saturatedIncrement(int count) {
        return count == Integer.MAX_VALUE ? count : count + 1;
    }

    /** The current rate RC, in bits per second, as of the last time passed in. */
    public long rateBps() {
        return rateBps;
    }

    /** The target rate RT. */
    public long targetBps() {
        return targetBps;
    }

    public double alpha() {
        return alpha;
    }

    /** CNPs received. */
    public long cnps() {
        return cnps;
    }

    /** The earliest time {@code bytes} started at {@code startPs} let the next packet start, at the current rate. */
    public long nextStartPs(long startPs, long bytes) {
        return startPs + Ps.serializationPs(bytes, rateBps);
    }
}

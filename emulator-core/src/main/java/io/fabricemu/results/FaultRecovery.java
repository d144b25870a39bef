package io.fabricemu.results;

import io.fabricemu.time.Ps;
import java.math.BigInteger;

/**
 * How long after a fault the fabric's aggregate goodput was back near its level before the fault, on the sampling
 * grid of the run's time series ({@link TimeSeries#deliveredBytes}: payload delivered so far, all flows, at each
 * tick {@code i x interval}).
 *
 * <p>The level before is the mean goodput from the start of traffic to the fault: from the last tick before the
 * first delivery (or tick 0) to the last tick at or before the fault, at least one whole interval. Goodput is back
 * at the end of the first whole interval that starts at or after the fault and from which it stays at 95% of that
 * mean or more (within {@value #WITHIN_PERCENT}% below it) for {@value #HOLD_INTERVALS} intervals, or for as many
 * as the traffic lasts (the interval of the last delivery, which a finishing workload leaves short, is held to
 * nothing): goodput that comes back for a moment and falls again, as it does when the timeouts of the flows a
 * fault touched fire one after the other, is not back yet. The time reported runs from the fault to that
 * interval's end, so it is an upper bound, up to two intervals above the true time (a fault that cost nothing
 * reads one or two intervals). Exact integer arithmetic: the same series give the same answer.
 */
final class FaultRecovery {
    /** How far below its level before the fault goodput may be and count as back, in percent. */
    static final int WITHIN_PERCENT = 5;
    /** How many intervals in a row goodput must stay back for. */
    static final int HOLD_INTERVALS = 5;

    private FaultRecovery() {
    }

    /**
     * @param deliveredBytes payload delivered so far at each tick (empty when the run was not sampled)
     * @param intervalPs     the ticks' spacing
     * @param faultPs        the fault's time
     */
    static Recovery of(long[] deliveredBytes, long intervalPs, long faultPs) {
        int points = deliveredBytes.length;
        if (points == 0 || intervalPs <= 0) {
            return new Recovery.Unmeasured("the run was not sampled over virtual time (sampling: {interval: off})");
        }
        if (faultPs == 0) {
            return new Recovery.Unmeasured("the fault is at time 0: there was no goodput before it to return to");
        }
        long lastTick = (long) (points - 1) * intervalPs;
        int before = (int) Math.min(points - 1, faultPs / intervalPs);
        int firstDelivery = -1;
        for (int i = 0; i <= before && firstDelivery < 0; i++) {
            if (deliveredBytes[i] > 0) {
                firstDelivery = i;
            }
        }
        if (firstDelivery < 0) {
            return new Recovery.Unmeasured("nothing was delivered by the last sample before the fault");
        }
        int from = Math.max(0, firstDelivery - 1);
        int intervals = before - from;
        if (intervals < 1) {
            return new Recovery.Unmeasured("no whole sampling interval (" + Ps.format(intervalPs)
                    + ") with traffic lies before the fault");
        }
        long levelBytes = deliveredBytes[before] - deliveredBytes[from];
        long levelBps = Summary.bitsPerSecond(levelBytes, intervals * intervalPs);
        long firstTickAfter = (faultPs + intervalPs - 1) / intervalPs;
        if (faultPs > lastTick || firstTickAfter + 1 > points - 1) {
            return new Recovery.Unmeasured("the run's samples end before a whole interval after the fault");
        }
        // interval m runs from tick m - 1 to tick m; back when its bytes x 100 x intervals >= (100 - 5) x levelBytes
        BigInteger need = BigInteger.valueOf(levelBytes).multiply(BigInteger.valueOf(100 - WITHIN_PERCENT));
        BigInteger scale = BigInteger.valueOf(100L * intervals);
        int lastDelivery = points - 1;
        while (lastDelivery > 0 && deliveredBytes[lastDelivery] == deliveredBytes[lastDelivery - 1]) {
            lastDelivery--;
        }
        for (int m = (int) firstTickAfter + 1; m < points; m++) {
            int holdUntil = Math.max(m, Math.min(m + HOLD_INTERVALS - 1, lastDelivery - 1));
            boolean held = holdUntil < points;
            for (int k = m; k <= holdUntil && held; k++) {
                held = back(deliveredBytes[k] - deliveredBytes[k - 1], scale, need);
            }
            if (held) {
                return new Recovery.Back((long) m * intervalPs - faultPs, levelBps);
            }
        }
        return new Recovery.NotBack(levelBps);
    }

    /** Whether an interval that delivered {@code bytes} is within the bar: bytes x scale &gt;= need. */
    private static boolean back(long bytes, BigInteger scale, BigInteger need) {
        return BigInteger.valueOf(bytes).multiply(scale).compareTo(need) >= 0;
    }
}

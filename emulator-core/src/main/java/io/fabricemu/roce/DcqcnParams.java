package io.fabricemu.roce;

import io.fabricemu.time.Ps;

/**
 * The constants of DCQCN (Zhu et al., "Congestion Control for Large-Scale RDMA Deployments", SIGCOMM 2015).
 *
 * @param g                    gain of the alpha estimate, 0 &lt; g &lt;= 1
 * @param rateAiBps            additive increase step R_AI
 * @param rateHaiBps           hyper increase step R_HAI
 * @param rateTimerPs          period T of the rate increase timer
 * @param byteCounterBytes     bytes B sent between byte-counter rate increase events
 * @param fastRecoverySteps    F: rate increase events of each kind counted before additive increase starts
 * @param alphaTimerPs         period K of the alpha decay, without CNPs
 * @param cnpIntervalPs        N: the notification point sends at most one CNP per QP in this time
 * @param minRateBps           the rate never falls below this
 */
public record DcqcnParams(double g, long rateAiBps, long rateHaiBps, long rateTimerPs, long byteCounterBytes,
                          int fastRecoverySteps, long alphaTimerPs, long cnpIntervalPs, long minRateBps) {
    public DcqcnParams {
        if (!(g > 0 && g <= 1)) {
            throw new IllegalArgumentException("g must be in (0, 1], was " + g);
        }
        if (rateAiBps <= 0 || rateHaiBps <= 0 || rateTimerPs <= 0 || byteCounterBytes <= 0 || fastRecoverySteps <= 0
                || alphaTimerPs <= 0 || cnpIntervalPs < 0 || minRateBps <= 0) {
            throw new IllegalArgumentException("rateAiBps " + rateAiBps + ", rateHaiBps " + rateHaiBps
                    + ", rateTimerPs " + rateTimerPs + ", byteCounterBytes " + byteCounterBytes
                    + ", fastRecoverySteps " + fastRecoverySteps + ", alphaTimerPs " + alphaTimerPs
                    + " and minRateBps " + minRateBps + " must be > 0, cnpIntervalPs " + cnpIntervalPs + " >= 0");
        }
    }

    /**
     * g = 1/256, timer T = 55 us, byte counter B = 10 MB, F = 5, alpha period K = 55 us and the CNP interval
     * N = 50 us are the values the DCQCN paper recommends and deployed; R_AI = 20 Mb/s and R_HAI = 200 Mb/s
     * are the steps the HPCC authors' simulation/run.py sets for 100 Gb/s hosts (ai = 5 x bw / 25 and
     * hai = 50 x bw / 25, in Mb/s). The minimum rate, 100 Mb/s, and g are also those of that public ns-3
     * DCQCN (alibaba-edu/High-Precision-Congestion-Control, mix/config_doc.txt: MIN_RATE 100Mb/s, EWMA_GAIN
     * 0.00390625), which also sets the 100 Gb/s marking ramp used with it here (Kmin 400 KB, Kmax 1,600 KB,
     * Pmax 0.2); the paper names no minimum rate.
     */
    public static DcqcnParams defaults() {
        return new DcqcnParams(1.0 / 256, 20_000_000L, 200_000_000L, 55 * Ps.PER_US, 10_000_000L, 5,
                55 * Ps.PER_US, 50 * Ps.PER_US, 100_000_000L);
    }
}

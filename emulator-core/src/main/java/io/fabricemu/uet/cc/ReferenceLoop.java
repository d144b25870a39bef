package io.fabricemu.uet.cc;

import java.util.Objects;

/**
 * The settings of NSCC's reference loop ({@link ReferenceNscc}): in it increases are summed and applied in
 * batches ({@link AdjustmentBatch}), the decrease is sized by an exponentially averaged queuing delay
 * ({@link DelayAverage}), and a loss or a very late ACK sets cwnd to the bytes achieved in the last round trip
 * ({@link QuickAdapt}). Fields holding {@link #DERIVE} are computed from the path by {@link #resolve(NsccParams)},
 * the way htsim's {@code initNsccParams} computes them, with {@code a = BDP / Base_BDP} (Base_BDP 150,000 B =
 * 100 Gb/s x 12 us).
 *
 * @param quickAdapt            run quick adapt (htsim: {@code !_disable_quick_adapt})
 * @param quickAdaptGate        quick adapt runs only if the bytes achieved are below MaxWnd / 2^gate (htsim
 *                              {@code _qa_gate}, default 3)
 * @param delayAverageDivisor   the delay average moves 1/divisor of the way to each sample (htsim
 *                              {@code _delay_alpha} = 0.0125 = 1/80)
 * @param fairIncreaseBytes     fair increase adds this per window of ACKs (htsim {@code _fi} = 5 x MTU x a)
 * @param etaBytes              added once per adjustment period (htsim {@code _eta} = 0.15 x MTU x a)
 * @param adjustBytes           a batch is applied once more than this many bytes were acknowledged (htsim
 *                              {@code _adjust_bytes_threshold} = 8 x MTU) ...
 * @param adjustPeriodPs        ... or this long after the last eta step (htsim {@code _adjust_period_threshold}
 *                              = the network's base RTT)
 * @param decreaseGammaPercent  a decrease multiplies cwnd by {@code 1 - gamma x (avg - target) / avg}, here in
 *                              percent (htsim {@code _gamma} = 0.8: 80), capped by
 *                              {@link NsccParams#maxDecreasePer1024()} (htsim: at most half)
 * @param learnBaseRtt          whether ACKs and NACKs lower the context's base RTT to the shortest round trip
 *                              seen (htsim {@code update_base_rtt}, which learns from both); off by default
 */
public record ReferenceLoop(boolean quickAdapt, int quickAdaptGate, int delayAverageDivisor, long fairIncreaseBytes,
                            long etaBytes, long adjustBytes, long adjustPeriodPs, int decreaseGammaPercent,
                            BaseRttLearning learnBaseRtt) implements NsccLoop {
    /** A field value that {@link #resolve} derives from the path. */
    public static final long DERIVE = -1;
    /** The largest {@code quickAdaptGate}: MaxWnd / 2^20 is already below one packet for any real path. */
    public static final int MAX_QUICK_ADAPT_GATE = 20;
    /** The largest {@code delayAverageDivisor}. */
    public static final int MAX_DELAY_AVERAGE_DIVISOR = 1 << 16;

    public ReferenceLoop {
        Objects.requireNonNull(learnBaseRtt, "learnBaseRtt");
        if (quickAdaptGate < 0 || quickAdaptGate > MAX_QUICK_ADAPT_GATE) {
            throw new IllegalArgumentException("quickAdaptGate must lie in [0, " + MAX_QUICK_ADAPT_GATE + "], was "
                    + quickAdaptGate);
        }
        if (delayAverageDivisor < 1 || delayAverageDivisor > MAX_DELAY_AVERAGE_DIVISOR) {
            throw new IllegalArgumentException("delayAverageDivisor must lie in [1, " + MAX_DELAY_AVERAGE_DIVISOR
                    + "], was " + delayAverageDivisor);
        }
        deriveOrAtLeast("fairIncreaseBytes", fairIncreaseBytes, 0, NsccParams.MAX_WINDOW_BYTES);
        deriveOrAtLeast("etaBytes", etaBytes, 0, NsccParams.MAX_WINDOW_BYTES);
        deriveOrAtLeast("adjustBytes", adjustBytes, 0, NsccParams.MAX_WINDOW_BYTES);
        deriveOrAtLeast("adjustPeriodPs", adjustPeriodPs, 1, NsccParams.MAX_BASE_RTT_PS);
        if (decreaseGammaPercent < 0 || decreaseGammaPercent > 100) {
            throw new IllegalArgumentException("decreaseGammaPercent must lie in [0, 100], was "
                    + decreaseGammaPercent);
        }
    }

    @Override
    public ReferenceNscc create(NsccParams params, NsccCompanions companions) {
        return new ReferenceNscc(params, companions, this);
    }

    /**
     * These settings with every {@link #DERIVE} replaced for {@code p}'s path: 100 Gb/s, 6 us and 4,096 B make
     * a = 0.5, so fair increase 10,240 B, eta 307 B (0.15 x 4,096 x 0.5 = 307.2, rounded down), batches of
     * 32,768 B or 6 us.
     */
    public ReferenceLoop resolve(NsccParams p) {
        long mtu = p.mtuBytes();
        long fi = fairIncreaseBytes != DERIVE ? fairIncreaseBytes
                : Wide.mulDiv(5 * mtu, p.bdpBytes(), p.baseBdpBytes());
        long eta = etaBytes != DERIVE ? etaBytes : Wide.mulDiv(15 * mtu, p.bdpBytes(), 100 * p.baseBdpBytes());
        long adjust = adjustBytes != DERIVE ? adjustBytes : 8 * mtu;
        long period = adjustPeriodPs != DERIVE ? adjustPeriodPs : p.baseRttPs();
        return new ReferenceLoop(quickAdapt, quickAdaptGate, delayAverageDivisor,
                Math.min(fi, NsccParams.MAX_WINDOW_BYTES), Math.min(eta, NsccParams.MAX_WINDOW_BYTES),
                Math.min(adjust, NsccParams.MAX_WINDOW_BYTES), period, decreaseGammaPercent, learnBaseRtt);
    }

    private static void deriveOrAtLeast(String field, long value, long min, long max) {
        if (value != DERIVE && (value < min || value > max)) {
            throw new IllegalArgumentException(field + " must lie in [" + min + ", " + max + "] (or be derived), was "
                    + value);
        }
    }
}

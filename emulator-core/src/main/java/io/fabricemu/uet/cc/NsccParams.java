package io.fabricemu.uet.cc;

import io.fabricemu.time.Ps;
import java.math.BigInteger;

/**
 * Configuration of one NSCC congestion control context (CCC), validated on construction. Most callers want
 * {@link #defaults(long, long, int)} and a wither or two.
 *
 * <p>Path constants (UE 1.0, NSCC; "Calculating Initial CWND", Figure 6-7, in "Ultra Ethernet: Congestion
 * Control Context", nwktimes.blogspot.com): {@link #bdpBytes()} is the slower of
 * the two endpoint links times config_base_rtt, {@link #maxWndBytes()} is that times the MaxWnd factor
 * (1.5), {@link #targetDelayPs()} is the queuing delay NSCC steers towards: config_base_rtt with packet
 * trimming, 0.75 x config_base_rtt without (the blog's NSCC overview, "The Overview of the NSCC Control Loop").
 *
 * <p>The tuning constants default to those of the Ultra Ethernet Consortium's htsim model of NSCC
 * ({@code UecSrc::initNsccParams} in {@code htsim/sim/uec.cpp}), which scales each one from a reference
 * network of 100 Gb/s and 12 us (Base_BDP 150,000 B) by {@code a = BDP / Base_BDP} and
 * {@code b = target delay / 12 us}.
 *
 * @param linkRateBps             min(sender link, receiver link), bits per second
 * @param baseRttPs               config_base_rtt: zero-load round trip of the longest path ({@link BaseRtt})
 * @param baseBdpBytes            fabric-wide Base_BDP of the fair-increase step, the same for every CCC so
 *                                that NICs of any speed gain the same bytes per round trip (default 150,000 =
 *                                100 Gb/s x 12 us)
 * @param scalingFactor           fair increase adds {@code baseBdpBytes / scalingFactor} per window of ACKs;
 *                                a power of two, at most 65,536 so the step is exact in {@link Nscc}'s fixed
 *                                point (default 1,024: 146.484375 B)
 * @param maxWndNumerator         MaxWnd = BDP x numerator / denominator (default 3/2)
 * @param maxWndDenominator       see {@code maxWndNumerator}
 * @param initialWindowBytes      cwnd when the CCC becomes READY; 1 x BDP is ideal, a few MTUs guard against
 *                                first-round-trip incast
 * @param minWindowBytes          floor of cwnd (one MTU by default)
 * @param mtuBytes                payload bytes of a full packet
 * @param trimming                the fabric trims instead of dropping, which moves the target delay from 0.75
 *                                x to 1 x config_base_rtt
 * @param proportionalGainBytes   proportional increase over one window of ACKs at zero queuing delay; it falls
 *                                linearly to 0 at the target (htsim: alpha = 4 x a x b x MTU / target, so 4
 *                                x a x b MTUs per window)
 * @param fastIncreaseThresholdPs a queuing delay below this counts as an empty path for fast increase
 *                                (htsim: 1 us, capped here at the target)
 * @param fastIncreaseGainPer1024 fast increase adds this many 1/1024ths of every acknowledged byte
 *                                (htsim fi_scale: 0.25 x a, i.e. 256 x a)
 * @param decreaseGainPer1024     multiplicative decrease removes this share, in 1/1024ths, of the cut that
 *                                would drain the queue exactly to the target (default 1,024: all of it)
 * @param maxDecreasePer1024      the most one decrease may remove, in 1/1024ths of cwnd (htsim: 0.5, 512)
 */
public record NsccParams(long linkRateBps, long baseRttPs, long baseBdpBytes, int scalingFactor,
                         int maxWndNumerator, int maxWndDenominator, long initialWindowBytes,
                         long minWindowBytes, int mtuBytes, boolean trimming, long proportionalGainBytes,
                         long fastIncreaseThresholdPs, int fastIncreaseGainPer1024, int decreaseGainPer1024,
                         int maxDecreasePer1024) {

    /** Base_BDP of the blog's Figure 6-8 and htsim's reference network: 100 Gb/s x 12 us. */
    public static final long DEFAULT_BASE_BDP_BYTES = 150_000;
    /** The reference network's round trip, against which htsim scales the target delay (its "b"). */
    public static final long REFERENCE_RTT_PS = 12 * Ps.PER_US;
    /** The scaling factor of the blog's Figure 6-8. */
    public static final int DEFAULT_SCALING_FACTOR = 1024;
    /** The largest scaling factor whose step {@link Nscc} holds exactly (its fixed point is 1/65,536 B). */
    public static final int MAX_SCALING_FACTOR = 1 << 16;
    /** htsim's fast-increase tolerance: a queuing delay under 1 us counts as none. */
    public static final long DEFAULT_FAST_INCREASE_THRESHOLD_PS = Ps.PER_US;
    /** Denominator of the {@code ...Per1024} gains. */
    public static final int PER_1024 = 1024;
    /** Bounds that keep every product in {@link Nscc} far from overflow. */
    public static final long MAX_LINK_RATE_BPS = 1_000_000_000_000_000L;
    public static final long MAX_BASE_RTT_PS = Ps.PER_S;
    public static final long MAX_WINDOW_BYTES = 1L << 40;

    public NsccParams {
        positive("linkRateBps", linkRateBps);
        atMost("linkRateBps", linkRateBps, MAX_LINK_RATE_BPS);
        positive("baseRttPs", baseRttPs);
        atMost("baseRttPs", baseRttPs, MAX_BASE_RTT_PS);
        positive("baseBdpBytes", baseBdpBytes);
        atMost("baseBdpBytes", baseBdpBytes, MAX_WINDOW_BYTES);
        if (scalingFactor <= 0 || Integer.bitCount(scalingFactor) != 1 || scalingFactor > MAX_SCALING_FACTOR) {
            throw new IllegalArgumentException("scalingFactor must be a power of two in [1, " + MAX_SCALING_FACTOR
                    + "], was " + scalingFactor);
        }
        positive("maxWndNumerator", maxWndNumerator);
        positive("maxWndDenominator", maxWndDenominator);
        positive("mtuBytes", mtuBytes);
        positive("minWindowBytes", minWindowBytes);
        long bdp = bdpBytes(linkRateBps, baseRttPs);
        if (bdp <= 0) {
            throw new IllegalArgumentException("linkRateBps x baseRttPs must make a BDP of at least one byte, was "
                    + linkRateBps + " b/s x " + baseRttPs + " ps");
        }
        long maxWnd = Wide.mulDiv(bdp, maxWndNumerator, maxWndDenominator);
        if (maxWnd > MAX_WINDOW_BYTES) {
            throw new IllegalArgumentException("maxWndBytes must be at most " + MAX_WINDOW_BYTES + ", was " + maxWnd
                    + " (maxWndNumerator / maxWndDenominator too large)");
        }
        if (minWindowBytes > maxWnd) {
            throw new IllegalArgumentException("minWindowBytes " + minWindowBytes + " must not exceed maxWndBytes "
                    + maxWnd);
        }
        if (initialWindowBytes < minWindowBytes || initialWindowBytes > maxWnd) {
            throw new IllegalArgumentException("initialWindowBytes must lie in [minWindowBytes " + minWindowBytes
                    + ", maxWndBytes " + maxWnd + "], was " + initialWindowBytes);
        }
        if (proportionalGainBytes < 0 || proportionalGainBytes > MAX_WINDOW_BYTES) {
            throw new IllegalArgumentException("proportionalGainBytes must lie in [0, " + MAX_WINDOW_BYTES
                    + "], was " + proportionalGainBytes);
        }
        long target = targetDelayPs(baseRttPs, trimming);
        if (fastIncreaseThresholdPs < 0 || fastIncreaseThresholdPs > target) {
            throw new IllegalArgumentException("fastIncreaseThresholdPs must lie in [0, targetDelayPs " + target
                    + "], was " + fastIncreaseThresholdPs);
        }
        per1024("fastIncreaseGainPer1024", fastIncreaseGainPer1024);
        per1024("decreaseGainPer1024", decreaseGainPer1024);
        per1024("maxDecreasePer1024", maxDecreasePer1024);
    }

    /**
     * Parameters for a path of {@code linkRateBps} (the slower endpoint) and {@code baseRttPs}, with MTU
     * packets: initial window 1 x BDP, floor one MTU, MaxWnd 1.5 x BDP, Base_BDP 150,000 B, scaling factor
     * 1,024, no trimming (the conservative 0.75 x base RTT target), and htsim's tuning constants scaled to
     * the path. 100 Gb/s, 6 us, 4,096 B gives BDP 75,000 B, MaxWnd 112,500 B, target 4.5 us, proportional
     * gain 3,072 B (4 x 0.5 x 0.375 MTUs) and fast-increase gain 128/1024.
     */
    public static NsccParams defaults(long linkRateBps, long baseRttPs, int mtuBytes) {
        positive("linkRateBps", linkRateBps);
        atMost("linkRateBps", linkRateBps, MAX_LINK_RATE_BPS);
        positive("baseRttPs", baseRttPs);
        atMost("baseRttPs", baseRttPs, MAX_BASE_RTT_PS);
        positive("mtuBytes", mtuBytes);
        boolean trimming = false;
        long bdp = bdpBytes(linkRateBps, baseRttPs);
        long target = targetDelayPs(baseRttPs, trimming);
        // htsim: alpha x target = 4 x a x b x MTU with a = BDP / Base_BDP and b = target / 12 us.
        long proportionalGain = BigInteger.valueOf(4L * mtuBytes).multiply(BigInteger.valueOf(bdp))
                .multiply(BigInteger.valueOf(target))
                .divide(BigInteger.valueOf(DEFAULT_BASE_BDP_BYTES).multiply(BigInteger.valueOf(REFERENCE_RTT_PS)))
                .min(BigInteger.valueOf(MAX_WINDOW_BYTES)).longValueExact();
        // htsim: fi_scale = 0.25 x a, here in 1/1024ths, at least 1 and at most 1,024 (doubling per window).
        long fastGain = Math.max(1, Math.min(PER_1024, Wide.mulDiv(PER_1024 / 4, bdp, DEFAULT_BASE_BDP_BYTES)));
        return new NsccParams(linkRateBps, baseRttPs, DEFAULT_BASE_BDP_BYTES, DEFAULT_SCALING_FACTOR, 3, 2, bdp,
                mtuBytes, mtuBytes, trimming, proportionalGain,
                Math.min(DEFAULT_FAST_INCREASE_THRESHOLD_PS, target), (int) fastGain, PER_1024, PER_1024 / 2);
    }

    /** min(sender, receiver) rate in bytes per second x config_base_rtt, rounded down: 100 Gb/s x 6 us = 75,000 B. */
    public long bdpBytes() {
        return bdpBytes(linkRateBps, baseRttPs);
    }

    /** BDP x the MaxWnd factor, rounded down: 1.5 x 75,000 = 112,500 B. cwnd never exceeds it. */
    public long maxWndBytes() {
        return Wide.mulDiv(bdpBytes(), maxWndNumerator, maxWndDenominator);
    }

    /** MaxWnd for a path whose base RTT is {@code baseRttPs} instead of config_base_rtt. */
    public long maxWndBytesAt(long baseRttPs) {
        return Wide.mulDiv(bdpBytes(linkRateBps, baseRttPs), maxWndNumerator, maxWndDenominator);
    }

    /** The queuing delay NSCC aims at, in ps: base RTT with trimming, 3/4 of it (rounded down) without. */
    public long targetDelayPs() {
        return targetDelayPs(baseRttPs, trimming);
    }

    /** These parameters with another initial window. */
    public NsccParams withInitialWindowBytes(long bytes) {
        return new NsccParams(linkRateBps, baseRttPs, baseBdpBytes, scalingFactor, maxWndNumerator,
                maxWndDenominator, bytes, minWindowBytes, mtuBytes, trimming, proportionalGainBytes,
                fastIncreaseThresholdPs, fastIncreaseGainPer1024, decreaseGainPer1024, maxDecreasePer1024);
    }

    /** These parameters with another floor. */
    public NsccParams withMinWindowBytes(long bytes) {
        return new NsccParams(linkRateBps, baseRttPs, baseBdpBytes, scalingFactor, maxWndNumerator,
                maxWndDenominator, initialWindowBytes, bytes, mtuBytes, trimming, proportionalGainBytes,
                fastIncreaseThresholdPs, fastIncreaseGainPer1024, decreaseGainPer1024, maxDecreasePer1024);
    }

    /** These parameters with another scaling factor (the other constants are left as they are). */
    public NsccParams withScalingFactor(int factor) {
        return new NsccParams(linkRateBps, baseRttPs, baseBdpBytes, factor, maxWndNumerator, maxWndDenominator,
                initialWindowBytes, minWindowBytes, mtuBytes, trimming, proportionalGainBytes,
                fastIncreaseThresholdPs, fastIncreaseGainPer1024, decreaseGainPer1024, maxDecreasePer1024);
    }

    /** These parameters with trimming on or off, which moves the target (the other constants stay). */
    public NsccParams withTrimming(boolean on) {
        return new NsccParams(linkRateBps, baseRttPs, baseBdpBytes, scalingFactor, maxWndNumerator,
                maxWndDenominator, initialWindowBytes, minWindowBytes, mtuBytes, on, proportionalGainBytes,
                fastIncreaseThresholdPs, fastIncreaseGainPer1024, decreaseGainPer1024, maxDecreasePer1024);
    }

    private static long bdpBytes(long linkRateBps, long baseRttPs) {
        return Wide.mulDiv(linkRateBps, baseRttPs, 8 * Ps.PER_S);
    }

    private static long targetDelayPs(long baseRttPs, boolean trimming) {
        return trimming ? baseRttPs : Wide.mulDiv(baseRttPs, 3, 4);
    }

    private static void positive(String field, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + " must be > 0, was " + value);
        }
    }

    private static void atMost(String field, long value, long max) {
        if (value > max) {
            throw new IllegalArgumentException(field + " must be at most " + max + ", was " + value);
        }
    }

    private static void per1024(String field, int value) {
        if (value < 0 || value > PER_1024) {
            throw new IllegalArgumentException(field + " must lie in [0, " + PER_1024 + "], was " + value);
        }
    }
}

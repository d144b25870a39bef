package io.fabricemu.uet.cc;

/**
 * The optional companion mechanisms of U.S. Patent 12,388,756 that an {@link Nscc}
 * context may run on top of UET NSCC; each is off unless its parameters are given, and with all of them off
 * NSCC behaves exactly as without this record ({@link #OFF}).
 *
 * @param pathNotCongested     the RTT+ECN "path not congested" test and the faster increase it allows
 *                             (paragraphs (41)-(52)), or null for off
 * @param responsibilityScaled multiply every congestion decrease (ECN and NACK) by {@code cwnd / BDP}
 *                             (paragraphs (86)-(97))
 * @param ewmaGate             gate decreases on a per-connection EWMA of the congestion signal (paragraphs
 *                             (98)-(108)), or null for off
 * @param pathGate             gate decreases on the share of congested paths (paragraphs (109)-(118)), or null
 *                             for off
 */
public record NsccCompanions(PathNotCongested.Params pathNotCongested, boolean responsibilityScaled,
                             CongestionEwma.Params ewmaGate, CongestedPaths.Params pathGate) {
    /** Every mechanism off: plain NSCC. */
    public static final NsccCompanions OFF = new NsccCompanions(null, false, null, null);

    /** Whether any mechanism is on. */
    public boolean any() {
        return pathNotCongested != null || responsibilityScaled || ewmaGate != null || pathGate != null;
    }
}

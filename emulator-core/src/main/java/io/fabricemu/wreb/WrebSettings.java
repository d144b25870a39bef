package io.fabricemu.wreb;

import java.util.Objects;

/**
 * Weighted random early back-to-sender (WREB) as every switch of a fabric runs it (U.S. Patent 12,388,756,
 * claims 1-20).
 *
 * @param enabled       whether switches send notices at all
 * @param profile       the notice probability by congestion level; ignored with {@code sharedWithEcn}
 * @param level         how the congestion level is formed from occupancy and gradient
 * @param evalPoint     where the draw happens
 * @param sharedWithEcn one draw decides both the CE mark and the notice, on the class queue's ECN ramp (a
 *                      class without a ramp sends no early notices; drops still make one)
 * @param earlyEcnBit   the ECN bit an early notice carries (paragraph (14) allows either polarity): 0 by default, so
 *                      a later drop notice for the same packet, which carries the packet's CE bit as it was,
 *                      carries 1; with 1 both are inverted
 * @param btsBytes      size of a notice on the wire (header only); 0 until resolved to the transport's header
 *                      size ({@link #withBtsBytes})
 */
public record WrebSettings(boolean enabled, WrebProfile profile, LevelWeights level, EvalPoint evalPoint,
                           boolean sharedWithEcn, int earlyEcnBit, int btsBytes) {
    /** Our example for a 100 Gb/s port (the patent gives no thresholds): Kmin 50 KB, Kmax 250 KB, Pmax 0.1. */
    public static final LinearProfile DEFAULT_PROFILE = new LinearProfile(50_000, 250_000, 100_000);
    /** No notices. */
    public static final WrebSettings OFF = new WrebSettings(false, DEFAULT_PROFILE, LevelWeights.QUEUE,
            EvalPoint.ENQUEUE, false, 0, 0);

    public WrebSettings {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(evalPoint, "evalPoint");
        if (earlyEcnBit != 0 && earlyEcnBit != 1) {
            throw new IllegalArgumentException("duplicatePolarity must be 0 or 1, was " + earlyEcnBit);
        }
        if (btsBytes < 0) {
            throw new IllegalArgumentException("btsBytes must be >= 0, was " + btsBytes);
        }
    }

    /** Enabled with the defaults: linear 50 KB / 250 KB / 0.1 on the occupancy at enqueue, early bit 0. */
    public static WrebSettings defaults() {
        return new WrebSettings(true, DEFAULT_PROFILE, LevelWeights.QUEUE, EvalPoint.ENQUEUE, false, 0, 0);
    }

    /** These settings with notices of {@code bytes} on the wire, if none was set ({@code btsBytes == 0}). */
    public WrebSettings withBtsBytes(int bytes) {
        return btsBytes > 0 ? this
                : new WrebSettings(enabled, profile, level, evalPoint, sharedWithEcn, earlyEcnBit, bytes);
    }

    /** These settings with another profile. */
    public WrebSettings withProfile(WrebProfile p) {
        return new WrebSettings(enabled, p, level, evalPoint, sharedWithEcn, earlyEcnBit, btsBytes);
    }

    /** These settings drawing at {@code point}. */
    public WrebSettings withEvalPoint(EvalPoint point) {
        return new WrebSettings(enabled, profile, level, point, sharedWithEcn, earlyEcnBit, btsBytes);
    }
}

package io.fabricemu.wreb;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The decision one switch queue takes for each data packet (US 12,388,756, paragraph (14),
 * claims 9 and 18):
 * <pre>
 *   if the queue drops the packet:     notice(cause DROP, bit = the packet's CE bit as it was)  -- always
 *   else if the packet is CE already:  nothing (an earlier queue sent its notice, or marked it)
 *   else if draw &lt; p(level):          notice(cause EARLY, bit = 0), and the packet goes on marked CE
 * </pre>
 * With the reverse polarity ({@code earlyEcnBit = 1}) both bits are inverted, so in either polarity a
 * sender that gets two notices for one packet sees two different bits.
 *
 * <p>Randomness: one {@code nextInt(1,000,000)} per packet only when the probability is strictly between 0
 * and 1, as {@link io.fabricemu.ecn.EcnRamp} draws; a queue outside its ramp consumes nothing. Plain,
 * single-threaded; the caller owns the generator.
 */
public final class WrebMarker {
    /** What the queue does about the packet. */
    public enum Verdict {
        /** No notice. */
        NONE,
        /** An early notice; the packet is marked CE and goes on. */
        EARLY,
        /** A drop notice; the packet is dropped. */
        DROP
    }

    private final WrebProfile profile;
    private final int earlyEcnBit;

    public WrebMarker(WrebProfile profile, int earlyEcnBit) {
        this.profile = Objects.requireNonNull(profile, "profile");
        if (earlyEcnBit != 0 && earlyEcnBit != 1) {
            throw new IllegalArgumentException("earlyEcnBit must be 0 or 1, was " + earlyEcnBit);
        }
        this.earlyEcnBit = earlyEcnBit;
    }

    /**
     * The verdict for a packet at this queue.
     *
     * @param dropped    the queue will not admit it
     * @param ce         it arrives marked CE
     * @param levelBytes the queue's congestion level ({@link LevelWeights})
     * @param random     the port's notice generator; drawn at most once
     */
    public Verdict decide(boolean dropped, boolean ce, long levelBytes, RandomGenerator random) {
        if (dropped) {
            return Verdict.DROP;
        }
        if (ce) {
            return Verdict.NONE;
        }
        long ppm = profile.probabilityPpm(Math.max(0, levelBytes));
        if (ppm <= 0) {
            return Verdict.NONE;
        }
        if (ppm >= WrebProfile.PPM_ONE) {
            return Verdict.EARLY;
        }
        return random.nextInt(WrebProfile.PPM_ONE) < ppm ? Verdict.EARLY : Verdict.NONE;
    }

    /** The ECN bit a notice carries for a packet whose CE bit was {@code wasCe} when the notice was made. */
    public int noticeEcnBit(boolean wasCe) {
        return earlyEcnBit ^ (wasCe ? 1 : 0);
    }

    public WrebProfile profile() {
        return profile;
    }
}

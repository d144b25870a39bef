package io.fabricemu.wreb;

/**
 * The step profile (claim 4 of US 12,388,756: the notice frequency increases once the level
 * exceeds a threshold): {@code pLow} at or below the threshold, {@code pHigh}
 * above it.
 *
 * @param thresholdBytes the level above which {@code pHighPpm} applies, &gt;= 0
 * @param pLowPpm        probability at or below the threshold, 0..1,000,000 ppm
 * @param pHighPpm       probability above it, &gt; pLowPpm
 */
public record StepProfile(long thresholdBytes, int pLowPpm, int pHighPpm) implements WrebProfile {
    public StepProfile {
        if (thresholdBytes < 0) {
            throw new IllegalArgumentException("threshold must be >= 0, was " + thresholdBytes);
        }
        if (pLowPpm < 0 || pHighPpm > PPM_ONE || pHighPpm <= pLowPpm) {
            throw new IllegalArgumentException("pHigh (" + pHighPpm + " ppm) must be above pLow (" + pLowPpm
                    + " ppm), both 0..1");
        }
    }

    @Override
    public long probabilityPpm(long levelBytes) {
        return levelBytes > thresholdBytes ? pHighPpm : pLowPpm;
    }
}

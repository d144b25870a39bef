package io.fabricemu.wreb;

import java.math.BigInteger;

/**
 * The WRED-like linear profile (claim 7 of US 12,388,756: linear in the queue occupancy):
 * <pre>
 *   p = 0                                      level &lt;= Kmin
 *   p = Pmax x (level - Kmin) / (Kmax - Kmin)   Kmin &lt; level &lt; Kmax   (truncated to a whole ppm)
 *   p = 1                                      level &gt;= Kmax
 * </pre>
 * Unlike {@link io.fabricemu.ecn.EcnRamp}, which marks everything only above Kmax, this profile
 * reaches certainty at Kmax itself (a choice: the patent gives no thresholds).
 *
 * @param kminBytes level at or below which no notice is sent, &gt;= 0
 * @param kmaxBytes level at or above which every packet makes one, &gt; kminBytes
 * @param pmaxPpm   the probability just below Kmax, 0..1,000,000 ppm
 */
public record LinearProfile(long kminBytes, long kmaxBytes, int pmaxPpm) implements WrebProfile {
    public LinearProfile {
        if (kminBytes < 0) {
            throw new IllegalArgumentException("kmin must be >= 0, was " + kminBytes);
        }
        if (kmaxBytes <= kminBytes) {
            throw new IllegalArgumentException("kmax (" + kmaxBytes + " B) must be above kmin (" + kminBytes + " B)");
        }
        if (pmaxPpm < 0 || pmaxPpm > PPM_ONE) {
            throw new IllegalArgumentException("pmax must be 0..1, was " + pmaxPpm + " ppm");
        }
    }

    @Override
    public long probabilityPpm(long levelBytes) {
        if (levelBytes <= kminBytes) {
            return 0;
        }
        if (levelBytes >= kmaxBytes) {
            return PPM_ONE;
        }
        long above = levelBytes - kminBytes;
        long span = kmaxBytes - kminBytes;
        if (above <= Long.MAX_VALUE / PPM_ONE) {
            return pmaxPpm * above / span;
        }
        return BigInteger.valueOf(pmaxPpm).multiply(BigInteger.valueOf(above)).divide(BigInteger.valueOf(span))
                .longValueExact();
    }
}

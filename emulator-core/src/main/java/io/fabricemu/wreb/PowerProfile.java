package io.fabricemu.wreb;

/**
 * The non-linear profile (claim 8 of US 12,388,756: "varied or non-linear" in the occupancy):
 * <pre>
 *   p = 0                        level &lt;= Kmin
 *   p = Pmax x x^gamma            x = (level - Kmin) / (Kmax - Kmin), Kmin &lt; level &lt; Kmax
 *   p = 1                        level &gt;= Kmax
 * </pre>
 * gamma &gt; 1 keeps notices rare on a short queue and steepens towards Kmax; gamma &lt; 1 does the
 * opposite. The power is computed with {@link StrictMath#pow}, whose result is specified bit for bit, and
 * truncated to a whole ppm, so every JVM gives the same probabilities.
 *
 * @param kminBytes      level at or below which no notice is sent, &gt;= 0
 * @param kmaxBytes      level at or above which every packet makes one, &gt; kminBytes
 * @param pmaxPpm        the probability just below Kmax, 0..1,000,000 ppm
 * @param gammaThousands the exponent in thousandths (2,000 for a square), &gt; 0
 */
public record PowerProfile(long kminBytes, long kmaxBytes, int pmaxPpm, int gammaThousands) implements WrebProfile {
    public PowerProfile {
        new LinearProfile(kminBytes, kmaxBytes, pmaxPpm); // the same thresholds and Pmax, checked the same way
        if (gammaThousands <= 0) {
            throw new IllegalArgumentException("gamma must be > 0, was " + gammaThousands / 1000.0);
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
        double x = (double) (levelBytes - kminBytes) / (double) (kmaxBytes - kminBytes);
        return (long) (pmaxPpm * StrictMath.pow(x, gammaThousands / 1000.0));
    }
}

package io.fabricemu.topology;

/**
 * One tier's cable: its rate, its propagation delay and an optional forward-error-correction delay
 * (the codeword accumulation time of RS-FEC, paid once per hop).
 *
 * @param rateBps    line rate in bits per second, greater than zero
 * @param delayPs    propagation delay in picoseconds, greater than zero
 * @param fecDelayPs FEC delay in picoseconds, zero or more
 */
public record LinkSpec(long rateBps, long delayPs, long fecDelayPs) {
    public LinkSpec {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rateBps must be > 0, was " + rateBps);
        }
        if (delayPs <= 0) {
            throw new IllegalArgumentException("delayPs must be > 0, was " + delayPs);
        }
        if (fecDelayPs < 0) {
            throw new IllegalArgumentException("fecDelayPs must be >= 0, was " + fecDelayPs);
        }
    }

    /** Propagation plus FEC: the time from a bit leaving one end to it being usable at the other, in ps. */
    public long flightPs() {
        return delayPs + fecDelayPs;
    }
}

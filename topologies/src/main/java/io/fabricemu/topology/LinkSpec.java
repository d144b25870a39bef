package io.fabricemu.topology;

/**
 * One tier's cable: its rate, its propagation delay, an optional forward-error-correction delay (the codeword
 * accumulation time of RS-FEC, paid once per hop) and an optional loss: the probability that the cable loses a
 * packet, the same in both directions, as ns-3's {@code error_rate} of a {@code topology.txt} link (a rate error
 * model on the receiving device of each end). Only a topology file gives a cable a loss; every built kind's cables
 * have none.
 *
 * @param rateBps         line rate in bits per second, greater than zero
 * @param delayPs         propagation delay in picoseconds, greater than zero
 * @param fecDelayPs      FEC delay in picoseconds, zero or more
 * @param lossProbability probability that a packet on the cable is lost, each direction on its own, in [0, 1)
 */
public record LinkSpec(long rateBps, long delayPs, long fecDelayPs, double lossProbability) {
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
        if (!(lossProbability >= 0 && lossProbability < 1)) {
            throw new IllegalArgumentException("lossProbability must be in [0, 1), was " + lossProbability);
        }
    }

    /** A cable that loses nothing. */
    public LinkSpec(long rateBps, long delayPs, long fecDelayPs) {
        this(rateBps, delayPs, fecDelayPs, 0);
    }

    /** Propagation plus FEC: the time from a bit leaving one end to it being usable at the other, in ps. */
    public long flightPs() {
        return delayPs + fecDelayPs;
    }
}

package io.fabricemu.fault;

/**
 * A two-state Gilbert-Elliott channel, the usual model of bursty loss (E. N. Gilbert, "Capacity of a burst-noise
 * channel", Bell System Technical Journal 39(5), 1960; E. O. Elliott, "Estimates of error rates for codes on
 * burst-noise channels", BSTJ 42(5), 1963): a good and a bad state, a loss probability in each, and before each
 * packet a move between them. The channel starts in the good state. Its long-run loss rate is
 * {@code (pGoodToBad * lossBad + pBadToGood * lossGood) / (pGoodToBad + pBadToGood)}, and a stay in the bad
 * state lasts {@code 1 / pBadToGood} packets on average.
 *
 * @param pGoodToBad probability of moving from good to bad before a packet, in (0, 1]
 * @param pBadToGood probability of moving from bad to good before a packet, in (0, 1]
 * @param lossGood   loss probability in the good state, in [0, 1)
 * @param lossBad    loss probability in the bad state, in (0, 1]
 */
public record GilbertElliott(double pGoodToBad, double pBadToGood, double lossGood, double lossBad)
        implements LossModel {
    public GilbertElliott {
        if (!(pGoodToBad > 0 && pGoodToBad <= 1) || !(pBadToGood > 0 && pBadToGood <= 1)) {
            throw new IllegalArgumentException("transition probabilities must be in (0, 1], were " + pGoodToBad
                    + " and " + pBadToGood);
        }
        if (!(lossGood >= 0 && lossGood < 1) || !(lossBad > 0 && lossBad <= 1)) {
            throw new IllegalArgumentException("loss probabilities must be in [0, 1) (good) and (0, 1] (bad), were "
                    + lossGood + " and " + lossBad);
        }
    }

    /** The fraction of packets lost in the long run. */
    public double meanLoss() {
        return (pGoodToBad * lossBad + pBadToGood * lossGood) / (pGoodToBad + pBadToGood);
    }
}

package io.fabricemu.rnrnak;

/**
 * One round trip for every pair of hosts, as a scenario's {@code baseRtt} gives it; a record so that two
 * settings with the same round trip are equal.
 *
 * @param rttPs the round trip, in ps, &gt; 0
 */
record FixedRtt(long rttPs) implements PairRtt {
    FixedRtt {
        if (rttPs <= 0) {
            throw new IllegalArgumentException("baseRtt must be > 0 ps, was " + rttPs);
        }
    }

    @Override
    public long rttPs(int requester, int responder) {
        return rttPs;
    }
}

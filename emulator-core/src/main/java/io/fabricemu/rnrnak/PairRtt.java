package io.fabricemu.rnrnak;

/** The base round trip between two hosts, in ps, that a switch staggers RNR pauses by. */
@FunctionalInterface
public interface PairRtt {
    /**
     * Each pair's zero-load round trip, as a scenario asks for it: the run derives it from the topology and
     * puts the derived one in its place ({@link RnrNackSettings#withRtt}) before any switch is built.
     */
    PairRtt DERIVED = new PairRtt() {
        @Override
        public long rttPs(int requester, int responder) {
            throw new IllegalStateException("the derived round trip is resolved from the topology before a run");
        }

        @Override
        public String toString() {
            return "derived";
        }
    };

    /** The zero-load round trip between {@code requester} and {@code responder}, in ps, &gt; 0. */
    long rttPs(int requester, int responder);

    /** The same round trip for every pair. */
    static PairRtt fixed(long rttPs) {
        return new FixedRtt(rttPs);
    }
}

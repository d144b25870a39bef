package io.fabricemu.rnrnak;

/** The base round trip between two hosts, in ps, that a switch staggers RNR pauses by. */
@FunctionalInterface
public interface PairRtt {
    /** The zero-load round trip between {@code requester} and {@code responder}, in ps, &gt; 0. */
    long rttPs(int requester, int responder);
}

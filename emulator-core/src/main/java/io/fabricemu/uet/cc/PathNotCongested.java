package io.fabricemu.uet.cc;

import io.fabricemu.time.Ps;

/**
 * The RTT+ECN "path not congested" test of U.S. Patent 12,388,756 (paragraphs
 * (41)-(52), clauses 1, 8 and 15), for a window-based sender.
 *
 * <p>ECN shows the state of a switch queue at the moment the packet left it, but is applied
 * probabilistically; an RTT sample shows only what that one packet went through (42)-(43). Together they
 * are a safe test that a path has room: ACKs are observed per connection over a <em>window epoch</em>, and
 * if within one epoch (1) no ACK was ECN-marked and (2) no RTT sample exceeded an expected-latency
 * threshold, the end-to-end path is deemed not congested and more likely underused, which "would safely
 * warrant an aggressive bandwidth recovery operation (e.g., TCP slow-start)" (44).
 *
 * <p>Here an epoch is one congestion window of acknowledged bytes: it starts at an ACK, takes the window of
 * that moment as its length, and ends at the ACK that brings the bytes acknowledged since its start to that
 * length or more. The verdict of a finished epoch holds until the first ACK that is marked or late, which
 * revokes it at once and makes the running epoch fail; the next clean epoch restores it.
 *
 * <p>The threshold is programmable "as a function of the topology, MTU size, link speeds" (44): here the
 * zero-load round trip of the longest path (config_base_rtt, itself built from those) plus
 * {@link Params#slackPackets()} serializations of one MTU at the path's rate, i.e. the RTT of a packet that
 * waited behind at most that many packets in the whole path. The RTT sample is the ACK's round trip less
 * the target's service time ({@link io.fabricemu.cc.AckCc}).
 *
 * <p>Plain, single-threaded, integer-only.
 */
public final class PathNotCongested {
    /**
     * @param slackPackets MTU serializations at the path rate added to the base RTT to make the
     *                     expected-latency threshold, in [0, 1,000]
     * @param gainPer1024  while the path is deemed not congested, every clean ACK grows cwnd by this many
     *                     1/1024ths of its bytes: 1,024 doubles the window per round trip like slow start, in
     *                     [1, 4,096]
     */
    public record Params(int slackPackets, int gainPer1024) {
        /** One MTU of queue anywhere on the path, and slow-start doubling. */
        public static final Params DEFAULTS = new Params(1, NsccParams.PER_1024);
        public static final int MAX_SLACK_PACKETS = 1_000;
        public static final int MAX_GAIN_PER_1024 = 4 * NsccParams.PER_1024;

        public Params {
            if (slackPackets < 0 || slackPackets > MAX_SLACK_PACKETS) {
                throw new IllegalArgumentException("slackPackets must lie in [0, " + MAX_SLACK_PACKETS + "], was "
                        + slackPackets);
            }
            if (gainPer1024 < 1 || gainPer1024 > MAX_GAIN_PER_1024) {
                throw new IllegalArgumentException("gainPer1024 must lie in [1, " + MAX_GAIN_PER_1024 + "], was "
                        + gainPer1024);
            }
        }

        /** base RTT + slackPackets x serialization of {@code mtuBytes} at {@code rateBps}, in ps. */
        public long expectedRttPs(long baseRttPs, int mtuBytes, long rateBps) {
            return Math.addExact(baseRttPs,
                    Math.multiplyExact(slackPackets, Ps.serializationPs(mtuBytes, rateBps)));
        }
    }

    private final long expectedRttPs;
    private long epochLengthBytes;
    private long epochAckedBytes;
    private boolean epochClean = true;
    private boolean notCongested;
    private long cleanEpochs;

    /** A test whose RTT samples are compared with {@code expectedRttPs}; no epoch has finished yet. */
    public PathNotCongested(long expectedRttPs) {
        if (expectedRttPs <= 0) {
            throw new IllegalArgumentException("expectedRttPs must be > 0, was " + expectedRttPs);
        }
        this.expectedRttPs = expectedRttPs;
    }

    /**
     * One ACK of {@code ackedBytes} (> 0) came back, marked or not, with a round trip of {@code rttPs};
     * {@code windowBytes} is the current window, the length of an epoch that starts here.
     *
     * @return whether the path is deemed not congested after this ACK
     */
    public boolean onAck(long ackedBytes, boolean ecnMarked, long rttPs, long windowBytes) {
        if (ackedBytes <= 0 || windowBytes <= 0) {
            throw new IllegalArgumentException("ackedBytes " + ackedBytes + " and windowBytes " + windowBytes
                    + " must be > 0");
        }
        if (epochAckedBytes == 0) {
            epochLengthBytes = windowBytes;
        }
        if (ecnMarked || rttPs > expectedRttPs) {
            epochClean = false;
            notCongested = false;
        }
        epochAckedBytes += ackedBytes;
        if (epochAckedBytes >= epochLengthBytes) {
            if (epochClean) {
                notCongested = true;
                cleanEpochs++;
            }
            epochAckedBytes = 0;
            epochClean = true;
        }
        return notCongested;
    }

    /** A loss (NACK or timeout) is a congestion sign too: it revokes the verdict and fails the epoch. */
    public void onLoss() {
        epochClean = false;
        notCongested = false;
    }

    /** The verdict as of the last ACK. */
    public boolean notCongested() {
        return notCongested;
    }

    /** Epochs that finished clean so far. */
    public long cleanEpochs() {
        return cleanEpochs;
    }

    /** The expected-latency threshold, in ps. */
    public long expectedRttPs() {
        return expectedRttPs;
    }
}

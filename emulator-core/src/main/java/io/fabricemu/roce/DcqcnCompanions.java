package io.fabricemu.roce;

import io.fabricemu.time.Ps;

/**
 * The optional companion mechanisms of U.S. Patent 12,388,756 that a
 * {@link DcqcnReactionPoint} may run; {@link #OFF} leaves DCQCN exactly as the paper has it.
 *
 * <ul>
 *   <li><b>Responsibility-scaled decrease</b> (paragraphs (86)-(97)): a CNP cuts RC by
 *       {@code RC x alpha/2 x RC/line} instead of {@code RC x alpha/2}: "the ratio of the sending rate limit to
 *       the full line rate (i.e. NIC speed)" (88) sizes the cut, so a QP sending at a larger share of its
 *       NIC gives up more (89).</li>
 *   <li><b>RTT+ECN path-not-congested test</b> (paragraphs (41)-(52)): for a rate-based sender the ACKs are
 *       observed over a time period (44). Every {@code pathCheckPeriodPs} since the QP started, a period in
 *       which at least one ACK came back, no CNP arrived (DCQCN's echo of an ECN mark) and no ACK's round
 *       trip exceeded the expected latency deems the path not congested: the QP jumps to hyper increase
 *       (both increase counters to at least F + 1), the "aggressive bandwidth recovery" the patent allows,
 *       instead of crawling through fast recovery and additive increase.</li>
 * </ul>
 *
 * @param responsibilityScaled scale each CNP's cut by RC / line rate
 * @param pathCheckPeriodPs    length of the test's periods, in ps; 0 turns the test off
 * @param baseRttPs            zero-load round trip of the longest path, in ps (the threshold's base); 0 while
 *                             not yet derived from the topology, and unused with the test off
 * @param slackPackets         the threshold is {@code baseRttPs} plus this many MTU serializations at the NIC's
 *                             line rate, in [0, 1,000]
 * @param mtuBytes             the MTU of those serializations, in bytes
 */
public record DcqcnCompanions(boolean responsibilityScaled, long pathCheckPeriodPs, long baseRttPs, int slackPackets,
                              int mtuBytes) {
    /** Plain DCQCN. */
    public static final DcqcnCompanions OFF = new DcqcnCompanions(false, 0, 0, 0, 0);
    public static final int MAX_SLACK_PACKETS = 1_000;

    public DcqcnCompanions {
        if (pathCheckPeriodPs < 0 || pathCheckPeriodPs > Ps.PER_S) {
            throw new IllegalArgumentException("pathCheckPeriodPs must lie in [0, " + Ps.PER_S + "], was "
                    + pathCheckPeriodPs);
        }
        if (baseRttPs < 0 || baseRttPs > Ps.PER_S) {
            throw new IllegalArgumentException("baseRttPs must lie in [0, " + Ps.PER_S + "], was " + baseRttPs);
        }
        if (slackPackets < 0 || slackPackets > MAX_SLACK_PACKETS) {
            throw new IllegalArgumentException("slackPackets must lie in [0, " + MAX_SLACK_PACKETS + "], was "
                    + slackPackets);
        }
        if (mtuBytes < 0) {
            throw new IllegalArgumentException("mtuBytes must be >= 0, was " + mtuBytes);
        }
    }

    /** Whether the path-not-congested test runs. */
    public boolean pathCheck() {
        return pathCheckPeriodPs > 0;
    }

    /** These settings with the base RTT (derived from the topology) filled in. */
    public DcqcnCompanions withBaseRttPs(long rttPs) {
        return new DcqcnCompanions(responsibilityScaled, pathCheckPeriodPs, rttPs, slackPackets, mtuBytes);
    }

    /** The expected-latency threshold for a NIC of {@code lineRateBps}: base RTT + slack MTU serializations. */
    public long expectedRttPs(long lineRateBps) {
        if (baseRttPs <= 0 || mtuBytes <= 0) {
            throw new IllegalStateException("the path-not-congested test needs a base RTT and an MTU, have "
                    + baseRttPs + " ps and " + mtuBytes + " B");
        }
        return Math.addExact(baseRttPs, Math.multiplyExact(slackPackets, Ps.serializationPs(mtuBytes, lineRateBps)));
    }
}

package io.fabricemu.uet;

/**
 * A UET target's coalescing of ACK_CCs, flow by flow, under an {@link AckPolicy}: what was accepted since each
 * flow's last ACK_CC, and whether an AR request still waits for its gap to fill. Plain and single-threaded; the
 * receiver tells it every accepted packet and every ACK_CC it sends.
 */
final class AckCoalescer {
    private final AckPolicy policy;
    private final long[] unackedBytes;
    private final int[] unackedPackets;
    /** An AR packet arrived out of order: one more ACK_CC is owed once nothing is out of order. */
    private final boolean[] requestPending;

    AckCoalescer(AckPolicy policy, int flows) {
        this.policy = policy;
        this.unackedBytes = new long[flows];
        this.unackedPackets = new int[flows];
        this.requestPending = new boolean[flows];
    }

    /**
     * Flow {@code flow} accepted a new packet of {@code wireBytes}.
     *
     * @param atOnce     an ACK_CC must leave now whatever the count: the flow's first packet, one marked ECN-CE,
     *                   or new RCCC credit waiting for the sender
     * @param ackRequest it carried the AR flag
     * @param outOfOrder it arrived beyond the cumulative PSN
     * @param gapsLeft   packets still held beyond the cumulative PSN once it is counted
     * @return whether an ACK_CC leaves now; if so, the flow's count starts again
     */
    boolean onAccepted(int flow, int wireBytes, boolean atOnce, boolean ackRequest, boolean outOfOrder,
                       long gapsLeft) {
        unackedBytes[flow] += wireBytes;
        unackedPackets[flow]++;
        boolean now = atOnce || ackRequest || (outOfOrder && policy.outOfOrderAtOnce())
                || (policy.everyBytes() > 0 && unackedBytes[flow] >= policy.everyBytes())
                || (policy.everyPackets() > 0 && unackedPackets[flow] >= policy.everyPackets());
        if (ackRequest && gapsLeft > 0) {
            requestPending[flow] = true;
        } else if (requestPending[flow] && gapsLeft == 0) {
            requestPending[flow] = false;
            now = true;
        }
        if (now) {
            acknowledged(flow);
        }
        return now;
    }

    /** Flow {@code flow} sent an ACK_CC for another reason (a duplicate): its count starts again. */
    void acknowledged(int flow) {
        unackedBytes[flow] = 0;
        unackedPackets[flow] = 0;
    }
}

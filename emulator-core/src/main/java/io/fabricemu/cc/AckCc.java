package io.fabricemu.cc;

/**
 * What one acknowledgement tells the sender's {@link CongestionController}: the congestion fields of a UET
 * ACK_CC (cc_type CC_NSCC), plus the two times the sender itself records (UE 1.0, NSCC; Figures 6-11 to 6-14
 * of the nwktimes.blogspot.com NSCC posts). Other transports fill in what their acknowledgements carry: the
 * baseline's cumulative ACK gives the bytes acknowledged in a row and the ECN echo, a RoCEv2 ACK only its
 * round trip; the fields they lack are 0 (no service time, bytes or penalty) and false.
 *
 * @param arrivalPs     when the ACK_CC reached the sender
 * @param pktTxPs       when the packet it acknowledges left the sender (pkt_tx_state)
 * @param serviceTimePs service_time: the target's own processing, its rx-to-response time, in ps
 * @param rcvdBytes     cumulative bytes the target has received on this CCC (rcvd_bytes), or of this flow
 * @param ecnMarked     the pds.m flag: the acknowledged packet arrived marked ECN-CE
 * @param rcvCwndPend   destination flow control penalty, 0 (none) to 127 (strongest)
 * @param restoreCwnd   the rc flag: the destination's congestion is over, restore the window it cut
 */
public record AckCc(long arrivalPs, long pktTxPs, long serviceTimePs, long rcvdBytes, boolean ecnMarked,
                    int rcvCwndPend, boolean restoreCwnd) {
    /** Largest rcv_cwnd_pend: a 7-bit field. */
    public static final int MAX_RCV_CWND_PEND = 127;

    public AckCc {
        if (pktTxPs < 0 || arrivalPs < pktTxPs) {
            throw new IllegalArgumentException("arrivalPs " + arrivalPs + " must not precede pktTxPs " + pktTxPs
                    + " (both >= 0)");
        }
        if (serviceTimePs < 0) {
            throw new IllegalArgumentException("serviceTimePs must be >= 0, was " + serviceTimePs);
        }
        if (rcvdBytes < 0) {
            throw new IllegalArgumentException("rcvdBytes must be >= 0, was " + rcvdBytes);
        }
        if (rcvCwndPend < 0 || rcvCwndPend > MAX_RCV_CWND_PEND) {
            throw new IllegalArgumentException("rcvCwndPend must lie in [0, " + MAX_RCV_CWND_PEND + "], was "
                    + rcvCwndPend);
        }
    }

    /** An ACK_CC with no service time, no destination penalty and no restore. */
    public static AckCc of(long arrivalPs, long pktTxPs, long rcvdBytes, boolean ecnMarked) {
        return new AckCc(arrivalPs, pktTxPs, 0, rcvdBytes, ecnMarked, 0, false);
    }

    /**
     * The time the acknowledged packet spent queued in the fabric, in ps: the round trip less the target's
     * service time (UE 1.0, NSCC: {@code ack_arrival_time - pkt_tx_state - service_time}) less the zero-load
     * round trip {@code baseRttPs} (the blog's NSCC overview: "the current RTT ... subtracting the Base_RTT").
     * Never negative: a path shorter than the longest one the base RTT was sized for shows no queue.
     */
    public long queuingDelayPs(long baseRttPs) {
        return Math.max(0, roundTripPs() - baseRttPs);
    }

    /**
     * The acknowledged packet's round trip through the fabric, in ps: {@code arrival - tx - service_time}
     * (UE 1.0, NSCC), never negative. The RTT sample of the RTT+ECN test of US 12,388,756, (41)-(52).
     */
    public long roundTripPs() {
        return Math.max(0, arrivalPs - pktTxPs - serviceTimePs);
    }
}

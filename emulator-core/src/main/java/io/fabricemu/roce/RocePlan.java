package io.fabricemu.roce;

/**
 * How every NIC runs RoCEv2 reliable connections.
 *
 * @param messageBytes        bytes of each SEND message a flow is cut into (the last may be shorter)
 * @param rnrRetry            {@code rnr_retry} of every requester QP, 0..7 (7: retry forever)
 * @param maxOutstandingBytes most payload bytes a QP has sent and not had acknowledged, 0 for no limit
 * @param dcqcn               DCQCN's constants, or null when QPs run without congestion control (line rate)
 * @param dcqcnCompanions     the companion mechanisms DCQCN runs ({@link DcqcnCompanions#OFF} for none), with
 *                            the base RTT filled in when the path-not-congested test is on
 * @param rnrTimerPs          the pause every responder's RNR NAK asks for when a SEND finds no posted receive (its
 *                            min_rnr_timer, a value of the IBTA table: {@link RnrTimer})
 */
public record RocePlan(long messageBytes, int rnrRetry, long maxOutstandingBytes, DcqcnParams dcqcn,
                       DcqcnCompanions dcqcnCompanions, long rnrTimerPs) {
    /**
     * min_rnr_timer code 12, 0.64 ms: what NCCL's InfiniBand transport ({@code ncclIbRtrQp}) and rdma-core's
     * {@code ibv_rc_pingpong} set on their RC QPs.
     */
    public static final long DEFAULT_RNR_TIMER_PS = RnrTimer.ps(12);

    public RocePlan {
        java.util.Objects.requireNonNull(dcqcnCompanions, "dcqcnCompanions");
        if (messageBytes <= 0 || rnrRetry < 0 || rnrRetry > RcRequester.RNR_RETRY_INFINITE || maxOutstandingBytes < 0
                || rnrTimerPs < 0) {
            throw new IllegalArgumentException("messageBytes " + messageBytes + " must be > 0, rnrRetry " + rnrRetry
                    + " 0..7, maxOutstandingBytes " + maxOutstandingBytes + " >= 0, rnrTimerPs " + rnrTimerPs
                    + " >= 0");
        }
    }

    /** With the default RNR timer. */
    public RocePlan(long messageBytes, int rnrRetry, long maxOutstandingBytes, DcqcnParams dcqcn,
                    DcqcnCompanions dcqcnCompanions) {
        this(messageBytes, rnrRetry, maxOutstandingBytes, dcqcn, dcqcnCompanions, DEFAULT_RNR_TIMER_PS);
    }

    /** Plain DCQCN (or none), without companion mechanisms. */
    public RocePlan(long messageBytes, int rnrRetry, long maxOutstandingBytes, DcqcnParams dcqcn) {
        this(messageBytes, rnrRetry, maxOutstandingBytes, dcqcn, DcqcnCompanions.OFF);
    }
}

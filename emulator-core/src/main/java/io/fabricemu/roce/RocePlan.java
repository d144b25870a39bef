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
 */
public record RocePlan(long messageBytes, int rnrRetry, long maxOutstandingBytes, DcqcnParams dcqcn,
                       DcqcnCompanions dcqcnCompanions) {
    public RocePlan {
        java.util.Objects.requireNonNull(dcqcnCompanions, "dcqcnCompanions");
        if (messageBytes <= 0 || rnrRetry < 0 || rnrRetry > RcRequester.RNR_RETRY_INFINITE || maxOutstandingBytes < 0) {
            throw new IllegalArgumentException("messageBytes " + messageBytes + " must be > 0, rnrRetry " + rnrRetry
                    + " 0..7, maxOutstandingBytes " + maxOutstandingBytes + " >= 0");
        }
    }

    /** Plain DCQCN (or none), without companion mechanisms. */
    public RocePlan(long messageBytes, int rnrRetry, long maxOutstandingBytes, DcqcnParams dcqcn) {
        this(messageBytes, rnrRetry, maxOutstandingBytes, dcqcn, DcqcnCompanions.OFF);
    }
}

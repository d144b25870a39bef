package io.fabricemu.fabric;

import io.fabricemu.roce.DcqcnParams;
import io.fabricemu.roce.RcRequester;

/**
 * How every NIC runs RoCEv2 reliable connections.
 *
 * @param messageBytes        bytes of each SEND message a flow is cut into (the last may be shorter)
 * @param rnrRetry            {@code rnr_retry} of every requester QP, 0..7 (7: retry forever)
 * @param maxOutstandingBytes most payload bytes a QP has sent and not had acknowledged, 0 for no limit
 * @param dcqcn               DCQCN's constants, or null when QPs run without congestion control (line rate)
 */
public record RocePlan(long messageBytes, int rnrRetry, long maxOutstandingBytes, DcqcnParams dcqcn) {
    public RocePlan {
        if (messageBytes <= 0 || rnrRetry < 0 || rnrRetry > RcRequester.RNR_RETRY_INFINITE || maxOutstandingBytes < 0) {
            throw new IllegalArgumentException("messageBytes " + messageBytes + " must be > 0, rnrRetry " + rnrRetry
                    + " 0..7, maxOutstandingBytes " + maxOutstandingBytes + " >= 0");
        }
    }
}

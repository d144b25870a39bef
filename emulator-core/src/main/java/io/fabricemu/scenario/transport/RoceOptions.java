package io.fabricemu.scenario.transport;

import io.fabricemu.roce.DcqcnCompanions;
import io.fabricemu.roce.DcqcnParams;
import io.fabricemu.roce.RcRequester;
import java.util.Objects;

/**
 * The RoCEv2 transport's options in a scenario's {@code transport} section; they apply when
 * {@code transport.cc} is {@code roce} or {@code dcqcn}.
 *
 * @param messageSizeBytes bytes of each SEND message a flow is cut into
 * @param rnrRetry         {@code rnr_retry} of every requester QP, 0..7 (7: retry forever)
 * @param dcqcn            DCQCN's constants (used only with {@code cc: dcqcn})
 * @param dcqcnCompanions  DCQCN's companion mechanisms of US 12,388,756 ({@link DcqcnCompanions#OFF} for none); a
 *                         base RTT of 0 is derived from the topology when the run is prepared
 */
public record RoceOptions(long messageSizeBytes, int rnrRetry, DcqcnParams dcqcn, DcqcnCompanions dcqcnCompanions) {
    /** 1 MiB messages: large RDMA transfers as collective libraries post them; MSN then counts MiBs. */
    public static final long DEFAULT_MESSAGE_SIZE_BYTES = 1L << 20;

    public RoceOptions {
        if (messageSizeBytes <= 0 || rnrRetry < 0 || rnrRetry > RcRequester.RNR_RETRY_INFINITE) {
            throw new IllegalArgumentException("messageSizeBytes " + messageSizeBytes + " must be > 0, rnrRetry "
                    + rnrRetry + " 0..7");
        }
        Objects.requireNonNull(dcqcn, "dcqcn");
        Objects.requireNonNull(dcqcnCompanions, "dcqcnCompanions");
    }

    /** As the canonical constructor, without DCQCN companion mechanisms. */
    public RoceOptions(long messageSizeBytes, int rnrRetry, DcqcnParams dcqcn) {
        this(messageSizeBytes, rnrRetry, dcqcn, DcqcnCompanions.OFF);
    }

    /** 1 MiB messages, rnr_retry 7 (retry forever), DCQCN's default constants. */
    public static RoceOptions defaults() {
        return new RoceOptions(DEFAULT_MESSAGE_SIZE_BYTES, RcRequester.RNR_RETRY_INFINITE, DcqcnParams.defaults());
    }
}

package io.fabricemu.scenario.transport;

import io.fabricemu.roce.DcqcnCompanions;
import io.fabricemu.roce.DcqcnParams;
import io.fabricemu.roce.RcRequester;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.roce.RocePlan;
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
 * @param rnrTimerPs       the responders' RNR timer (min_rnr_timer), a value of the IBTA table
 */
public record RoceOptions(long messageSizeBytes, int rnrRetry, DcqcnParams dcqcn, DcqcnCompanions dcqcnCompanions,
                          long rnrTimerPs) {
    /** 1 MiB messages: large RDMA transfers as collective libraries post them; MSN then counts MiBs. */
    public static final long DEFAULT_MESSAGE_SIZE_BYTES = 1L << 20;

    public RoceOptions {
        if (messageSizeBytes <= 0 || rnrRetry < 0 || rnrRetry > RcRequester.RNR_RETRY_INFINITE) {
            throw new IllegalArgumentException("messageSizeBytes " + messageSizeBytes + " must be > 0, rnrRetry "
                    + rnrRetry + " 0..7");
        }
        Objects.requireNonNull(dcqcn, "dcqcn");
        Objects.requireNonNull(dcqcnCompanions, "dcqcnCompanions");
        if (RnrTimer.ps(RnrTimer.codeFor(rnrTimerPs)) != rnrTimerPs) {
            throw new IllegalArgumentException("rnrTimerPs " + rnrTimerPs + " is not a value of the IBTA RNR timer"
                    + " table");
        }
    }

    /** As the canonical constructor, with the default RNR timer. */
    public RoceOptions(long messageSizeBytes, int rnrRetry, DcqcnParams dcqcn, DcqcnCompanions dcqcnCompanions) {
        this(messageSizeBytes, rnrRetry, dcqcn, dcqcnCompanions, RocePlan.DEFAULT_RNR_TIMER_PS);
    }

    /** As the canonical constructor, without DCQCN companion mechanisms. */
    public RoceOptions(long messageSizeBytes, int rnrRetry, DcqcnParams dcqcn) {
        this(messageSizeBytes, rnrRetry, dcqcn, DcqcnCompanions.OFF);
    }

    /** 1 MiB messages, rnr_retry 7 (retry forever), DCQCN's default constants, RNR timer 0.64 ms. */
    public static RoceOptions defaults() {
        return new RoceOptions(DEFAULT_MESSAGE_SIZE_BYTES, RcRequester.RNR_RETRY_INFINITE, DcqcnParams.defaults());
    }
}

package io.fabricemu.stats;

/**
 * What a sending NIC knows of one flow at the end of a run.
 *
 * @param flowId             the flow
 * @param retransmittedBytes payload bytes sent more than once
 * @param ackedAllPs         when the last byte was acknowledged, or -1 if it never was
 * @param failed             the sender gave the flow up (a RoCEv2 QP in the error state after too many RNR
 *                           NAKs): it will never finish, and the run does not wait for it
 * @param waits              what a receiver that was not ready cost the flow's message (UET only)
 */
public record FlowSenderStats(int flowId, long retransmittedBytes, long ackedAllPs, boolean failed,
                              MessageWaits waits) {
    public FlowSenderStats {
        java.util.Objects.requireNonNull(waits, "waits");
    }

    /** A sender whose receiver is always ready. */
    public FlowSenderStats(int flowId, long retransmittedBytes, long ackedAllPs, boolean failed) {
        this(flowId, retransmittedBytes, ackedAllPs, failed, MessageWaits.NONE);
    }

    /** A sender that never gives a flow up, whose receiver is always ready. */
    public FlowSenderStats(int flowId, long retransmittedBytes, long ackedAllPs) {
        this(flowId, retransmittedBytes, ackedAllPs, false);
    }
}

package io.fabricemu.stats;

/**
 * What a sending NIC knows of one flow at the end of a run.
 *
 * @param flowId             the flow
 * @param retransmittedBytes payload bytes sent more than once
 * @param ackedAllPs         when the last byte was acknowledged, or -1 if it never was
 * @param failed             the sender gave the flow up (a RoCEv2 QP in the error state after too many RNR
 *                           NAKs): it will never finish, and the run does not wait for it
 */
public record FlowSenderStats(int flowId, long retransmittedBytes, long ackedAllPs, boolean failed) {
    /** A sender that never gives a flow up. */
    public FlowSenderStats(int flowId, long retransmittedBytes, long ackedAllPs) {
        this(flowId, retransmittedBytes, ackedAllPs, false);
    }
}

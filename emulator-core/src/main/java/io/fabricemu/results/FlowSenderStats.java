package io.fabricemu.results;

/**
 * What a sending NIC knows of one flow at the end of a run.
 *
 * @param flowId             the flow
 * @param retransmittedBytes payload bytes sent more than once
 * @param ackedAllPs         when the last byte was acknowledged, or -1 if it never was
 */
public record FlowSenderStats(int flowId, long retransmittedBytes, long ackedAllPs) {
}

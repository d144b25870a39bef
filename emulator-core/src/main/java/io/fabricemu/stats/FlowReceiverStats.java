package io.fabricemu.stats;

/**
 * What a receiving NIC knows of one flow at the end of a run.
 *
 * @param flowId         the flow
 * @param deliveredBytes distinct payload bytes received (duplicates are not counted)
 * @param finishPs       when the last missing byte arrived (last bit) or, where the receiver models memory,
 *                       was committed to it; -1 if the flow is incomplete
 * @param outOfOrderPackets packets taken for the first time while an earlier PSN was still missing
 */
public record FlowReceiverStats(int flowId, long deliveredBytes, long finishPs, long outOfOrderPackets) {
}

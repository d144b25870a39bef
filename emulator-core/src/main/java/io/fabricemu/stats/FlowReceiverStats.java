package io.fabricemu.stats;

/**
 * What a receiving NIC knows of one flow at the end of a run.
 *
 * @param flowId         the flow
 * @param deliveredBytes distinct payload bytes received (duplicates are not counted)
 * @param finishPs       when the last missing byte arrived (last bit) or, where the receiver models memory,
 *                       was committed to it; -1 if the flow is incomplete
 * @param outOfOrderPackets packets taken for the first time while an earlier PSN was still missing
 * @param waits          what a receive posted late cost, where the receiver counts it (a RoCEv2 responder's RNR
 *                       NAKs); {@link MessageWaits#NONE} otherwise
 */
public record FlowReceiverStats(int flowId, long deliveredBytes, long finishPs, long outOfOrderPackets,
                                MessageWaits waits) {
    /** A receiver that counts no waits (the sender does, or none happened). */
    public FlowReceiverStats(int flowId, long deliveredBytes, long finishPs, long outOfOrderPackets) {
        this(flowId, deliveredBytes, finishPs, outOfOrderPackets, MessageWaits.NONE);
    }
}

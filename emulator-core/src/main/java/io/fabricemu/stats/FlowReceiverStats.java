package io.fabricemu.stats;

/**
 * What a receiving NIC knows of one flow at the end of a run.
 *
 * @param flowId         the flow
 * @param deliveredBytes distinct payload bytes received (duplicates are not counted)
 * @param finishPs       when the last missing byte arrived (last bit) or, where the receiver models memory,
 *                       was committed to it; -1 if the flow is incomplete
 * @param outOfOrderPackets packets taken for the first time while an earlier PSN was still missing
 * @param bufferedBytes  a rendezvous send's eager bytes held in the unexpected-message buffer until the receive was
 *                       posted (Ultra Ethernet only), else 0
 * @param targetBufferedBytes what the NIC's unexpected-message buffer held, for every message, just before this
 *                       flow's receive was posted, else 0; for a bounce buffer, the most the NIC's pool ever held
 * @param waits          what a receive posted late cost, where the receiver counts it (a RoCEv2 responder's RNR
 *                       NAKs); {@link MessageWaits#NONE} otherwise
 * @param bounced        the buffered bytes were held in the target's bounce buffer
 *                       ({@code transport.receiverNotReady: buffer}), or the bounce buffer had no room for some of
 *                       the flow's packets; false for a rendezvous send's eager part and elsewhere
 */
public record FlowReceiverStats(int flowId, long deliveredBytes, long finishPs, long outOfOrderPackets,
                                long bufferedBytes, long targetBufferedBytes, MessageWaits waits, boolean bounced) {
    /** A flow that nothing was buffered for, whose receiver counts no waits. */
    public FlowReceiverStats(int flowId, long deliveredBytes, long finishPs, long outOfOrderPackets) {
        this(flowId, deliveredBytes, finishPs, outOfOrderPackets, 0, 0, MessageWaits.NONE, false);
    }

    /** A receiver that counts its waits (a RoCEv2 responder's RNR NAKs). */
    public FlowReceiverStats(int flowId, long deliveredBytes, long finishPs, long outOfOrderPackets,
                             MessageWaits waits) {
        this(flowId, deliveredBytes, finishPs, outOfOrderPackets, 0, 0, waits, false);
    }

    /** These figures, with what the unexpected-message buffer held. */
    public FlowReceiverStats withBuffered(long bufferedBytes, long targetBufferedBytes) {
        return new FlowReceiverStats(flowId, deliveredBytes, finishPs, outOfOrderPackets, bufferedBytes,
                targetBufferedBytes, waits, false);
    }

    /** These figures, with what the target's bounce buffer held of the flow and the most it held at once. */
    public FlowReceiverStats withBounced(long bufferedBytes, long targetPeakBytes) {
        return new FlowReceiverStats(flowId, deliveredBytes, finishPs, outOfOrderPackets, bufferedBytes,
                targetPeakBytes, waits, true);
    }
}

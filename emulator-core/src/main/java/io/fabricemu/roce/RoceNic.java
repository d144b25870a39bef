package io.fabricemu.roce;

import io.fabricemu.host.Nic;
import io.fabricemu.host.NicSetup;
import io.fabricemu.pfc.PfcPauses;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.wreb.SenderNotices;

/**
 * A host's NIC running RoCEv2 reliable connections ({@link RoceProtocol}): a requester QP ({@link RcRequester})
 * per flow it sends, a responder QP ({@link RcResponder}) per flow it receives, and one transmitter.
 *
 * <h2>Transmitter</h2>
 * Control packets (ACKs, NAKs, CNPs) go first, in the order they were made. Then data: QPs in round-robin
 * order, each offering its next PSN if it may send now ({@link RoceProtocol#mayGoAtPs}). A QP may not send
 * while an RNR NAK pauses it, nor, under DCQCN, before its previous data packet's start plus that packet's
 * serialization at the QP's current rate RC (the rate as of that packet's start). When nothing may go now but
 * a QP may later, one pacing wake-up is pending for the earliest such time. Without DCQCN QPs send at line
 * rate, bounded only by the plan's maximum outstanding bytes. Data packets are ECN-capable (ECT(0)). While the
 * switch pauses the data class (PFC, {@link PfcPauses}) no data packet starts; control packets keep going.
 *
 * <h2>Feedback</h2>
 * The responder answers every data packet as {@link RcResponder} says (ACK, one NAK per out-of-order
 * episode, an RNR NAK carrying {@link RocePlan#rnrTimerPs()} for a SEND whose receive is not posted yet
 * ({@link ResponderPosts}), or nothing). Under DCQCN, a data packet that arrives marked CE also makes a CNP for
 * its QP unless the QP's notification point sent one within the CNP interval; the CNP is queued before the
 * packet's ACK. A CNP cuts the requester's rate ({@link DcqcnReactionPoint}); every ACK also hands it the round trip
 * of the packet it acknowledges, which only its optional path-not-congested test uses. Trimmed packets (RoCE has no trimming)
 * count as lost. Each requester has at most one pending transport timer event, re-armed lazily.
 *
 * <h2>Back-to-sender notices</h2>
 * A switch's notice (WREB, {@link SenderNotices}) for a QP's packet: the first one for a packet cuts the
 * rate as a CNP would ({@link DcqcnReactionPoint#onCnp}), a round trip before the responder's CNP could;
 * that CNP, which names the PSN of the CE-marked packet that caused it, is then not counted again. Like
 * CNPs, notice-driven cuts are at most one per CNP interval per QP: the requester keeps its own notification
 * point ({@link DcqcnNotificationPoint}) for them, since switches, unlike the responder, do not space their
 * notices. A drop
 * notice makes the requester go back to the dropped PSN at once ({@link RcRequester#onDropNotice}), without a
 * second cut when an early notice for it came first.
 *
 * <h2>Failure</h2>
 * A QP whose RNR NAKs exceed {@code rnr_retry} enters the error state: it leaves the round robin, its flow is
 * reported failed ({@link FlowSenderStats#failed()}), and the run does not wait for it.
 */
public final class RoceNic extends Nic {
    /**
     * @param setup where the NIC sits and the flows it carries
     * @param roce  the RoCEv2 transport's settings
     */
    public RoceNic(NicSetup setup, RocePlan roce) {
        super(setup, nic -> new RoceProtocol(setup, roce, nic));
    }
}

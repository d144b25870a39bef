package io.fabricemu.roce;

import io.fabricemu.host.NicFlow;
import io.fabricemu.host.SortedRuns;
import io.fabricemu.time.Ps;
import java.util.Arrays;
import java.util.List;

/**
 * When the responder QPs of one RoCEv2 NIC have their receives posted: in time (the default), at a flow's
 * {@code recvPostedPs}, or as this NIC starts one of its own flows ({@code recvWithFlowId}, a collective's rank
 * entering a step). A responder whose receive is not posted answers a SEND's first packet with an RNR NAK
 * ({@link RcResponder}). The same workload makes an Ultra Ethernet target send request-to-wait instead.
 */
final class ResponderPosts {
    /** The own flows whose start posts receives, ascending, and for each the responder it posts. */
    private final int[] postingFlowIds;
    private final int[] responderIndex;
    private final RcResponder[] responders;

    ResponderPosts(List<NicFlow> incoming, RcResponder[] responders) {
        this.responders = responders;
        int posting = 0;
        for (int i = 0; i < responders.length; i++) {
            NicFlow f = incoming.get(i);
            if (f.recvPostedPs() >= 0) {
                responders[i].postAt(f.recvPostedPs());
            } else if (f.recvWithFlowId() >= 0) {
                responders[i].postAt(Ps.NEVER);
                posting++;
            }
        }
        long[] keyed = new long[posting];
        int k = 0;
        for (int i = 0; i < responders.length; i++) {
            int with = incoming.get(i).recvWithFlowId();
            if (incoming.get(i).recvPostedPs() < 0 && with >= 0) {
                keyed[k++] = ((long) with << 32) | i; // sorted by poster, then by responder: no tie left open
            }
        }
        Arrays.sort(keyed);
        this.postingFlowIds = new int[posting];
        this.responderIndex = new int[posting];
        for (k = 0; k < posting; k++) {
            postingFlowIds[k] = (int) (keyed[k] >>> 32);
            responderIndex[k] = (int) keyed[k];
        }
    }

    /** This NIC starts its own flow {@code flowId} at {@code nowPs}: the receives posted with it are posted now. */
    void onOwnStart(int flowId, long nowPs) {
        int k = SortedRuns.first(postingFlowIds, flowId);
        for (; k >= 0 && k < postingFlowIds.length && postingFlowIds[k] == flowId; k++) {
            responders[responderIndex[k]].postAt(nowPs);
        }
    }
}

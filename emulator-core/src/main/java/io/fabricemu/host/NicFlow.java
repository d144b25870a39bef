package io.fabricemu.host;

/**
 * A flow as a NIC sees it.
 *
 * @param flowId         global flow id
 * @param peer           the other host
 * @param bytes          payload bytes of the flow
 * @param startPs        when the sender starts it
 * @param entropy        the entropy value its packets carry
 * @param recvPostedPs   when the receive for it is posted on the receiving NIC, -1 when in time or
 *                       {@code recvWithFlowId} says (the sending NIC sees it too, and reads only {@link #postsLate})
 * @param recvWithFlowId on the receiving NIC: the global id of one of its own outgoing flows whose start posts the
 *                       receive, or -1
 */
public record NicFlow(int flowId, int peer, long bytes, long startPs, int entropy, long recvPostedPs,
                      int recvWithFlowId) {
    /** A flow whose receive is posted in time. */
    public NicFlow(int flowId, int peer, long bytes, long startPs, int entropy) {
        this(flowId, peer, bytes, startPs, entropy, -1, -1);
    }

    /** Whether the receive for it may be posted after its first packets arrive. */
    public boolean postsLate() {
        return recvPostedPs >= 0 || recvWithFlowId >= 0;
    }
}

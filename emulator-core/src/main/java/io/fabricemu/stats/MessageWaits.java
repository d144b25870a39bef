package io.fabricemu.stats;

/**
 * What a receiver that was not ready cost one message (a flow). Under the Ultra Ethernet transport its sender
 * counts: the request-to-wait messages (RTW) that came back for packets that found no posted receive, the
 * request-to-send messages (RTS) that let it restart, the payload bytes of its copies the receiver discarded for
 * want of a match, and how long it waited between its first RTW and the RTS that restarted it (US 12,388,756
 * ¶(59)-(60)); a rendezvous send ({@link #fetched}) counts the fetch requests and its wait for the first, and its
 * target what it buffered ({@link #withBuffered}). Under RoCEv2 its responder counts ({@link #rnr}): the RNR NAKs it
 * sent for a SEND with no receive posted (IBTA Volume 1, 9.7.5.2.8), the payload bytes it dropped (the NAKed packets
 * and the out-of-sequence ones behind them), and the time from the first RNR NAK to the first packet that found the
 * receive.
 *
 * @param rtwCount       request-to-wait messages received, stale ones included
 * @param rtsCount       request-to-send messages received, repeats included
 * @param discardedBytes payload bytes of the copies answered by an RTW, or dropped around an RNR NAK: sent, and
 *                       wasted
 * @param waitedPs       time spent waiting, from an RTW that stopped the message to the RTS that restarted it; for a
 *                       rendezvous send, from the last packet of its eager part to the fetch request; under RoCEv2
 *                       from the first RNR NAK to the resend that found the receive
 * @param rnrNaks        RNR NAKs the responder sent for want of a posted receive (RoCEv2 only; switch-generated
 *                       RNR NAKs are not counted here)
 * @param fetchCount     rendezvous sends: fetch requests received, repeats included
 * @param bufferedBytes  rendezvous sends: the eager bytes the target held in its unexpected-message buffer until the
 *                       receive was posted (as the target counted them)
 * @param targetBufferedBytes rendezvous sends: all the target NIC held in that buffer, for every message, just
 *                       before this message's receive was posted; the NIC's peak is the largest of these; for
 *                       a bounce buffer, the most the target's pool held at once
 * @param bounced        the target held the buffered bytes in its bounce buffer ({@code receiverNotReady: buffer})
 *                       or had no room for some of them; its RTWs are then the packets that did not fit
 * @param pdc            what a full PDC table at the target cost the flow's PDC (UET only, US 12,388,756 FIG. 2D)
 */
public record MessageWaits(long rtwCount, long rtsCount, long discardedBytes, long waitedPs, long rnrNaks,
                           long fetchCount, long bufferedBytes, long targetBufferedBytes, boolean bounced,
                           PdcWaits pdc) {
    /** A message that never met a receiver that was not ready. */
    public static final MessageWaits NONE = new MessageWaits(0, 0, 0, 0);

    public MessageWaits {
        java.util.Objects.requireNonNull(pdc, "pdc");
        if (rtwCount < 0 || rtsCount < 0 || discardedBytes < 0 || waitedPs < 0 || rnrNaks < 0 || fetchCount < 0
                || bufferedBytes < 0 || targetBufferedBytes < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were rtw " + rtwCount + ", rts " + rtsCount
                    + ", discardedBytes " + discardedBytes + ", waitedPs " + waitedPs + ", rnrNaks " + rnrNaks
                    + ", fetchCount " + fetchCount + ", bufferedBytes " + bufferedBytes + ", targetBufferedBytes "
                    + targetBufferedBytes);
        }
    }

    /** As the canonical constructor, the PDC never met a full table. */
    public MessageWaits(long rtwCount, long rtsCount, long discardedBytes, long waitedPs, long rnrNaks,
                        long fetchCount, long bufferedBytes, long targetBufferedBytes) {
        this(rtwCount, rtsCount, discardedBytes, waitedPs, rnrNaks, fetchCount, bufferedBytes, targetBufferedBytes,
                false, PdcWaits.NONE);
    }

    /** An Ultra Ethernet message's request-to-wait and request-to-send only. */
    public MessageWaits(long rtwCount, long rtsCount, long discardedBytes, long waitedPs) {
        this(rtwCount, rtsCount, discardedBytes, waitedPs, 0, 0, 0, 0);
    }

    /** A RoCEv2 message's waits, as its responder counted them. */
    public static MessageWaits rnr(long rnrNaks, long droppedBytes, long waitedPs) {
        return new MessageWaits(0, 0, droppedBytes, waitedPs, rnrNaks, 0, 0, 0);
    }

    /** A rendezvous send, as its source counted it. */
    public static MessageWaits fetched(long fetchCount, long waitedPs) {
        return new MessageWaits(0, 0, 0, waitedPs, 0, fetchCount, 0, 0);
    }

    /** These waits, with what the target buffered of the message (its {@link FlowReceiverStats}). */
    public MessageWaits withBuffered(long bufferedBytes, long targetBufferedBytes) {
        return withBuffered(bufferedBytes, targetBufferedBytes, false);
    }

    /** As above; {@code bounced}: held in the target's bounce buffer, not as a rendezvous send's eager part. */
    public MessageWaits withBuffered(long bufferedBytes, long targetBufferedBytes, boolean bounced) {
        return bufferedBytes == 0 && targetBufferedBytes == 0 && !bounced ? this : new MessageWaits(rtwCount,
                rtsCount, discardedBytes, waitedPs, rnrNaks, fetchCount, bufferedBytes, targetBufferedBytes, bounced,
                pdc);
    }

    /** These waits, with what a full PDC table cost the flow's PDC. */
    public MessageWaits withPdc(PdcWaits pdc) {
        return pdc.equals(this.pdc) ? this : new MessageWaits(rtwCount, rtsCount, discardedBytes, waitedPs, rnrNaks,
                fetchCount, bufferedBytes, targetBufferedBytes, bounced, pdc);
    }

    /** Whether the message met a receiver that was not ready at all. */
    public boolean any() {
        return rtwCount > 0 || rtsCount > 0 || rnrNaks > 0 || fetchCount > 0 || bufferedBytes > 0 || pdc.any();
    }
}

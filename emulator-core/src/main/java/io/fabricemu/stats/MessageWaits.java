package io.fabricemu.stats;

/**
 * What a receiver that was not ready cost one message (a flow of the Ultra Ethernet transport), as its sender
 * counted it: the request-to-wait messages (RTW) that came back for packets that found no posted receive, the
 * request-to-send messages (RTS) that let it restart, the payload bytes of its copies the receiver discarded for
 * want of a match, and how long it waited between its first RTW and the RTS that restarted it (US 12,388,756
 * ¶(59)-(60)).
 *
 * @param rtwCount       request-to-wait messages received, stale ones included
 * @param rtsCount       request-to-send messages received, repeats included
 * @param discardedBytes payload bytes of the copies answered by an RTW: sent, and wasted
 * @param waitedPs       time spent waiting, from an RTW that stopped the message to the RTS that restarted it; for a
 *                       rendezvous send, from the last packet of its eager part to the fetch request
 * @param fetchCount     rendezvous sends: fetch requests received, repeats included
 * @param bufferedBytes  rendezvous sends: the eager bytes the target held in its unexpected-message buffer until the
 *                       receive was posted (as the target counted them)
 * @param targetBufferedBytes rendezvous sends: all the target NIC held in that buffer, for every message, just
 *                       before this message's receive was posted; the NIC's peak is the largest of these
 */
public record MessageWaits(long rtwCount, long rtsCount, long discardedBytes, long waitedPs, long fetchCount,
                           long bufferedBytes, long targetBufferedBytes) {
    /** A message that never met a receiver that was not ready. */
    public static final MessageWaits NONE = new MessageWaits(0, 0, 0, 0);

    /** Request-to-wait and request-to-send only. */
    public MessageWaits(long rtwCount, long rtsCount, long discardedBytes, long waitedPs) {
        this(rtwCount, rtsCount, discardedBytes, waitedPs, 0, 0, 0);
    }

    /** A rendezvous send, as its source counted it. */
    public static MessageWaits fetched(long fetchCount, long waitedPs) {
        return new MessageWaits(0, 0, 0, waitedPs, fetchCount, 0, 0);
    }

    /** These waits, with what the target buffered of the message (its {@link FlowReceiverStats}). */
    public MessageWaits withBuffered(long bufferedBytes, long targetBufferedBytes) {
        return bufferedBytes == 0 && targetBufferedBytes == 0 ? this : new MessageWaits(rtwCount, rtsCount,
                discardedBytes, waitedPs, fetchCount, bufferedBytes, targetBufferedBytes);
    }

    public MessageWaits {
        if (fetchCount < 0 || bufferedBytes < 0 || targetBufferedBytes < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were fetchCount " + fetchCount
                    + ", bufferedBytes " + bufferedBytes + ", targetBufferedBytes " + targetBufferedBytes);
        }
        if (rtwCount < 0 || rtsCount < 0 || discardedBytes < 0 || waitedPs < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were rtw " + rtwCount + ", rts " + rtsCount
                    + ", discardedBytes " + discardedBytes + ", waitedPs " + waitedPs);
        }
    }

    /** Whether the message met a receiver that was not ready at all. */
    public boolean any() {
        return rtwCount > 0 || rtsCount > 0 || fetchCount > 0 || bufferedBytes > 0;
    }
}

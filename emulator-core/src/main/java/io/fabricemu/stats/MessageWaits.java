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
 * @param waitedPs       time spent waiting, from an RTW that stopped the message to the RTS that restarted it
 */
public record MessageWaits(long rtwCount, long rtsCount, long discardedBytes, long waitedPs) {
    /** A message that never met a receiver that was not ready. */
    public static final MessageWaits NONE = new MessageWaits(0, 0, 0, 0);

    public MessageWaits {
        if (rtwCount < 0 || rtsCount < 0 || discardedBytes < 0 || waitedPs < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were rtw " + rtwCount + ", rts " + rtsCount
                    + ", discardedBytes " + discardedBytes + ", waitedPs " + waitedPs);
        }
    }

    /** Whether the message met a receiver that was not ready at all. */
    public boolean any() {
        return rtwCount > 0 || rtsCount > 0;
    }
}

package io.fabricemu.uet;

import io.fabricemu.stats.MessageWaits;

/**
 * A source's state machine for one message (a UET flow here), as US 12,388,756 ¶(60) describes it: "sending" from
 * the submission of the send, "waiting" when a request-to-wait (RTW) arrives, back to "sending" when a
 * request-to-send (RTS) arrives, "done" when every packet is acknowledged. While it is sending, the PDC sends the
 * message's packets with its own state machine (congestion control, load balancing, retransmission); while it
 * waits, nothing of the message leaves.
 *
 * <p>An RTW only stops the message if it answers a copy sent since the message last (re)started: one sent before
 * is from the attempt the RTS already ended, and its RTW, late on another path, must not stop the new one. Such a
 * stale RTW still counts (its copy was discarded). An RTS that finds the message sending (a repeat the target
 * sent because no data came soon enough, or one that overtook the RTW) changes nothing.
 *
 * <p>Plain and single-threaded; the caller (the NIC's sender) does what the transitions mean to the PDC.
 */
final class MessageSend {
    enum State {
        SENDING, WAITING, DONE
    }

    private State state = State.SENDING;
    /** When the current attempt began: copies sent before it belong to an earlier one. */
    private long attemptStartPs;
    private long waitingSincePs = -1;
    private long rtws;
    private long rtss;
    private long discardedBytes;
    private long waitedPs;

    State state() {
        return state;
    }

    /** Whether the message's packets may leave. */
    boolean sending() {
        return state == State.SENDING;
    }

    /**
     * An RTW for the copy sent at {@code txPs}, of {@code payloadBytes}, arrived at {@code nowPs}.
     *
     * @return true when it stopped the message (sending to waiting)
     */
    boolean onRtw(long txPs, int payloadBytes, long nowPs) {
        rtws++;
        discardedBytes += payloadBytes;
        if (state != State.SENDING || txPs < attemptStartPs) {
            return false;
        }
        state = State.WAITING;
        waitingSincePs = nowPs;
        return true;
    }

    /**
     * An RTS arrived at {@code nowPs}.
     *
     * @return true when it restarted the message (waiting to sending): the caller sends it again from its first
     *     packet not yet acknowledged
     */
    boolean onRts(long nowPs) {
        rtss++;
        if (state != State.WAITING) {
            return false;
        }
        state = State.SENDING;
        waitedPs += nowPs - waitingSincePs;
        waitingSincePs = -1;
        attemptStartPs = nowPs;
        return true;
    }

    /** Every packet is acknowledged. */
    void done() {
        state = State.DONE;
    }

    /** What waiting cost this message so far. */
    MessageWaits waits() {
        return rtws == 0 && rtss == 0 ? MessageWaits.NONE : new MessageWaits(rtws, rtss, discardedBytes, waitedPs);
    }
}

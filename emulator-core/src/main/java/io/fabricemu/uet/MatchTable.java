package io.fabricemu.uet;

import java.util.HashMap;
import java.util.Map;

/**
 * A target's match table dictionary (US 12,388,756 ¶(57)-(59), FIG. 1L, FIG. 2H): it matches the concatenation of a
 * packet's source and its message sequence number (MSN, a running count of the messages one source sends to this
 * target) to the receive the semantic layer posted for that message. UE 1.0's semantic sublayer (SES) matches a
 * send to a posted receive in the same spirit; here the match carries no buffer, since the emulator writes no data.
 *
 * <ul>
 *   <li>{@link #post}: the semantic layer installs the match for (source, MSN). If a packet of that message had
 *       already failed to match, its "failed match" canary is replaced, and the caller sends a request-to-send
 *       (RTS) so that the source restarts the message (¶(59), operations 281-285 of FIG. 2H).</li>
 *   <li>{@link #onPacket}: a packet of (source, MSN) matches a posted receive, or finds none; then the canary
 *       "failed match" is inserted (or stays) and the caller answers the packet with a request-to-wait (RTW) and
 *       discards it (¶(59), operation 279). Every packet that finds no match causes its own RTW, so RTWs need
 *       no retransmission.</li>
 * </ul>
 * Messages that arrive out of order still match in order: each carries its own MSN, and each MSN has its own entry
 * (FIG. 1F). A receive's states (¶(60)): nonexistent (no entry, or the canary) and posted; a complete receive
 * stays posted here, so that a late duplicate is acknowledged again rather than answered by an RTW.
 *
 * <p>Plain and single-threaded. The map is only looked up, never iterated, so its order decides nothing.
 */
final class MatchTable {
    /** What a packet found. */
    enum Outcome {
        /** A posted receive: the packet's data goes to memory. */
        MATCH,
        /** No posted receive: the packet is discarded and answered by a request-to-wait. */
        FAILED_MATCH
    }

    private enum Entry {
        FAILED, POSTED
    }

    private final Map<Long, Entry> entries = new HashMap<>();
    private long failedMatches;

    private static long key(int source, int msn) {
        return ((long) source << 32) | (msn & 0xFFFF_FFFFL);
    }

    /**
     * The receive for message {@code msn} of {@code source} is posted.
     *
     * @return true when a packet of it had failed to match: the caller sends a request-to-send
     */
    boolean post(int source, int msn) {
        Entry before = entries.get(key(source, msn));
        if (before == Entry.POSTED) {
            throw new IllegalStateException("the receive for message " + msn + " of source " + source
                    + " is posted twice");
        }
        entries.put(key(source, msn), Entry.POSTED);
        return before == Entry.FAILED;
    }

    /** Whether the receive for message {@code msn} of {@code source} has been posted. */
    boolean posted(int source, int msn) {
        return entries.get(key(source, msn)) == Entry.POSTED;
    }

    /** A packet of message {@code msn} of {@code source} arrived. */
    Outcome onPacket(int source, int msn) {
        long k = key(source, msn);
        Entry e = entries.get(k);
        if (e == Entry.POSTED) {
            return Outcome.MATCH;
        }
        if (e == null) {
            entries.put(k, Entry.FAILED);
        }
        failedMatches++;
        return Outcome.FAILED_MATCH;
    }

    /** Packets that found no posted receive, each answered by a request-to-wait. */
    long failedMatches() {
        return failedMatches;
    }
}

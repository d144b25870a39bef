package io.fabricemu.rnrnak;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one switch port learns about the RoCEv2 reliable connections through it by snooping (the article on
 * US 2025/0365235, step 7): for each QP, the requester's QPN and the responder's current MSN, so that a
 * forged RNR NAK carries the fields the requester expects.
 *
 * <ul>
 *   <li>From acknowledgements coming back from the responder (ACK, NAK): the requester's QPN (their BTH
 *       DestQP), the PSN acknowledged and the MSN at that PSN.
 *   <li>From data packets leaving toward the responder: the PSNs of the packets that end a message
 *       (SEND_LAST, SEND_ONLY), so the MSN can be carried forward past the last acknowledgement. The MSN
 *       for a NAK at PSN n is the acknowledged MSN plus the messages ending strictly between the last
 *       acknowledged PSN and n: the number of messages the responder has completed once it has taken every
 *       packet before n, which the NAK acknowledges implicitly.
 * </ul>
 * An entry is usable ({@link Entry#resolved()}) once an acknowledgement gave the QPN and every message end
 * after that acknowledgement passed this port. Connections are keyed by the flow id, which stands for the
 * 5-tuple (the emulator derives the UDP source port from it).
 *
 * <p>Bounded: at most {@code capacity} entries, the least recently seen evicted first (a {@link LinkedHashMap}
 * in access order, so eviction is deterministic), and an entry not seen for {@code agingPs} is forgotten when
 * next looked up.
 */
final class SnoopTable {
    /** One QP's snooped state. */
    static final class Entry {
        private int requesterQpn = -1;
        private long ackedThroughPsn = -1;
        private long ackMsn;
        private long countedFromPsn = Long.MAX_VALUE;
        private long highestForwardedPsn = -1;
        private long highestSeenPsn = -1;
        private long[] endPsns = new long[4];
        private int endHead;
        private int endCount;
        private long lastSeenPs;
        private long lostPsn = -1;
        private long nakedPsn = -1;

        /** The requester's QPN, or -1 before an acknowledgement was seen. */
        int requesterQpn() {
            return requesterQpn;
        }

        /** Whether a NAK can be built: the QPN is known and the MSN can be carried forward exactly. */
        boolean resolved() {
            return requesterQpn >= 0 && countedFromPsn <= ackedThroughPsn + 1;
        }

        /** The responder's MSN once it has taken every packet before {@code psn}. */
        long msnBefore(long psn) {
            long msn = ackMsn;
            for (int i = 0; i < endCount; i++) {
                long end = endPsns[(endHead + i) & (endPsns.length - 1)];
                if (end < psn) {
                    msn++;
                }
            }
            return msn;
        }

        /**
         * The lowest PSN of this QP the port dropped on the normal path (a tail drop) or saw missing, and has
         * not forwarded since, or -1; a PSN the responder has acknowledged or a NAK passed over does not count
         * (its copy dropped here is a duplicate). A NAK must not carry a PSN above it: the NAK acknowledges every PSN below its own, and
         * the requester would never resend that packet.
         */
        long lostPsn() {
            return lostPsn;
        }

        /**
         * A NAK at {@code psn} went to the requester: every PSN below it had passed this port with no hole, so
         * a copy of one of them dropped later is a duplicate, not a loss.
         */
        void nacked(long psn) {
            nakedPsn = Math.max(nakedPsn, psn);
        }

        private void markLost(long psn) {
            if (psn <= ackedThroughPsn || psn < nakedPsn) {
                return;
            }
            if (lostPsn < 0 || psn < lostPsn) {
                lostPsn = psn;
            }
        }

        private void acknowledged(int qpn, long throughPsn, long msn) {
            requesterQpn = qpn;
            if (throughPsn >= ackedThroughPsn) {
                ackedThroughPsn = throughPsn;
                ackMsn = msn;
                if (lostPsn >= 0 && lostPsn <= throughPsn) {
                    lostPsn = -1;
                }
                while (endCount > 0 && endPsns[endHead] <= throughPsn) {
                    endHead = (endHead + 1) & (endPsns.length - 1);
                    endCount--;
                }
            }
        }

        private void forwarded(long psn, boolean endsMessage) {
            if (psn == lostPsn) {
                lostPsn = -1;
            }
            if (psn <= highestForwardedPsn) {
                return;
            }
            highestForwardedPsn = psn;
            if (endsMessage && psn > ackedThroughPsn) {
                if (endCount == endPsns.length) {
                    long[] grown = new long[endPsns.length * 2];
                    for (int i = 0; i < endCount; i++) {
                        grown[i] = endPsns[(endHead + i) & (endPsns.length - 1)];
                    }
                    endPsns = grown;
                    endHead = 0;
                }
                endPsns[(endHead + endCount) & (endPsns.length - 1)] = psn;
                endCount++;
            }
        }
    }

    private final int capacity;
    private final long agingPs;
    private final LinkedHashMap<Integer, Entry> entries;
    private long evictions;

    SnoopTable(int capacity, long agingPs) {
        if (capacity <= 0 || agingPs <= 0) {
            throw new IllegalArgumentException("capacity " + capacity + " and agingPs " + agingPs + " must be > 0");
        }
        this.capacity = capacity;
        this.agingPs = agingPs;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Entry> eldest) {
                if (size() > SnoopTable.this.capacity) {
                    evictions++;
                    return true;
                }
                return false;
            }
        };
    }

    /** The entry of connection {@code flowId} if it is known and fresh; null otherwise. */
    Entry lookup(int flowId, long nowPs) {
        Entry e = entries.get(flowId);
        if (e != null && nowPs - e.lastSeenPs > agingPs) {
            entries.remove(flowId);
            return null;
        }
        return e;
    }

    /** The entry of {@code flowId}, made afresh when unknown or aged out; marked seen at {@code nowPs}. */
    private Entry touch(int flowId, long nowPs) {
        Entry e = lookup(flowId, nowPs);
        if (e == null) {
            e = new Entry();
            entries.put(flowId, e);
        }
        e.lastSeenPs = nowPs;
        return e;
    }

    /**
     * An acknowledgement of connection {@code flowId} passed toward the requester: it names the requester's
     * QP {@code requesterQpn} and says the responder has taken every PSN up to {@code throughPsn} and
     * completed {@code msn} messages.
     */
    void acknowledged(int flowId, int requesterQpn, long throughPsn, long msn, long nowPs) {
        touch(flowId, nowPs).acknowledged(requesterQpn, throughPsn, msn);
    }

    /**
     * A data packet of {@code flowId} with {@code psn} reached the port; returns its entry. The first data
     * packet an entry sees is where it starts counting message ends. A PSN beyond the next one expected
     * means the packets in between were lost upstream (a QP's packets follow one path in order, and a
     * requester never skips forward): the first of them counts as lost, as a tail drop here would.
     */
    Entry dataSeen(int flowId, long psn, long nowPs) {
        Entry e = touch(flowId, nowPs);
        if (e.countedFromPsn == Long.MAX_VALUE) {
            e.countedFromPsn = psn;
        }
        if (e.highestSeenPsn >= 0 && psn > e.highestSeenPsn + 1) {
            e.markLost(e.highestSeenPsn + 1);
        }
        e.highestSeenPsn = Math.max(e.highestSeenPsn, psn);
        return e;
    }

    /** A data packet of {@code flowId} with {@code psn} was queued toward the responder. */
    void forwarded(int flowId, long psn, boolean endsMessage, long nowPs) {
        touch(flowId, nowPs).forwarded(psn, endsMessage);
    }

    /** A data packet of {@code flowId} with {@code psn} was dropped on the normal path (it did not fit). */
    void lost(int flowId, long psn, long nowPs) {
        touch(flowId, nowPs).markLost(psn);
    }

    int size() {
        return entries.size();
    }

    /** Entries pushed out because the table was full. */
    long evictions() {
        return evictions;
    }
}

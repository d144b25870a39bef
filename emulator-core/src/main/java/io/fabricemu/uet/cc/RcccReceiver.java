package io.fabricemu.uet.cc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/**
 * The receiver side of UET receiver credit-based congestion control (RCCC) for one receiver FEP and
 * traffic class: an active sender table and a credit scheduler that, once per time slice, hands out what
 * the receiver's link can carry in that slice.
 *
 * <h2>Algorithm</h2>
 * <ul>
 *   <li><b>Discovery.</b> Every {@code RUD_CC_REQ} carries the sender's CCC id and its credit target, the
 *       backlog it still needs credit for ({@link #onRequest}). The first request from an id adds it to
 *       the table; its cumulative grant starts at {@link RcccParams#initialCreditBytes()}, the credit the
 *       sender was pre-provisioned with, so the first slice's grant brings it from 12,500 B to 25,000 B,
 *       the RCCC post's vector.</li>
 *   <li><b>Credit target.</b> A request's target replaces the previous one: the sender's outstanding
 *       need becomes the reported target, and every grant after that reduces it. The target left the
 *       sender before grants then in flight arrived, so the receiver may grant up to about one round trip
 *       of credit more than the sender ends up using, never less than it needs.</li>
 *   <li><b>Each slice</b> ({@link #onSlice}) supplies {@code receiverRate x slice} bytes ({@link
 *       CreditSupply}: the fractional byte is carried in a fixed schedule, a slice nobody wanted is not
 *       banked) and divides them among the active senders ({@link CreditShares}): {@code supply /
 *       activeSenders} each, never more than a sender's outstanding need, and what one cannot use goes to
 *       the others. 100 Gb/s and 1 us give 12,500 B to one sender, 6,250 B each to two.</li>
 *   <li><b>Remainders.</b> When the supply does not divide evenly the left-over bytes go one each to the
 *       senders in id order, starting after the last sender that got one in an earlier slice, so each
 *       slice's supply is handed out exactly (12,500 B among three: 4,167 + 4,167 + 4,166) and over time
 *       every sender's cumulative grant stays within one byte of the others'.</li>
 *   <li><b>Shares below a packet.</b> With a grant quantum ({@link RcccParams#grantQuantumBytes()}, the
 *       largest packet on the wire), a slice whose equal share is less than one packet, among more senders
 *       than {@link RcccParams#roundLimitBytes()} holds packets, goes out a whole packet at a time, to the
 *       senders in turn, the fraction carried to the next slice ({@link CreditTurns}). A sender can only send
 *       whole packets: divided in bytes, 255 senders get 49 B a slice each and all reach their next packet in
 *       the same slice, so the receiver's link gets them all at once and then idles (BENCHMARKS.md, "RCCC at
 *       large fan-in"). In turns each still gets {@code supply / activeSenders} on average, staggered. Shares
 *       of a packet or more (the RCCC post's 12,500 B and 6,250 B) are divided in bytes as before.</li>
 *   <li><b>Departure.</b> A sender leaves the table when its outstanding need reaches zero (in the slice
 *       whose grant satisfies it, which is still reported), when it reports a target of zero, or when its
 *       context closes ({@link #onSenderClosed}). Its cumulative grant is kept until it closes, so a
 *       sender that comes back with new work continues from the same cumulative value.</li>
 *   <li><b>Trimmed requests.</b> A request that arrives trimmed to its header earns its sender the credit
 *       it spent again ({@link #onTrimmed}): its payload never crossed this link, and the sender must send
 *       it again. The sender cannot be relied on to ask: requests ride on data, and a sender whose credit
 *       ran out has no data it may send. The bytes are owed, not granted at once: they join the sender's
 *       need in the slices, where they are paid before its reported need and which a later request does
 *       not overwrite. htsim's receiver likewise puts the sender of every trimmed packet back in its pull
 *       queue ({@code UecSink::processTrimmed}), where pulls are paced. Giving the credit back at once
 *       re-sends a burst larger than the fabric's buffers (a 1023:1 incast's 12.8 MB of initial credit)
 *       every round trip, and its trimmed headers, served first, fill the last hop. A sender whose later
 *       request already counts the resend gets its bytes twice: at most one packet of extra credit per
 *       trim, which its next targets net out.</li>
 * </ul>
 *
 * <h2>Determinism</h2>
 * The table is ordered by sender CCC id (a {@link TreeMap}); nothing iterates a hash map. Requests from
 * different senders within one slice may arrive in any order with the same result; for one sender, the
 * last request before the slice is the one that counts.
 *
 * <h2>For the integrator</h2>
 * The host calls {@link #onRequest} for every {@code RUD_CC_REQ} that arrives and {@link #onSlice} once
 * every {@link RcccParams#sliceLengthPs()} of virtual time, and sends each returned {@link CreditGrant}'s
 * cumulative value in an {@code ACK_CC} with cc_type {@code CC_CREDIT} in the high traffic class. The
 * sender side is {@link CreditSender}, which also explains how credit combines with the NSCC window.
 * ECN marking at the last-hop switch egress is normally off for the RCCC traffic class: there is only
 * one path to the receiver, so entropy rotation cannot help there, and the credit already holds the
 * senders to the receiver's rate; marks would only make NSCC senders hunt for paths needlessly (the RCCC post,
 * "The RCCC Mechanism").
 *
 * <h2>Sources</h2>
 * UE 1.0, RCCC; "Ultra Ethernet: Receiver Credit-based Congestion Control (RCCC)" (nwktimes.blogspot.com,
 * 5 February 2026), the RCCC post: the
 * active sender table, the credit target, 1 us slices, {@code 12.5 GB/s x 1 us / active senders}, the
 * 25,000 B cumulative grant and the ECN note. For structure only: htsim (the Ultra
 * Ethernet consortium's packet simulator, {@code sim/uec.cpp}), whose receiver likewise sends cumulative
 * grants ("pulls") and whose sender ignores a pull number not above the last one. htsim paces one pull
 * per packet round-robin instead of dividing time slices, and its sender reports an absolute pull target;
 * this class follows the post's slices and backlog target instead.
 */
public final class RcccReceiver {
    private final RcccParams params;
    private final CreditSupply supply;
    /** Whole-packet turns for shares below a packet, or null when every slice is divided in bytes. */
    private final CreditTurns turns;
    /** Every sender with an open context, by id: its cumulative grant lives here while it is idle. */
    private final TreeMap<Long, Sender> known = new TreeMap<>();
    /** The active sender table: senders with an outstanding need, by id. */
    private final TreeMap<Long, Sender> active = new TreeMap<>();
    /** {@link #onSlice}'s tables, one entry per active sender in id order. */
    private Sender[] senders = new Sender[0];
    private long[] ids = new long[0];
    private long[] needBytes = new long[0];
    private long[] grantBytes = new long[0];
    private boolean extraRotationStarted;
    private long lastExtraSenderId;
    private long grantedBytes;
    private long lastPs = Long.MIN_VALUE;

    public RcccReceiver(RcccParams params) {
        if (params == null) {
            throw new IllegalArgumentException("params must not be null");
        }
        this.params = params;
        this.supply = new CreditSupply(params.receiverRateBps(), params.sliceLengthPs());
        this.turns = params.grantQuantumBytes() > 0
                ? new CreditTurns(params.grantQuantumBytes(), params.roundLimitBytes())
                : null;
    }

    public RcccParams params() {
        return params;
    }

    /**
     * A {@code RUD_CC_REQ} from {@code senderCccId} arrived at {@code nowPs}, reporting that the sender
     * still needs {@code creditTargetBytes} of credit. A new id joins the table; a known id's outstanding
     * need becomes {@code creditTargetBytes}; a target of 0 takes the sender out of the table.
     */
    public void onRequest(long senderCccId, long creditTargetBytes, long nowPs) {
        if (creditTargetBytes < 0) {
            throw new IllegalArgumentException("creditTargetBytes must be >= 0, was " + creditTargetBytes);
        }
        advanceTo(nowPs);
        Sender sender = known.get(senderCccId);
        if (sender == null) {
            sender = new Sender(senderCccId, params.initialCreditBytes());
            known.put(senderCccId, sender);
        }
        sender.outstandingBytes = creditTargetBytes;
        if (creditTargetBytes == 0 && sender.returnedBytes == 0) {
            active.remove(senderCccId);
        } else {
            active.put(senderCccId, sender);
        }
    }

    /**
     * The sender's congestion control context closed at {@code nowPs} (its last PDC closed): it leaves the
     * table and its cumulative grant is forgotten, so a later context with the same id starts afresh from
     * the initial credit. Unknown ids are ignored.
     */
    public void onSenderClosed(long senderCccId, long nowPs) {
        advanceTo(nowPs);
        active.remove(senderCccId);
        known.remove(senderCccId);
    }

    /**
     * A request from {@code senderCccId} arrived at {@code nowPs} trimmed: its {@code wireBytes} (as sent,
     * header included) are owed to the sender again, paid through the slices ahead of its reported need, so
     * that it can retransmit it; the sender (re)joins the active table. Call after the request's
     * {@link #onRequest}. The sender's cumulative grant stays as it is until a slice pays the bytes.
     */
    public void onTrimmed(long senderCccId, long wireBytes, long nowPs) {
        if (wireBytes <= 0) {
            throw new IllegalArgumentException("wireBytes must be > 0, was " + wireBytes);
        }
        Sender sender = known.get(senderCccId);
        if (sender == null) {
            throw new IllegalStateException("sender CCC " + senderCccId + " has made no request");
        }
        advanceTo(nowPs);
        sender.returnedBytes = Math.addExact(sender.returnedBytes, wireBytes);
        active.put(senderCccId, sender);
    }

    /**
     * One time slice starts at {@code nowPs}: divides its supply among the active senders and returns what
     * each got, in id order, leaving out senders given nothing. Senders whose need is met leave the table.
     */
    public List<CreditGrant> onSlice(long nowPs) {
        advanceTo(nowPs);
        long budgetBytes = supply.nextSliceBytes();
        int n = active.size();
        if (n == 0) {
            if (turns != null) {
                turns.idle();
            }
            return List.of();
        }
        if (ids.length != n) { // the slice's tables, kept while the number of active senders stays
            senders = new Sender[n];
            ids = new long[n];
            needBytes = new long[n];
            grantBytes = new long[n];
        }
        int firstExtra = 0;
        boolean firstExtraFound = !extraRotationStarted;
        int i = 0;
        for (Sender s : active.values()) {
            senders[i] = s;
            ids[i] = s.id;
            needBytes[i] = s.outstandingBytes + s.returnedBytes;
            if (!firstExtraFound && s.id > lastExtraSenderId) {
                firstExtra = i;
                firstExtraFound = true;
            }
            i++;
        }
        int lastExtra = CreditShares.divide(budgetBytes, needBytes, firstExtra, grantBytes);
        boolean inTurns = turns != null && turns.handOut(ids, needBytes, grantBytes);
        if (lastExtra >= 0 && !inTurns) {
            extraRotationStarted = true;
            lastExtraSenderId = senders[lastExtra].id;
        }
        List<CreditGrant> grants = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            long g = grantBytes[j];
            if (g == 0) {
                continue;
            }
            Sender s = senders[j];
            s.cumulativeGrantBytes += g;
            long returned = Math.min(g, s.returnedBytes);
            s.returnedBytes -= returned;
            s.outstandingBytes -= g - returned;
            grantedBytes += g;
            grants.add(new CreditGrant(s.id, g, s.cumulativeGrantBytes));
            if (s.outstandingBytes == 0 && s.returnedBytes == 0) {
                active.remove(s.id);
            }
        }
        return Collections.unmodifiableList(grants);
    }

    /**
     * All credit {@code senderCccId} has been given, in bytes, its pre-provisioned initial credit
     * included: the value an {@code ACK_CC} to it carries. 0 for an id never seen (or closed).
     */
    public long cumulativeGrantBytes(long senderCccId) {
        Sender s = known.get(senderCccId);
        return s == null ? 0 : s.cumulativeGrantBytes;
    }

    /** Bytes {@code senderCccId} still needs as far as the receiver knows; 0 when it is not in the table. */
    public long outstandingBytes(long senderCccId) {
        Sender s = active.get(senderCccId);
        return s == null ? 0 : s.outstandingBytes + s.returnedBytes;
    }

    /** Whether {@code senderCccId} is in the active sender table. */
    public boolean isActive(long senderCccId) {
        return active.containsKey(senderCccId);
    }

    /** Senders in the active sender table. */
    public int activeSenders() {
        return active.size();
    }

    /** Slices started so far. */
    public long slices() {
        return supply.slices();
    }

    /** Credit granted in all slices so far, in bytes, initial credits not included. */
    public long grantedBytes() {
        return grantedBytes;
    }

    private void advanceTo(long nowPs) {
        if (nowPs < lastPs) {
            throw new IllegalArgumentException("time went backwards: nowPs " + nowPs + " after " + lastPs);
        }
        lastPs = nowPs;
    }

    private static final class Sender {
        final long id;
        long cumulativeGrantBytes;
        long outstandingBytes;
        /** Credit of trimmed requests still to be given back through the slices. */
        long returnedBytes;

        Sender(long id, long initialCreditBytes) {
            this.id = id;
            this.cumulativeGrantBytes = initialCreditBytes;
        }
    }
}

package io.fabricemu.wreb;

import io.fabricemu.net.BtsCause;
import java.util.TreeMap;

/**
 * What one sending connection remembers of the back-to-sender notices it got (US 12,388,756,
 * paragraphs (11) and (14)): the sender reacts to a notice at once instead of a
 * round trip later, and must neither count the same congestion twice nor miss a loss. The patent gives no
 * reactions; the table below is our choice.
 * <pre>
 *   no earlier notice for the PSN, EARLY  -&gt; DECREASE; remember the PSN and the bit
 *   no earlier notice, DROP               -&gt; DECREASE_AND_RETRANSMIT
 *   an earlier notice, DROP or other bit   -&gt; RETRANSMIT (the packet was lost after its early notice;
 *                                            no second decrease); forget the PSN
 *   an earlier notice, same bit, EARLY     -&gt; IGNORE (a duplicate)
 *   the packet's ACK echoes ECN           -&gt; not counted if the PSN is remembered ({@link #echoCovered})
 * </pre>
 * Only PSNs still in flight are kept: an acknowledgement forgets them ({@link #echoCovered},
 * {@link #acknowledgedBelow}), a retransmission reaction forgets its PSN. Plain, single-threaded.
 */
public final class SenderNotices {
    /** What the sender does about a notice. */
    public enum Reaction {
        /** One congestion decrease now, nothing resent. */
        DECREASE,
        /** Resend the PSN at once, no decrease (its congestion was already counted). */
        RETRANSMIT,
        /** One decrease and resend the PSN: a drop with no early notice before it. */
        DECREASE_AND_RETRANSMIT,
        /** A duplicate: nothing. */
        IGNORE
    }

    private final TreeMap<Long, Integer> earlyBitByPsn = new TreeMap<>();
    private long received;
    private long decreases;
    private long retransmits;
    private long echoesIgnored;
    private long secondNotices;
    private long earlyRepeats;

    /** A notice for {@code psn} with {@code ecnBit} and {@code cause} arrived. */
    public Reaction onNotice(long psn, int ecnBit, BtsCause cause) {
        received++;
        Integer first = earlyBitByPsn.get(psn);
        Reaction r;
        if (first == null) {
            if (cause == BtsCause.EARLY) {
                earlyBitByPsn.put(psn, ecnBit);
                r = Reaction.DECREASE;
            } else {
                r = Reaction.DECREASE_AND_RETRANSMIT;
            }
        } else if (cause == BtsCause.DROP || first != ecnBit) {
            earlyBitByPsn.remove(psn);
            secondNotices++;
            r = Reaction.RETRANSMIT;
        } else {
            r = Reaction.IGNORE;
        }
        if (first != null && cause == BtsCause.EARLY) {
            earlyRepeats++;
        }
        if (r == Reaction.DECREASE || r == Reaction.DECREASE_AND_RETRANSMIT) {
            decreases++;
        }
        if (r == Reaction.RETRANSMIT || r == Reaction.DECREASE_AND_RETRANSMIT) {
            retransmits++;
        }
        return r;
    }

    /**
     * The sender could not resend {@code psn} on a notice it counted as a retransmission (the packet was
     * acknowledged, already queued for resending, or sent again since): the retransmission is taken back from
     * the count.
     */
    public void retransmitStale(long psn) {
        earlyBitByPsn.remove(psn);
        retransmits--;
    }

    /**
     * {@code psn} was acknowledged: true (and the echo is to be ignored) when an early notice for it was
     * already acted on. Forgets the PSN either way.
     */
    public boolean echoCovered(long psn, boolean ecnEcho) {
        boolean covered = earlyBitByPsn.remove(psn) != null;
        if (covered && ecnEcho) {
            echoesIgnored++;
        }
        return covered;
    }

    /** Every PSN below {@code psn} was acknowledged: forget them. */
    public void acknowledgedBelow(long psn) {
        earlyBitByPsn.headMap(psn).clear();
    }

    /** PSNs remembered now (in flight with an early notice). */
    public int tracked() {
        return earlyBitByPsn.size();
    }

    /** Notices received. */
    public long received() {
        return received;
    }

    /**
     * Notices handed to the congestion control as a congestion signal (at most one per transmission of a
     * packet); the algorithm may still hold, e.g. NSCC when the reported delay is under its target.
     */
    public long decreases() {
        return decreases;
    }

    /** PSNs resent on notices. */
    public long retransmits() {
        return retransmits;
    }

    /** Second notices for a packet: a drop notice, or a notice with the other bit, after an early one. */
    public long secondNotices() {
        return secondNotices;
    }

    /**
     * Early notices for a packet that already had one (whichever bit they carry): what the duplicate rule of
     * the switches prevents, since a packet that drew a notice goes on marked CE.
     */
    public long earlyRepeats() {
        return earlyRepeats;
    }

    /** ACK ECN echoes not counted because a notice already reported that congestion. */
    public long echoesIgnored() {
        return echoesIgnored;
    }
}

package io.fabricemu.uet;

/**
 * The target side of one UET packet delivery context in reliable ordered delivery (ROD): which arriving
 * packets are delivered, which are acknowledged again, and when a NACK goes back. There is no reorder
 * buffer: only the expected PSN is delivered, so everything the PDC delivers is in PSN order.
 *
 * <h2>Rules</h2> (the sources are silent on ROD's recovery; these follow InfiniBand RC's go-back-N, see
 * {@link RodPdcSender})
 * <ul>
 *   <li>The expected PSN, intact: {@link Verdict#DELIVER}. The caller hands it on (to memory) and then calls
 *       {@link #delivered}, which advances the expected PSN; if the caller cannot take it (the memory buffer
 *       is full) it does not, and the packet counts as lost.</li>
 *   <li>A PSN below the expected one, intact: {@link Verdict#DUPLICATE}, delivered already; it is
 *       acknowledged again so that an initiator that went back without need learns the cumulative PSN.
 *       Trimmed: {@link Verdict#IGNORE}.</li>
 *   <li>A later PSN, intact or trimmed: discarded. The first one of a gap is answered by
 *       {@link Verdict#NACK} naming the expected PSN; the others of the same gap by {@link Verdict#IGNORE}
 *       (once per gap episode, not per packet). The episode ends when the NACKed PSN is delivered.</li>
 *   <li>The expected PSN trimmed: {@link Verdict#NACK} of it, every time, even within an episode. The trim is
 *       proof that this copy is lost, and the copy may be the initiator's answer to the episode's first NACK,
 *       trimmed again; without this NACK only a timeout would recover it. The initiator ignores the NACK if
 *       it concerns an older copy ({@link RodPdcSender#onNack}).</li>
 * </ul>
 * A PSN lost without a trim in the middle of a go-back (a drop) leaves the episode open: the initiator's
 * retransmission timeout recovers it, as InfiniBand's does.
 *
 * <p>Plain and single-threaded.
 */
public final class RodReceiver {
    /** What the target does with an arriving packet. */
    public enum Verdict {
        /** The expected PSN: deliver it, then call {@link #delivered}. */
        DELIVER,
        /** Delivered before: acknowledge it again, deliver nothing. */
        DUPLICATE,
        /** Discard it and send a NACK naming {@link #expectedPsn()}. */
        NACK,
        /** Discard it silently. */
        IGNORE
    }

    private final int packetCount;
    private long expectedPsn;
    /** The PSN NACKed in the open gap episode, or -1 when none is open. */
    private long nackedPsn = -1;
    private long nacks;
    private long discardedPackets;

    public RodReceiver(int packetCount) {
        if (packetCount <= 0) {
            throw new IllegalArgumentException("packetCount must be > 0, was " + packetCount);
        }
        this.packetCount = packetCount;
    }

    /** A packet of PSN {@code psn} arrived, {@code trimmed} to its header or intact. */
    public Verdict onArrival(long psn, boolean trimmed) {
        if (psn < 0 || psn >= packetCount) {
            throw new IllegalArgumentException("PSN " + psn + " outside 0.." + (packetCount - 1));
        }
        if (psn < expectedPsn) {
            if (trimmed) {
                return Verdict.IGNORE;
            }
            return Verdict.DUPLICATE;
        }
        if (psn == expectedPsn && !trimmed) {
            return Verdict.DELIVER;
        }
        if (!trimmed) {
            discardedPackets++;
        }
        boolean reported = nackedPsn == expectedPsn;
        if (reported && !(trimmed && psn == expectedPsn)) {
            return Verdict.IGNORE;
        }
        nackedPsn = expectedPsn;
        nacks++;
        return Verdict.NACK;
    }

    /** The packet {@link #onArrival} found {@link Verdict#DELIVER}able was delivered: expect the next PSN. */
    public void delivered(long psn) {
        if (psn != expectedPsn) {
            throw new IllegalArgumentException("delivered PSN " + psn + ", expected " + expectedPsn);
        }
        expectedPsn++;
        if (nackedPsn >= 0 && nackedPsn < expectedPsn) {
            nackedPsn = -1;
        }
    }

    /** The next PSN to deliver: every PSN below it has been delivered, in order. */
    public long expectedPsn() {
        return expectedPsn;
    }

    /** Whether a gap has been NACKed and its PSN not yet delivered. */
    public boolean gapReported() {
        return nackedPsn >= 0;
    }

    /** NACKs sent. */
    public long nacks() {
        return nacks;
    }

    /** Intact packets beyond the expected PSN that were discarded. */
    public long discardedPackets() {
        return discardedPackets;
    }
}

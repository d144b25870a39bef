package io.fabricemu.uet;

import io.fabricemu.net.DeliveryMode;

/**
 * The sending side of any packet delivery context, whatever its {@link DeliveryMode}: what both modes keep of
 * their packets (sizes, each PSN's last transmission time and entropy value), the SYN handshake, and the
 * outcome counters. Which packet goes next and what acknowledgements, NACKs and timeouts do differ by mode and
 * are {@link PdcSender}'s (RUD) and {@link RodPdcSender}'s (ROD).
 */
public abstract sealed class Pdc permits PdcSender, RodPdcSender {
    static final long NEVER = Long.MAX_VALUE;

    private final PdcPackets packets;
    private final long rtoPs;
    /** Last transmission time of each PSN sent. */
    private final long[] sentPs;
    /** Entropy value of each PSN's last transmission. */
    private final int[] entropy;
    private int dpdcid;
    private long retransmittedBytes;
    private long timeoutCount;
    private long nackCount;
    private long closedPs = -1;

    Pdc(int flowId, long totalBytes, int payloadPerPacketBytes, int headerBytes, long rtoPs) {
        this.packets = new PdcPackets(flowId, totalBytes, payloadPerPacketBytes, headerBytes, rtoPs);
        this.rtoPs = rtoPs;
        this.sentPs = new long[packets.count()];
        this.entropy = new int[packets.count()];
    }

    public abstract DeliveryMode mode();

    /** The PSN to send next, or -1 when nothing is waiting to go. */
    public abstract int nextPsn();

    /**
     * Packet {@code psn}, as {@link #nextPsn()} gave it, left at {@code nowPs} with entropy value {@code ev}.
     *
     * @return true when it was a retransmission
     */
    public abstract boolean sent(int psn, int ev, long nowPs);

    public final int flowId() {
        return packets.flowId();
    }

    /** Number of packets, so PSNs run from 0 to {@code packetCount() - 1}. */
    public final int packetCount() {
        return packets.count();
    }

    /** Bytes on the wire of the whole flow, every packet sent once: what RCCC asks credit for. */
    public final long wireBytes() {
        return packets.wireBytes();
    }

    /** Payload of packet {@code psn}: full except possibly the last. */
    public final int payloadOf(long psn) {
        return packets.payloadOf(psn);
    }

    /** Bytes on the wire of packet {@code psn}. */
    public final int wireBytesOf(long psn) {
        return packets.wireBytesOf(psn);
    }

    /** Whether requests still carry SYN (no ACK_CC yet). */
    public final boolean syn() {
        return dpdcid == 0;
    }

    /** The target's PDC id, 0 until the first ACK_CC. */
    public final int dpdcid() {
        return dpdcid;
    }

    /** The entropy value PSN {@code psn} last went out with. */
    public final int entropyOf(long psn) {
        return entropy[(int) psn];
    }

    /** The deadline for a timer armed now, after a transmission at {@code nowPs}. */
    public final long deadlineAfterSend(long nowPs) {
        return nowPs + rtoPs;
    }

    /** Whether every packet has been acknowledged. */
    public final boolean closed() {
        return closedPs >= 0;
    }

    /** When the last packet was acknowledged, or -1. */
    public final long closedPs() {
        return closedPs;
    }

    /** Payload bytes sent more than once. */
    public final long retransmittedBytes() {
        return retransmittedBytes;
    }

    /** Retransmission timeouts that gave packets up. */
    public final long timeouts() {
        return timeoutCount;
    }

    /** NACKs that were not stale: each queued a packet again (RUD) or made the PDC go back (ROD). */
    public final long nacks() {
        return nackCount;
    }

    /** When packet {@code psn}'s last copy left. */
    final long sentPs(int psn) {
        return sentPs[psn];
    }

    /** When packet {@code psn}'s last copy times out: its transmission plus the retransmission timeout. */
    final long deadlineOf(int psn) {
        return sentPs[psn] + rtoPs;
    }

    /** Records a copy of {@code psn} leaving at {@code nowPs} with entropy {@code ev}; {@code again}: a resend. */
    final void recordSent(int psn, int ev, long nowPs, boolean again) {
        if (again) {
            retransmittedBytes += payloadOf(psn);
        }
        sentPs[psn] = nowPs;
        entropy[psn] = ev;
    }

    /**
     * An ACK_CC named {@code spdcid} as the target's PDC id: the first one sets it, every later one must repeat
     * it.
     */
    final void targetIs(int spdcid) {
        if (spdcid <= 0) {
            throw new IllegalArgumentException("flow " + flowId() + ": target PDC id must be > 0, was " + spdcid);
        }
        if (dpdcid == 0) {
            dpdcid = spdcid;
        } else if (dpdcid != spdcid) {
            throw new IllegalStateException("flow " + flowId() + ": target PDC id changed from " + dpdcid + " to "
                    + spdcid);
        }
    }

    /** Every packet is acknowledged as of {@code nowPs} (the first time counts). */
    final void closeAt(long nowPs) {
        if (closedPs < 0) {
            closedPs = nowPs;
        }
    }

    final void countTimeout() {
        timeoutCount++;
    }

    final void countNack() {
        nackCount++;
    }
}

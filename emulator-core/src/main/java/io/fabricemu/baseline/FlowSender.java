package io.fabricemu.baseline;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.CongestionController;
import io.fabricemu.net.Packets;

/**
 * The sending half of the baseline reliable transport for one flow: segmentation into packets of at most
 * {@code payloadPerPacketBytes}, consecutive PSNs, a fixed window over the bytes in flight ({@link FixedWindow},
 * a {@link CongestionController} fed every send, acknowledgement, NACK and timeout), cumulative
 * acknowledgements and go-back-N after a retransmission timeout.
 *
 * <p>Bytes in flight are derived, never counted separately: they are the payload of PSNs in
 * {@code [firstUnackedPsn, nextPsn)}. After a timeout {@code nextPsn} falls back to the first
 * unacknowledged PSN; a late cumulative ACK beyond it moves it forward again. Payload sent for a PSN below
 * the highest ever sent counts as retransmitted.
 *
 * <p>A NACK (the receiver got only the header of a trimmed packet) queues that PSN for retransmission
 * ahead of new data. It is still counted in flight, so it goes again without waiting for the window.
 */
public final class FlowSender implements FixedWindow.Flight {
    private final int flowId;
    private final long totalBytes;
    private final int payloadPerPacketBytes;
    private final long packetCount;
    private final long rtoPs;
    private final CongestionController cc;
    private long nextPsn;
    private long firstUnackedPsn;
    private long sentFrontierPsn;
    private long retransmittedBytes;
    private long ackedAllPs = -1;
    /** The latest round trip: an ACK's arrival less the send time it echoes, -1 before the first. */
    private long lastRttPs = -1;
    /** The payload of the packet {@link #lastRttPs} timed. */
    private int lastRttPayloadBytes;
    /**
     * When the flow's last packet (the only one that may be short) was last sent: an echo of this time times it,
     * since the NIC sends a flow's packets at distinct times.
     */
    private long lastPacketSentPs = -1;
    private long rtoDeadlinePs = Long.MAX_VALUE;
    private final java.util.ArrayDeque<Long> nacked = new java.util.ArrayDeque<>();

    /** A flow of {@code totalBytes} that may have {@code windowBytes} of payload in flight. */
    public FlowSender(int flowId, long totalBytes, int payloadPerPacketBytes, long rtoPs, long windowBytes) {
        if (totalBytes <= 0 || payloadPerPacketBytes <= 0 || rtoPs <= 0) {
            throw new IllegalArgumentException("flow " + flowId + ": totalBytes " + totalBytes
                    + ", payloadPerPacketBytes " + payloadPerPacketBytes + ", rtoPs " + rtoPs);
        }
        this.flowId = flowId;
        this.totalBytes = totalBytes;
        this.payloadPerPacketBytes = payloadPerPacketBytes;
        this.packetCount = Packets.of(totalBytes, payloadPerPacketBytes);
        this.rtoPs = rtoPs;
        this.cc = new FixedWindow(windowBytes, this);
    }

    public int flowId() {
        return flowId;
    }

    public long packetCount() {
        return packetCount;
    }

    public boolean done() {
        return firstUnackedPsn == packetCount;
    }

    @Override
    public long inflightBytes() {
        return bytesBetween(firstUnackedPsn, nextPsn);
    }

    /** Its latest round-trip sample in ps, -1 before its first ACK. */
    public long lastRttPs() {
        return lastRttPs;
    }

    /** The payload of the data packet {@link #lastRttPs} timed. */
    public int lastRttPayloadBytes() {
        return lastRttPayloadBytes;
    }

    /** The window it sends under. */
    public long windowBytes() {
        return cc.windowBytes();
    }

    public long retransmittedBytes() {
        return retransmittedBytes;
    }

    /** When the last byte was acknowledged, or -1. */
    public long ackedAllPs() {
        return ackedAllPs;
    }

    /** Payload of packet {@code psn}: full except possibly the last. */
    public int payloadOf(long psn) {
        return (int) Math.min(payloadPerPacketBytes, totalBytes - psn * payloadPerPacketBytes);
    }

    /**
     * The PSN of the next packet the window lets go at {@code nowPs}, or -1 when there is none (all sent,
     * window full, or paced to later; see {@link #pacedUntilPs}).
     */
    public long nextSendablePsn(long nowPs) {
        while (!nacked.isEmpty()) {
            long psn = nacked.peekFirst();
            if (psn >= firstUnackedPsn && psn < nextPsn) {
                return psn;
            }
            nacked.pollFirst();
        }
        if (nextPsn >= packetCount) {
            return -1;
        }
        if (!cc.canSend(payloadOf(nextPsn))) {
            return -1;
        }
        if (cc.nextSendPs(nowPs) > nowPs) {
            return -1;
        }
        return nextPsn;
    }

    /** When pacing alone holds the next packet back, the time it may go; otherwise {@link Long#MAX_VALUE}. */
    public long pacedUntilPs(long nowPs) {
        if (nextPsn >= packetCount || !cc.canSend(payloadOf(nextPsn))) {
            return Long.MAX_VALUE;
        }
        long t = cc.nextSendPs(nowPs);
        return t > nowPs ? t : Long.MAX_VALUE;
    }

    /**
     * Records that packet {@code psn}, as {@link #nextSendablePsn} gave it, left at {@code nowPs}.
     *
     * @return the retransmission deadline to arm if no timer is pending, in ps
     */
    public long sent(long psn, long nowPs) {
        int payload = payloadOf(psn);
        if (psn == packetCount - 1) {
            lastPacketSentPs = nowPs;
        }
        if (psn < sentFrontierPsn) {
            retransmittedBytes += payload;
        } else {
            sentFrontierPsn = psn + 1;
        }
        if (!nacked.isEmpty() && nacked.peekFirst() == psn) {
            nacked.pollFirst();
        } else if (psn == nextPsn) {
            nextPsn = psn + 1;
        } else {
            throw new IllegalArgumentException("flow " + flowId + ": PSN " + psn + " is not the one to send");
        }
        cc.onSent(nowPs, payload);
        if (rtoDeadlinePs == Long.MAX_VALUE) {
            rtoDeadlinePs = nowPs + rtoPs;
        }
        return rtoDeadlinePs;
    }

    /**
     * Applies a cumulative acknowledgement (every PSN below {@code cumulativePsn} was received).
     *
     * @return true when it acknowledged the flow's last byte
     */
    public boolean acked(long cumulativePsn, long nowPs, long echoedTimestampPs, boolean ecnEcho) {
        long newly = 0;
        if (cumulativePsn > firstUnackedPsn) {
            newly = bytesBetween(firstUnackedPsn, cumulativePsn);
            firstUnackedPsn = cumulativePsn;
            nextPsn = Math.max(nextPsn, cumulativePsn);
            rtoDeadlinePs = firstUnackedPsn < nextPsn ? nowPs + rtoPs : Long.MAX_VALUE;
        }
        cc.onAck(new AckCc(nowPs, echoedTimestampPs, 0, bytesBetween(0, firstUnackedPsn), ecnEcho, 0, false),
                CongestionController.NO_ENTROPY);
        lastRttPs = nowPs - echoedTimestampPs;
        lastRttPayloadBytes = payloadOf(echoedTimestampPs == lastPacketSentPs ? packetCount - 1 : 0);
        if (newly > 0 && done()) {
            ackedAllPs = nowPs;
            rtoDeadlinePs = Long.MAX_VALUE;
            return true;
        }
        return false;
    }

    /** The receiver got PSN {@code psn} trimmed: send it again before new data (if still unacknowledged). */
    public void nacked(long psn, long nowPs) {
        if (psn >= firstUnackedPsn && psn < nextPsn && !nacked.contains(psn)) {
            nacked.addLast(psn);
        }
        cc.onNack(nowPs, payloadOf(psn), CongestionController.NO_ENTROPY, 0);
    }

    /** The deadline of the retransmission timer, or {@link Long#MAX_VALUE} when nothing is outstanding. */
    public long rtoDeadlinePs() {
        return rtoDeadlinePs;
    }

    /**
     * The timer fired at {@code nowPs}. If its deadline has really passed with data outstanding: go back
     * to the first unacknowledged PSN and tell the controller.
     *
     * @return true when it timed out (the caller should try to send)
     */
    public boolean timerFired(long nowPs) {
        if (rtoDeadlinePs > nowPs || firstUnackedPsn >= nextPsn) {
            return false;
        }
        nextPsn = firstUnackedPsn;
        nacked.clear();
        rtoDeadlinePs = Long.MAX_VALUE;
        cc.onTimeout(nowPs, payloadOf(firstUnackedPsn));
        return true;
    }

    private long bytesBetween(long fromPsn, long toPsn) {
        if (toPsn <= fromPsn) {
            return 0;
        }
        long end = Math.min(toPsn * payloadPerPacketBytes, totalBytes);
        return end - fromPsn * payloadPerPacketBytes;
    }
}

package io.fabricemu.host;

import io.fabricemu.net.Packets;
import java.util.BitSet;
import java.util.function.IntConsumer;

/**
 * The receiving half of the baseline transport for one flow: remembers which PSNs arrived, counts each
 * payload byte once, and gives the cumulative PSN (the first one missing) to acknowledge.
 */
public final class FlowReceiver {
    private final int flowId;
    private final long packetCount;
    private final BitSet received = new BitSet();
    private long cumulativePsn;
    private long deliveredBytes;
    private long duplicatePackets;
    private long receivedPackets;
    private long outOfOrderDeliveries;
    private long finishPs = -1;
    /** The data may all be in, but the message completes only at {@link #releaseCompletion}. */
    private boolean completionHeld;
    private final IntConsumer onFinished;

    /** As below, telling nobody when the flow finishes. */
    public FlowReceiver(int flowId, long totalBytes, int payloadPerPacketBytes) {
        this(flowId, totalBytes, payloadPerPacketBytes, id -> { });
    }

    /**
     * Rejects sizes that are not positive and flows of more packets than an int indexes, less one;
     * {@code onFinished} hears the flow's id when its last missing byte is delivered.
     */
    public FlowReceiver(int flowId, long totalBytes, int payloadPerPacketBytes, IntConsumer onFinished) {
        if (totalBytes <= 0 || payloadPerPacketBytes <= 0) {
            throw new IllegalArgumentException("flow " + flowId + ": totalBytes " + totalBytes
                    + " and payloadPerPacketBytes " + payloadPerPacketBytes + " must be > 0");
        }
        this.flowId = flowId;
        this.onFinished = onFinished;
        this.packetCount = Packets.of(totalBytes, payloadPerPacketBytes);
        if (packetCount > Packets.MAX_INDEXED) {
            throw new IllegalArgumentException("flow " + flowId + ": " + packetCount + " packets is more than the "
                    + Packets.MAX_INDEXED + " a receiver indexes");
        }
    }

    public int flowId() {
        return flowId;
    }

    /**
     * A data packet is delivered at {@code nowPs}: its last bit arrived or, at a receiver that models memory,
     * its payload was committed to memory. The flow finishes at the first {@code nowPs} by which every byte is.
     *
     * @return the cumulative PSN to acknowledge
     */
    public long onData(long psn, int payloadBytes, long nowPs) {
        if (psn < 0 || psn >= packetCount) {
            throw new IllegalArgumentException("flow " + flowId + ": PSN " + psn + " outside 0.." + (packetCount - 1));
        }
        int index = (int) psn;
        if (received.get(index)) {
            duplicatePackets++;
            return cumulativePsn;
        }
        received.set(index);
        receivedPackets++;
        if (psn > cumulativePsn) {
            outOfOrderDeliveries++;
        }
        deliveredBytes += payloadBytes;
        if (psn == cumulativePsn) {
            cumulativePsn = received.nextClearBit(index);
        }
        if (cumulativePsn == packetCount && finishPs < 0 && !completionHeld) {
            finishPs = nowPs;
            onFinished.accept(flowId);
        }
        return cumulativePsn;
    }

    /**
     * The flow's data is taken (and acknowledged) as before, but it does not finish until {@link #releaseCompletion}:
     * a target that holds data in a bounce buffer completes the message only when its receive is posted.
     */
    public void holdCompletion() {
        completionHeld = true;
    }

    /** Ends {@link #holdCompletion}: the flow finishes now if every byte has arrived, else when the last one does. */
    public void releaseCompletion(long nowPs) {
        completionHeld = false;
        if (cumulativePsn == packetCount && finishPs < 0) {
            finishPs = nowPs;
            onFinished.accept(flowId);
        }
    }

    /** The first PSN not yet received: every PSN below it has arrived. */
    public long cumulativePsn() {
        return cumulativePsn;
    }

    /**
     * Which of the 64 PSNs from {@code basePsn} have arrived: bit {@code k} for PSN {@code basePsn + k}, the SACK
     * bitmap of an acknowledgement (PSNs past the flow's last are never set).
     */
    public long receivedBitmap(long basePsn) {
        if (basePsn < 0) {
            throw new IllegalArgumentException("flow " + flowId + ": bitmap base PSN " + basePsn + " < 0");
        }
        long bits = 0;
        long end = Math.min(basePsn + Long.SIZE, packetCount);
        for (int psn = received.nextSetBit((int) Math.min(basePsn, packetCount)); psn >= 0 && psn < end;
                psn = received.nextSetBit(psn + 1)) {
            bits |= 1L << (psn - basePsn);
        }
        return bits;
    }

    /** Whether PSN {@code psn} has arrived. */
    public boolean has(long psn) {
        return psn >= 0 && psn < packetCount && received.get((int) psn);
    }

    /** Packets received beyond the cumulative PSN, waiting for the gap before them to fill. */
    public long outOfOrderCount() {
        return receivedPackets - cumulativePsn;
    }

    /** Packets taken for the first time while an earlier PSN was still missing, over the whole flow. */
    public long outOfOrderDeliveries() {
        return outOfOrderDeliveries;
    }

    /** Packets the flow is cut into. */
    public long packetCount() {
        return packetCount;
    }

    public boolean complete() {
        return finishPs >= 0;
    }

    public long deliveredBytes() {
        return deliveredBytes;
    }

    public long duplicatePackets() {
        return duplicatePackets;
    }

    /** When the last missing byte was delivered ({@link #onData}), or -1. */
    public long finishPs() {
        return finishPs;
    }
}

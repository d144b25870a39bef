package io.fabricemu.results;

import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.MessageWaits;

/**
 * One flow's outcome.
 *
 * @param id                 flow id (its index in the workload)
 * @param src                sending host
 * @param dst                receiving host
 * @param bytes              payload bytes
 * @param startPs            when the sender started it
 * @param finishPs           when its last byte arrived at the receiver (last bit) or, where the receiver
 *                           models memory, was committed to it; -1 if it did not
 * @param fctPs              flow completion time {@code finishPs - startPs}, or -1
 * @param retransmittedBytes payload bytes the sender sent more than once
 * @param deliveredBytes     distinct payload bytes the receiver had when the run ended: {@code bytes} for a
 *                           finished flow, its progress for one the stop time cut short
 * @param failed             the sender gave the flow up (see {@link FlowSenderStats#failed()}); it did not finish
 * @param outOfOrderPackets  packets the receiver took while an earlier one was missing (0 under ordered
 *                           delivery); not part of the digest, which predates it
 * @param group              the workload part the flow belongs to ({@code workload.kind: mix}), "" outside a
 *                           mix; not part of the digest
 * @param waits              what a receiver that was not ready cost it (request-to-wait and request-to-send, UET
 *                           only); not part of the digest, and written to results.json's {@code receiverNotReady}
 *                           section rather than to each flow
 */
public record FlowResult(int id, int src, int dst, long bytes, long startPs, long finishPs, long fctPs,
                         long retransmittedBytes, long deliveredBytes, boolean failed, long outOfOrderPackets,
                         String group, MessageWaits waits) {
    public FlowResult {
        java.util.Objects.requireNonNull(waits, "waits");
    }

    /** A flow whose receiver was always ready. */
    public FlowResult(int id, int src, int dst, long bytes, long startPs, long finishPs, long fctPs,
                      long retransmittedBytes, long deliveredBytes, boolean failed, long outOfOrderPackets,
                      String group) {
        this(id, src, dst, bytes, startPs, finishPs, fctPs, retransmittedBytes, deliveredBytes, failed,
                outOfOrderPackets, group, MessageWaits.NONE);
    }

    public boolean finished() {
        return finishPs >= 0;
    }

    /**
     * The canonical line the digest is computed over; changing it changes every digest. A failed flow adds
     * ",failed", so the lines (and digests) of runs without failures stay as they were.
     */
    String canonical() {
        return id + "," + src + "," + dst + "," + bytes + "," + startPs + "," + finishPs + "," + retransmittedBytes
                + (failed ? ",failed" : "");
    }
}

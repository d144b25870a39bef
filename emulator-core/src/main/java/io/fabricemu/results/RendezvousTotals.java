package io.fabricemu.results;

import io.fabricemu.stats.MessageWaits;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What rendezvous sends (eager-then-fetch, US 12,388,756 ¶(59); {@code transport.receiverNotReady: rendezvous})
 * cost a run, over the flows that met a receiver that was not ready: the fetch requests, the eager bytes the
 * targets held in their unexpected-message buffers, and the largest such buffer a NIC needed. Part of
 * results.json's {@code receiverNotReady} only when a flow was fetched or buffered, so request-to-wait runs write
 * what they did before.
 *
 * @param fetchCount          fetch requests the sources received, repeats included
 * @param bufferedBytes       eager bytes held until their receive was posted, all targets added up
 * @param bufferedBytesPeakMax the largest a target NIC's buffer was
 * @param bufferedBytesPeakSum every target NIC's peak added up: the memory all of them need at worst
 * @param messagesWaited      messages whose source sent its eager part and then waited for the fetch
 */
record RendezvousTotals(long fetchCount, long bufferedBytes, long bufferedBytesPeakMax, long bufferedBytesPeakSum,
                        int messagesWaited) {
    /** The totals of {@code flows}, those that met a receiver that was not ready. */
    static RendezvousTotals of(List<FlowResult> flows) {
        long fetches = 0;
        long buffered = 0;
        int waited = 0;
        // Per target NIC, what its buffer held just before each post: the largest is its peak.
        Map<Integer, Long> peakByNic = new TreeMap<>();
        for (FlowResult f : flows) {
            MessageWaits w = f.waits();
            if (w.bounced()) {
                continue; // held in a bounce buffer: BounceBufferTotals
            }
            fetches += w.fetchCount();
            buffered += w.bufferedBytes();
            waited += w.fetchCount() > 0 && w.waitedPs() > 0 ? 1 : 0;
            if (w.targetBufferedBytes() > 0) {
                peakByNic.merge(f.dst(), w.targetBufferedBytes(), Math::max);
            }
        }
        NicPeaks peaks = NicPeaks.of(peakByNic.values());
        return new RendezvousTotals(fetches, buffered, peaks.maxBytes(), peaks.sumBytes(), waited);
    }

    /** Whether any message was sent as a rendezvous that met a receiver not ready. */
    boolean any() {
        return fetchCount > 0 || bufferedBytes > 0;
    }

    /** Adds this run's keys to the {@code receiverNotReady} object. */
    void into(Map<String, Object> doc) {
        doc.put("fetchCount", fetchCount);
        doc.put("bufferedBytes", bufferedBytes);
        doc.put("bufferedBytesPeakMax", bufferedBytesPeakMax);
        doc.put("bufferedBytesPeakSum", bufferedBytesPeakSum);
        doc.put("messagesFetchWaited", messagesWaited);
    }

    /** Adds flow {@code f}'s keys to its row. */
    static void into(Map<String, Object> row, FlowResult f) {
        row.put("fetchCount", f.waits().fetchCount());
        row.put("bufferedBytes", f.waits().bufferedBytes());
    }
}

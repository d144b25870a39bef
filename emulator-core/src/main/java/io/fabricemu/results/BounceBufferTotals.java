package io.fabricemu.results;

import io.fabricemu.stats.MessageWaits;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What bounce buffers at the targets ({@code transport.receiverNotReady: buffer}; the "buffering at the target" of
 * US 12,388,756 ¶(59)) held over a run: the payload held until its receive was posted, the messages it belonged to,
 * the most one NIC's pool held at once and those peaks added up, and the packets that found the pool full and were
 * answered by request-to-wait instead. Part of results.json's {@code receiverNotReady} only when a flow was held or
 * overflowed, so other runs write what they did before.
 *
 * @param bufferedBytes    payload held in bounce buffers until its receive was posted, all targets added up
 * @param messagesBuffered messages of which some payload was held
 * @param peakBytesMax     the most one target NIC's pool held at once
 * @param peakBytesSum     every target NIC's peak added up: the memory all of them need
 * @param overflowPackets  packets that found no room and were answered by request-to-wait (the RTWs the sources
 *                         received for them)
 */
record BounceBufferTotals(long bufferedBytes, int messagesBuffered, long peakBytesMax, long peakBytesSum,
                          long overflowPackets) {
    /** The totals of {@code flows}, those that met a receiver that was not ready. */
    static BounceBufferTotals of(List<FlowResult> flows) {
        long buffered = 0;
        int messages = 0;
        long overflow = 0;
        Map<Integer, Long> peakByNic = new TreeMap<>();
        for (FlowResult f : flows) {
            MessageWaits w = f.waits();
            if (!w.bounced()) {
                continue;
            }
            buffered += w.bufferedBytes();
            messages += w.bufferedBytes() > 0 ? 1 : 0;
            overflow += w.rtwCount();
            peakByNic.merge(f.dst(), w.targetBufferedBytes(), Math::max);
        }
        NicPeaks peaks = NicPeaks.of(peakByNic.values());
        return new BounceBufferTotals(buffered, messages, peaks.maxBytes(), peaks.sumBytes(), overflow);
    }

    /** Whether any message was held in, or overflowed, a bounce buffer. */
    boolean any() {
        return bufferedBytes > 0 || overflowPackets > 0;
    }

    /** Adds this run's keys to the {@code receiverNotReady} object. */
    void into(Map<String, Object> doc) {
        doc.put("bounceBufferedBytes", bufferedBytes);
        doc.put("bounceBufferedMessages", messagesBuffered);
        doc.put("bounceBufferPeakMax", peakBytesMax);
        doc.put("bounceBufferPeakSum", peakBytesSum);
        doc.put("bounceOverflowPackets", overflowPackets);
    }

    /** Adds flow {@code f}'s keys to its row. */
    static void into(Map<String, Object> row, FlowResult f) {
        row.put("bounceBufferedBytes", f.waits().bounced() ? f.waits().bufferedBytes() : 0);
    }
}

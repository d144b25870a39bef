package io.fabricemu.stats;

import java.util.Objects;

/**
 * Counters of one egress port (a switch port or a NIC's transmitter).
 *
 * @param id            a stable name, e.g. {@code tor0.1:p3} or {@code h7:nic}
 * @param tier          the tier of the node the port belongs to (0 host, 1 leaf/ToR, 2 spine/agg, 3 core)
 * @param maxQueueBytes the largest number of bytes queued at once (all classes, the one in service included)
 * @param drops         packets dropped: tail drops at enqueue, PFC headroom overflows at ingress, and the
 *                      packets switch-generated RNR NAKs discarded (turned into a NAK, or of a NACKed QP)
 * @param trims         data packets cut to their header instead of being dropped
 * @param ecnMarks      packets marked CE at dequeue
 * @param txBytes       bytes transmitted, headers (and PFC frames) included
 * @param pfc           priority flow control counters
 * @param rnr           switch-generated RNR NAK counters
 * @param bts           back-to-sender (WREB) counters
 * @param firstSignalPs a switch port: when it first signalled congestion (an ECN mark or an early back-to-sender
 *                      notice); a NIC: when one of its senders first cut its rate or window on a congestion
 *                      signal (a CNP, an ECN echo, a notice); -1 if never. Reaction latency is the difference.
 */
public record PortStats(String id, int tier, long maxQueueBytes, long drops, long trims, long ecnMarks,
                        long txBytes, PfcCounters pfc, RnrCounters rnr, BtsCounters bts, long firstSignalPs) {

    /** A NIC, or a port without switch-generated RNR NAKs: its notices and first congestion signal. */
    public PortStats(String id, int tier, long maxQueueBytes, long drops, long trims, long ecnMarks, long txBytes,
                     PfcCounters pfc, BtsCounters bts, long firstSignalPs) {
        this(id, tier, maxQueueBytes, drops, trims, ecnMarks, txBytes, pfc, RnrCounters.NONE, bts, firstSignalPs);
    }

    /** A port without switch-generated RNR NAKs or back-to-sender activity. */
    public PortStats(String id, int tier, long maxQueueBytes, long drops, long trims, long ecnMarks, long txBytes,
                     PfcCounters pfc) {
        this(id, tier, maxQueueBytes, drops, trims, ecnMarks, txBytes, pfc, RnrCounters.NONE, BtsCounters.NONE, -1);
    }

    /** A port without PFC activity. */
    public PortStats(String id, int tier, long maxQueueBytes, long drops, long trims, long ecnMarks, long txBytes) {
        this(id, tier, maxQueueBytes, drops, trims, ecnMarks, txBytes, PfcCounters.NONE);
    }

    public PortStats {
        Objects.requireNonNull(pfc, "pfc");
        Objects.requireNonNull(rnr, "rnr");
        Objects.requireNonNull(bts, "bts");
    }
}

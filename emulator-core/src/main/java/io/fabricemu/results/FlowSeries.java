package io.fabricemu.results;

/**
 * One flow's state at every tick of a {@link TimeSeries} (index {@code i} is tick {@code i x interval}).
 *
 * @param flowId         the flow
 * @param deliveredBytes payload delivered in order to the receiver so far (0 before its first sample)
 * @param windowBytes    the sender's congestion window, or -1 where it has none (or has not started)
 * @param creditBytes    the sender's unspent RCCC credit, or -1
 * @param rateBps        the sender's paced rate (DCQCN), or -1
 * @param rttPs          the sender's latest round-trip sample, in ps, or -1 before its first (a result written
 *                       before the field existed reads as all -1)
 * @param queueingDelayPs each RTT sample less the flow's round trip on the idle fabric (see
 *                        {@link TimeSeries#withUnloadedRtt}), in ps: what the sampled packet and its ACK waited in
 *                        queues; -1 where there is no sample or the flow has no single idle round trip
 */
public record FlowSeries(int flowId, long[] deliveredBytes, long[] windowBytes, long[] creditBytes, long[] rateBps,
                         long[] rttPs, long[] queueingDelayPs) {

    public FlowSeries {
        if (rttPs == null) {
            rttPs = unknown(deliveredBytes.length);
        }
        if (queueingDelayPs == null) {
            queueingDelayPs = unknown(deliveredBytes.length);
        }
    }

    /** A flow's series without queueing delays. */
    public FlowSeries(int flowId, long[] deliveredBytes, long[] windowBytes, long[] creditBytes, long[] rateBps,
                      long[] rttPs) {
        this(flowId, deliveredBytes, windowBytes, creditBytes, rateBps, rttPs, null);
    }

    private static long[] unknown(int points) {
        long[] none = new long[points];
        java.util.Arrays.fill(none, -1);
        return none;
    }

    /** Goodput over tick {@code i - 1} to tick {@code i}, in bits per second (0 at tick 0). */
    public long goodputBps(int i, long intervalPs) {
        if (i == 0) {
            return 0;
        }
        long bits = (deliveredBytes[i] - deliveredBytes[i - 1]) * 8;
        return (long) (bits * (1e12 / intervalPs));
    }

    /** {@link #goodputBps(int, long)} at every tick. */
    public long[] goodputPerTickBps(long intervalPs) {
        long[] out = new long[deliveredBytes.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = goodputBps(i, intervalPs);
        }
        return out;
    }
}

package io.fabricemu.engine;

import io.fabricemu.stats.FaultDrop;

/**
 * Where an element writes its state when it is sampled on the virtual-time grid ({@link Element#sample}).
 * A sample is the element's whole current state: every port it owns and every flow it sends or receives, each
 * once. Counters are cumulative since the start of the run (rates are their differences between ticks); queue
 * depths, windows, credits and rates are the values at the tick. A quantity a model does not have is -1.
 */
public interface SampleSink {

    /**
     * One egress port.
     *
     * @param portId      its stable name (as in {@code ports.csv}); the same String on every call
     * @param tier        the tier of the node it belongs to (0 host, 1 leaf, 2 spine, 3 core)
     * @param queueBytes  bytes queued now, all classes, the one in service included
     * @param drops       packets dropped so far
     * @param trims       packets trimmed so far
     * @param ecnMarks    packets marked CE so far
     * @param pauseFrames PFC pause frames sent so far
     * @param btsNotices  back-to-sender notices sent so far
     * @param rnrNaks     switch-generated RNR NAKs sent so far
     * @param txBytes     bytes transmitted so far
     */
    void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks, long pauseFrames,
              long btsNotices, long rnrNaks, long txBytes);

    /**
     * The bytes of one traffic class queued now at port {@code portId}; written after that port's {@link #port},
     * and only for classes with bytes queued: a class the sample leaves out has none.
     */
    void classQueue(String portId, int trafficClass, long queueBytes);

    /**
     * One flow's sender.
     *
     * @param flowId      the flow
     * @param windowBytes the congestion window that gates it now (NSCC's cwnd, a fixed window), or -1
     * @param creditBytes credit it holds and has not spent (RCCC), or -1
     * @param rateBps     the rate it is paced at (DCQCN), or -1
     */
    void sender(int flowId, long windowBytes, long creditBytes, long rateBps);

    /**
     * One flow's sender's latest round-trip sample: from the send of a packet to the arrival of the ACK that echoes
     * its time, in ps, the queueing on the way included (its excess over the flow's smallest sample is, to a close
     * approximation, the queueing). Written after that flow's {@link #sender}, only once it has a sample.
     *
     * @param dataBytes the wire size of the data packet the sample timed (header included), from which the results
     *                  take the sample's round trip on the idle fabric and so its queueing delay
     */
    default void senderRtt(int flowId, long rttPs, int dataBytes) {
    }

    /** One flow's receiver: payload bytes delivered in order so far. */
    void receiver(int flowId, long deliveredBytes);

    /**
     * What one fault cost at one place the element owns: packets lost there as {@code kind} so far. Written only by
     * elements of a fabric with faults, once per fault and kind that lost something there; a sink that shows no
     * faults (the log the results are built from: they take the elements' final counts) ignores it.
     *
     * @param where   the place, as {@code faults.csv} names it (a link direction or a port)
     * @param fault   the fault's index in the scenario's list
     * @param kind    where the packets were lost
     * @param packets packets lost there so far
     */
    default void faultDrops(String where, int fault, FaultDrop kind, long packets) {
    }
}

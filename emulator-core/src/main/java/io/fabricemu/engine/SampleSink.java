package io.fabricemu.engine;

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

    /** One flow's receiver: payload bytes delivered in order so far. */
    void receiver(int flowId, long deliveredBytes);
}

package io.fabricemu.results;

import io.fabricemu.engine.SampleReader;
import java.util.TreeSet;

/** Reads a sender's log for the wire sizes of the data packets one flow's RTT samples timed. */
final class RttPacketSizes implements SampleReader {
    private final int flowId;
    private final TreeSet<Long> sizes = new TreeSet<>();

    RttPacketSizes(int flowId) {
        this.flowId = flowId;
    }

    /** Each size once, ascending. */
    long[] sizes() {
        return sizes.stream().mapToLong(Long::longValue).toArray();
    }

    @Override
    public void senderRtt(int id, long rttPs, int dataBytes) {
        if (id == flowId && dataBytes > 0) {
            sizes.add((long) dataBytes);
        }
    }

    @Override
    public void at(long tickPs) {
    }

    @Override
    public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                     long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
    }

    @Override
    public void classQueue(String portId, int trafficClass, long queueBytes) {
    }

    @Override
    public void sender(int id, long windowBytes, long creditBytes, long rateBps) {
    }

    @Override
    public void receiver(int id, long deliveredBytes) {
    }
}

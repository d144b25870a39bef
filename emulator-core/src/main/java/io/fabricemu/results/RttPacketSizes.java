package io.fabricemu.results;

import java.util.TreeSet;

/** Reads a sender's log for the wire sizes of the data packets one flow's RTT samples timed. */
final class RttPacketSizes extends NoRows {
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
}

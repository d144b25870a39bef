package io.fabricemu.uet;

import io.fabricemu.host.NicFlow;
import io.fabricemu.stats.FlowReceiverStats;
import java.util.List;

/** A NIC's receiver stats, in the order of its flows: what a receive-side part adds to them at the end of the run. */
final class ReceivedStats {
    private ReceivedStats() {
    }

    /**
     * The stats at {@code at} of {@code received}, which must be {@code flow}'s: a part that keeps one entry per
     * flow finds its flows' stats from where the NIC's start, in the same order.
     */
    static FlowReceiverStats of(List<FlowReceiverStats> received, int at, NicFlow flow) {
        FlowReceiverStats s = received.get(at);
        if (s.flowId() != flow.flowId()) {
            throw new IllegalStateException("receiver stats of flow " + s.flowId() + " where flow " + flow.flowId()
                    + " was expected");
        }
        return s;
    }
}

package io.fabricemu.host;

import java.util.Arrays;

/**
 * The incoming flows a NIC's receivers finished during the event the NIC is handling, in the order they finished,
 * for the NIC to tell what waits for them once the protocol is done with the event ({@link StartDependencies}).
 * Receivers report through {@link NicActions#delivered}.
 */
final class Deliveries {
    private int[] flowIds = new int[4];
    private int size;

    /** A receiver finished flow {@code flowId}: every byte of it is delivered. */
    void add(int flowId) {
        if (size == flowIds.length) {
            flowIds = Arrays.copyOf(flowIds, size * 2);
        }
        flowIds[size++] = flowId;
    }

    int size() {
        return size;
    }

    int flowId(int k) {
        return flowIds[k];
    }

    void clear() {
        size = 0;
    }
}

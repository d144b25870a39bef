package io.fabricemu.host;

import java.util.Arrays;

/** Maps a NIC's flow ids to its local indices by binary search over a sorted array (no boxing per packet). */
public final class FlowIndex {
    private final int[] sortedIds;
    private final int[] localIndex;

    public FlowIndex(int[] flowIds) {
        Integer[] order = new Integer[flowIds.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(flowIds[a], flowIds[b]));
        sortedIds = new int[flowIds.length];
        localIndex = new int[flowIds.length];
        for (int i = 0; i < order.length; i++) {
            sortedIds[i] = flowIds[order[i]];
            localIndex[i] = order[i];
            if (i > 0 && sortedIds[i] == sortedIds[i - 1]) {
                throw new IllegalArgumentException("flow " + sortedIds[i] + " listed twice");
            }
        }
    }

    /** Local index of {@code flowId}, or -1 if this NIC has no such flow. */
    public int indexOf(int flowId) {
        int i = Arrays.binarySearch(sortedIds, flowId);
        return i < 0 ? -1 : localIndex[i];
    }
}

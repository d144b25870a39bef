package io.fabricemu.host;

import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import java.util.Arrays;
import java.util.List;

/**
 * Maps the flow ids of a NIC's outgoing (or incoming) flows to their local indices, their order in the list,
 * by binary search over a sorted array (no boxing per packet).
 */
public final class FlowIndex {
    private final String nic;
    private final int[] sortedIds;
    private final int[] localIndex;

    /** @param nic the NIC's name, for the error of a packet of a flow it does not have */
    public FlowIndex(List<NicFlow> flows, String nic) {
        this.nic = nic;
        Integer[] order = new Integer[flows.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(flows.get(a).flowId(), flows.get(b).flowId()));
        sortedIds = new int[order.length];
        localIndex = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            sortedIds[i] = flows.get(order[i]).flowId();
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

    /** Local index of {@code p}'s flow, which the NIC must have: a packet of another flow is a fabric bug. */
    public int of(Packet p) {
        int i = indexOf(p.flowId());
        if (i < 0) {
            throw new IllegalStateException("NIC " + nic + " received " + (p.kind() == PacketKind.DATA ? "data"
                    : "a " + p.kind()) + " of unknown flow " + p.flowId());
        }
        return i;
    }
}

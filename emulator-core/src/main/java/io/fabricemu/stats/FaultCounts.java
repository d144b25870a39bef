package io.fabricemu.stats;

import java.util.Arrays;
import java.util.Objects;

/**
 * What one fault cost at one place: the packets and bytes it lost there, by {@link FaultDrop}, and the flows it
 * touched there (lost a packet of, or carried over a link it degraded).
 *
 * @param fault        the fault's index in the scenario's list
 * @param where        the place: a link direction ({@code agg0.0 -> core0}) or a port ({@code agg0.0:p9})
 * @param packets      packets lost, indexed by {@link FaultDrop#ordinal()}
 * @param bytes        bytes lost, indexed the same way
 * @param touchedFlows ids of the flows touched there, ascending
 */
public record FaultCounts(int fault, String where, long[] packets, long[] bytes, int[] touchedFlows) {
    public FaultCounts {
        Objects.requireNonNull(where, "where");
        packets = packets.clone();
        bytes = bytes.clone();
        touchedFlows = touchedFlows.clone();
        if (packets.length != FaultDrop.values().length || bytes.length != packets.length) {
            throw new IllegalArgumentException("one count per kind of drop");
        }
    }

    @Override
    public long[] packets() {
        return packets.clone();
    }

    @Override
    public long[] bytes() {
        return bytes.clone();
    }

    @Override
    public int[] touchedFlows() {
        return touchedFlows.clone();
    }

    /** Packets lost as {@code kind}. */
    public long packets(FaultDrop kind) {
        return packets[kind.ordinal()];
    }

    /** Bytes lost as {@code kind}. */
    public long bytes(FaultDrop kind) {
        return bytes[kind.ordinal()];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FaultCounts c && c.fault == fault && c.where.equals(where)
                && Arrays.equals(c.packets, packets) && Arrays.equals(c.bytes, bytes)
                && Arrays.equals(c.touchedFlows, touchedFlows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fault, where, Arrays.hashCode(packets), Arrays.hashCode(bytes));
    }

    @Override
    public String toString() {
        return "FaultCounts[" + fault + " at " + where + ": " + Arrays.toString(packets) + " packets, "
                + touchedFlows.length + " flows]";
    }
}

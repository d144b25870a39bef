package io.fabricemu.results;

import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FaultDrop;
import java.util.LinkedHashMap;
import java.util.Map;

/** Packets and bytes lost by {@link FaultDrop} kind, added over places (immutable). */
final class FaultDropTotals {
    static final FaultDropTotals NONE = new FaultDropTotals(new long[FaultDrop.values().length],
            new long[FaultDrop.values().length]);

    private final long[] packets;
    private final long[] bytes;

    private FaultDropTotals(long[] packets, long[] bytes) {
        this.packets = packets;
        this.bytes = bytes;
    }

    /** One place's counts. */
    static FaultDropTotals of(FaultCounts c) {
        return new FaultDropTotals(c.packets(), c.bytes());
    }

    /** These and {@code other} added. */
    FaultDropTotals plus(FaultDropTotals other) {
        long[] p = packets.clone();
        long[] b = bytes.clone();
        for (int k = 0; k < p.length; k++) {
            p[k] += other.packets[k];
            b[k] += other.bytes[k];
        }
        return new FaultDropTotals(p, b);
    }

    long packets(FaultDrop kind) {
        return packets[kind.ordinal()];
    }

    long bytes(FaultDrop kind) {
        return bytes[kind.ordinal()];
    }

    long totalPackets() {
        long sum = 0;
        for (long p : packets) {
            sum += p;
        }
        return sum;
    }

    long totalBytes() {
        long sum = 0;
        for (long b : bytes) {
            sum += b;
        }
        return sum;
    }

    /**
     * As results.json writes them: {@code <kind>Packets} and {@code <kind>Bytes} for every kind in
     * {@link FaultDrop} order (e.g. {@code wirePackets}, {@code wireBytes}), then {@code totalPackets} and
     * {@code totalBytes}.
     */
    Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (FaultDrop kind : FaultDrop.values()) {
            out.put(kind.key() + "Packets", packets(kind));
            out.put(kind.key() + "Bytes", bytes(kind));
        }
        out.put("totalPackets", totalPackets());
        out.put("totalBytes", totalBytes());
        return out;
    }
}

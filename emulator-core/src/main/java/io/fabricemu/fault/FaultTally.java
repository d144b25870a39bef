package io.fabricemu.fault;

import io.fabricemu.engine.SampleSink;
import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FaultDrop;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The counters one element (a link or a port) keeps of what each fault cost there; a row per fault, made when the
 * fault first costs something here. Not on any path of a healthy fabric.
 */
public final class FaultTally {
    private static final int KINDS = FaultDrop.values().length;

    private final String where;
    private long[][] packets = new long[0][];
    private long[][] bytes = new long[0][];
    private BitSet[] touched = new BitSet[0];

    /** @param where the place the counts are of, as results name it */
    public FaultTally(String where) {
        this.where = where;
    }

    /** Fault {@code fault} cost a packet of {@code sizeBytes} bytes of flow {@code flowId} here, as {@code kind}. */
    public void lost(int fault, FaultDrop kind, int flowId, int sizeBytes) {
        row(fault);
        packets[fault][kind.ordinal()]++;
        bytes[fault][kind.ordinal()] += sizeBytes;
        touched[fault].set(flowId);
    }

    /** Fault {@code fault} touched flow {@code flowId} here without losing its packet (a degraded rate). */
    public void touched(int fault, int flowId) {
        row(fault);
        touched[fault].set(flowId);
    }

    /** Packets lost here to {@code fault} as {@code kind}. */
    public long packets(int fault, FaultDrop kind) {
        return fault < packets.length && packets[fault] != null ? packets[fault][kind.ordinal()] : 0;
    }

    private void row(int fault) {
        if (fault >= packets.length) {
            packets = java.util.Arrays.copyOf(packets, fault + 1);
            bytes = java.util.Arrays.copyOf(bytes, fault + 1);
            touched = java.util.Arrays.copyOf(touched, fault + 1);
        }
        if (packets[fault] == null) {
            packets[fault] = new long[KINDS];
            bytes[fault] = new long[KINDS];
            touched[fault] = new BitSet();
        }
    }

    /** Writes the packets lost here so far, per fault and kind that lost any ({@link SampleSink#faultDrops}). */
    public void sample(SampleSink sink) {
        for (int f = 0; f < packets.length; f++) {
            if (packets[f] == null) {
                continue;
            }
            for (FaultDrop kind : FaultDrop.values()) {
                long n = packets[f][kind.ordinal()];
                if (n > 0) {
                    sink.faultDrops(where, f, kind, n);
                }
            }
        }
    }

    /** One {@link FaultCounts} per fault that cost something here, in fault order. */
    public List<FaultCounts> counts() {
        List<FaultCounts> out = new ArrayList<>();
        for (int f = 0; f < packets.length; f++) {
            if (packets[f] != null) {
                out.add(new FaultCounts(f, where, packets[f], bytes[f], touched[f].stream().toArray()));
            }
        }
        return out;
    }
}

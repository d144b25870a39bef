package io.fabricemu.results;

import io.fabricemu.fault.Fault;
import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FaultDrop;
import java.util.List;

/**
 * A run's faults and what each cost, place by place, as the elements counted it.
 *
 * @param faults the scenario's faults, in list order
 * @param counts every place's counts, by fault then place
 */
public record FaultOutcome(List<Fault> faults, List<FaultCounts> counts) {
    /** A run without faults. */
    public static final FaultOutcome NONE = new FaultOutcome(List.of(), List.of());

    public FaultOutcome {
        faults = List.copyOf(faults);
        counts = List.copyOf(counts);
    }

    public boolean isEmpty() {
        return faults.isEmpty();
    }

    /** Packets fault {@code fault} lost as {@code kind}, all places added. */
    public long packets(int fault, FaultDrop kind) {
        long sum = 0;
        for (FaultCounts c : counts) {
            if (c.fault() == fault) {
                sum += c.packets(kind);
            }
        }
        return sum;
    }
}

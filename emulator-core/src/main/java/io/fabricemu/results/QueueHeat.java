package io.fabricemu.results;

import io.fabricemu.report.HeatMap;
import io.fabricemu.report.Quantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * The report's heat map of queue depth over virtual time, a band per tier (the highest first): in each band the
 * tier's ports that ever queued anything, deepest peak first, at most {@value #ROWS_PER_TIER} of them, so where
 * and when queues built up across the fabric reads in one picture.
 */
final class QueueHeat {
    static final int ROWS_PER_TIER = 12;

    private QueueHeat() {
    }

    static HeatMap of(TimeSeries ts) {
        TreeMap<Integer, List<PortSeries>> byTier = new TreeMap<>(Comparator.reverseOrder());
        TreeMap<Integer, Integer> portsPerTier = new TreeMap<>();
        for (String id : ts.portIds()) {
            PortSeries p = ts.port(id);
            portsPerTier.merge(p.tier(), 1, Integer::sum);
            if (p.peakQueueBytes() > 0) {
                byTier.computeIfAbsent(p.tier(), t -> new ArrayList<>()).add(p);
            }
        }
        HeatMap map = new HeatMap("queue-heatmap", "Queue depth over time, by tier (hottest ports of each)",
                Quantity.BYTES, ts.intervalPs());
        byTier.forEach((tier, ports) -> {
            ports.sort(Comparator.comparingLong(PortSeries::peakQueueBytes).reversed().thenComparing(PortSeries::id));
            int shown = Math.min(ROWS_PER_TIER, ports.size());
            String name = tier == 0 ? "hosts" : "tier " + tier;
            int all = portsPerTier.get(tier);
            map.band(shown == ports.size() ? name + ": the " + shown + " of " + all + " ports that queued"
                    : name + ": the " + shown + " hottest of " + all + " ports (" + ports.size() + " queued)");
            for (PortSeries p : ports.subList(0, shown)) {
                map.row(p.id(), p.queueBytes());
            }
        });
        return map;
    }
}

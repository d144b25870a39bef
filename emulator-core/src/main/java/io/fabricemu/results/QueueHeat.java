package io.fabricemu.results;

import io.fabricemu.report.HeatMap;
import io.fabricemu.report.Quantity;
import java.util.List;

/**
 * The report's heat map of queue depth over virtual time, a band per tier (the highest first): in each band the
 * tier's ports that ever queued anything, deepest peak first, at most {@value SeriesSelection#HOT_PER_TIER} of them
 * ({@link SeriesSelection#hottestByTier}), so where and when queues built up across the fabric reads in one picture.
 */
final class QueueHeat {
    private QueueHeat() {
    }

    static HeatMap of(SeriesSelection sel) {
        HeatMap map = new HeatMap("queue-heatmap", "Queue depth over time, by tier (hottest ports of each)",
                Quantity.BYTES, sel.intervalPs());
        sel.hottestByTier().descendingMap().forEach((tierNumber, tier) -> {
            List<PortSeries> shown = tier.queuedPorts();
            if (shown.isEmpty()) {
                return;
            }
            String name = tierNumber == 0 ? "hosts" : "tier " + tierNumber;
            map.band(shown.size() == tier.queued()
                    ? name + ": the " + shown.size() + " of " + tier.offered() + " ports that queued"
                    : name + ": the " + shown.size() + " hottest of " + tier.offered() + " ports (" + tier.queued()
                            + " queued)");
            for (PortSeries p : shown) {
                map.row(p.id(), p.queueBytes());
            }
        });
        return map;
    }
}

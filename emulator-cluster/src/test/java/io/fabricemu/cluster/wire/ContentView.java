package io.fabricemu.cluster.wire;

import io.fabricemu.actor.Coordinator.ShardReported;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.SampleLog;
import java.util.Arrays;
import java.util.List;

/**
 * A message in a form whose {@code equals} compares content: messages are records and compare so already, except
 * the reports' {@link SampleLog}, a mutable class that compares by identity; this swaps each for its state.
 */
final class ContentView {
    private record LogState(long intervalPs, int trafficClasses, List<String> names, List<Integer> tiers,
                            List<Long> rows, int lastStart) {
    }

    private ContentView() {
    }

    static Object of(Object message) {
        if (message instanceof ShardReported r) {
            return List.of(new ShardReported(r.shard(), r.elementIds(),
                    r.reports().stream().map(e -> e.withSamples(null)).toList(), r.last(), r.lastHandledPs()),
                    r.reports().stream().map(ElementReport::samples).map(ContentView::state).toList());
        }
        return message;
    }

    private static Object state(SampleLog log) {
        if (log == null) {
            return "no samples";
        }
        return new LogState(log.intervalPs(), log.trafficClasses(), log.names(), log.tiers(),
                Arrays.stream(log.rows()).boxed().toList(), log.lastStart());
    }
}

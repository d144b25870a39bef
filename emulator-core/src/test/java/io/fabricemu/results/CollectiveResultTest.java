package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.scenario.workload.CollectiveSpan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A collective's iterations from its flows' results, and their summary over iterations. */
class CollectiveResultTest {
    private static FlowResult flow(int id, long startPs, long finishPs) {
        return new FlowResult(id, id % 4, (id + 1) % 4, 1000, startPs, finishPs, finishPs < 0 ? -1 : finishPs - startPs,
                0, finishPs < 0 ? 0 : 1000, false, 0, "job");
    }

    @Test
    void eachIteration_spansItsFlows_andItsBandwidthsUseNcclsFactors() {
        List<FlowResult> flows = List.of(flow(0, 0, 400_000), flow(1, 400_000, 1_000_000),
                flow(2, 1_500_000, 1_700_000), flow(3, 1_700_000, -1));
        List<CollectiveSpan> spans = List.of(
                new CollectiveSpan("job", "all-reduce", "ring", List.of(0, 1, 2, 3), 1_000_000, 0, 6, 0, 2),
                new CollectiveSpan("job", "all-reduce", "ring", List.of(0, 1, 2, 3), 1_000_000, 1, 6, 2, 4));
        List<CollectiveResult> results = CollectiveResult.of(spans, flows);
        // 1,000,000 B in 1 us: algbw 8 Tb/s; all-reduce of 4 ranks: busbw = algbw x 2 x 3 / 4 = 12 Tb/s.
        assertEquals(new CollectiveResult("job", "all-reduce", "ring", List.of(0, 1, 2, 3), 1_000_000, 0, 6, 0, 2, 0,
                1_000_000, 1_000_000, 8_000_000_000_000L, 12_000_000_000_000L), results.get(0));
        // a flow never received: no finish, no JCT, no bandwidth
        assertEquals(new CollectiveResult("job", "all-reduce", "ring", List.of(0, 1, 2, 3), 1_000_000, 1, 6, 2, 4,
                1_500_000, -1, -1, 0, 0), results.get(1));
        assertEquals(List.of(new CollectiveSummary("job", "all-reduce", "ring", 4, 2, 1, 1_000_000, 1_000_000,
                12_000_000_000_000L)), CollectiveSummary.of(results));
    }

    @Test
    void allGatherAndAllToAll_scaleBusbwBy_nMinus1OverN() {
        List<FlowResult> flows = List.of(flow(0, 0, 2_000_000));
        for (String kind : List.of("all-gather", "reduce-scatter", "all-to-all")) {
            CollectiveResult c = CollectiveResult.of(List.of(new CollectiveSpan(kind, kind, "ring",
                    List.of(0, 1, 2, 3, 4, 5, 6, 7), 1_000_000, 0, 7, 0, 1)), flows).get(0);
            assertEquals(4_000_000_000_000L, c.algBwBps(), kind);
            assertEquals(3_500_000_000_000L, c.busBwBps(), kind + ": x 7/8");
        }
    }
}

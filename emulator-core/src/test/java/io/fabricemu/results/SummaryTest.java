package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's goodput, of finished flows and of every byte delivered, and the summary lines that show them. */
class SummaryTest {
    private static final long US = 1_000_000;

    private static FlowResult flow(int id, long bytes, long startPs, long finishPs, long deliveredBytes) {
        return new FlowResult(id, id + 1, 0, bytes, startPs, finishPs, finishPs < 0 ? -1 : finishPs - startPs, 0,
                deliveredBytes, false, 0, "");
    }

    private static RunResult run(long virtualEndPs, boolean reachedStop, List<FlowResult> flows) {
        return new RunResult("s", 1, "fabric", "d", virtualEndPs, 10, 2, 2, 250_000, 4, 1, reachedStop, 1, 0, flows,
                List.of(), "", TimeSeries.NONE);
    }

    @Test
    void aRunStoppedBeforeAnyFlowFinished_stillReportsWhatWasDelivered() {
        // Two flows from 0; by the stop at 100 us they delivered 600,000 and 400,000 B: 1,000,000 B in 100 us is
        // 80 Gb/s. Neither finished, so the finished flows' goodput is 0, and the table says so.
        RunResult r = run(100 * US, true, List.of(flow(0, 10_000_000, 0, -1, 600_000),
                flow(1, 10_000_000, 0, -1, 400_000)));
        Summary s = Summary.of(r);
        assertEquals(0, s.goodputBps());
        assertEquals(1_000_000, s.deliveredBytes());
        assertEquals(80_000_000_000L, s.deliveredGoodputBps());
        assertEquals("no flow finished; 80.00 Gb/s delivered over the run (1,000,000 B)", SummaryTable.goodput(s));
    }

    @Test
    void finishedAndUnfinishedFlows_eachFigureSaysWhatItCounts() {
        // Flow 0: 500,000 B from 0 to 50 us (80 Gb/s). Flow 1 starts at 10 us and has 250,000 B in by the last
        // event at 100 us: 750,000 B over 100 us, 60 Gb/s delivered.
        RunResult r = run(100 * US, true, List.of(flow(0, 500_000, 0, 50 * US, 500_000),
                flow(1, 1_000_000, 10 * US, -1, 250_000)));
        Summary s = Summary.of(r);
        assertEquals(80_000_000_000L, s.goodputBps());
        assertEquals(60_000_000_000L, s.deliveredGoodputBps());
        assertEquals("80.00 Gb/s by finished flows; 60.00 Gb/s delivered over the run (750,000 B)",
                SummaryTable.goodput(s));
    }

    @Test
    void everyFlowFinished_oneFigure() {
        Summary s = Summary.of(run(60 * US, false, List.of(flow(0, 500_000, 0, 50 * US, 500_000))));
        assertEquals("80.00 Gb/s by finished flows", SummaryTable.goodput(s));
    }

    @Test
    void aRunTheStopTimeEnded_saysTheVirtualTimeIsItsLastEvent() {
        RunResult r = run(554_123_000L, true, List.of(flow(0, 10_000_000, 0, -1, 10)));
        List<String[]> rows = SummaryTable.rows(r, Summary.of(r));
        String virtual = rows.stream().filter(row -> row[0].equals("virtual time")).findFirst().orElseThrow()[1];
        assertTrue(virtual.startsWith("554.123 us, the last event handled before the stop time"), virtual);
        String finished = rows.stream().filter(row -> row[0].equals("flows finished")).findFirst().orElseThrow()[1];
        assertEquals("0 / 1  (the stop time ended the run)", finished);
    }
}

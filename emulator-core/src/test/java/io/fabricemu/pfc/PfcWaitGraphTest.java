package io.fabricemu.pfc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.engine.RecordingContext;
import io.fabricemu.engine.Signal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Finding a cycle of stuck ports, and the monitor that halts the run on one. */
class PfcWaitGraphTest {
    @Test
    void cycleThrough_aChainIsNoCycle() {
        PfcWaitGraph g = new PfcWaitGraph();
        g.stuck(1, 2, "s1:p1");
        g.stuck(2, 3, "s2:p1");
        assertEquals(List.of(), g.cycleThrough(2, 3));
        g.stuck(3, 4, "s3:p1");
        assertEquals(List.of(), g.cycleThrough(3, 4));
    }

    @Test
    void cycleThrough_theEdgeThatClosesTheRingNamesEveryPortInOrder() {
        PfcWaitGraph g = new PfcWaitGraph();
        g.stuck(1, 2, "s1:p1");
        g.stuck(2, 3, "s2:p1");
        g.stuck(3, 1, "s3:p1");
        assertEquals(List.of("s3:p1", "s1:p1", "s2:p1"), g.cycleThrough(3, 1));
    }

    @Test
    void moved_breaksTheCycleOnlyWhenTheLastParallelPortMoves() {
        PfcWaitGraph g = new PfcWaitGraph();
        g.stuck(1, 2, "s1:p1");
        g.stuck(1, 2, "s1:p2");
        g.stuck(2, 1, "s2:p1");
        g.moved(1, 2, "s1:p1");
        assertEquals(List.of("s2:p1", "s1:p2"), g.cycleThrough(2, 1));
        g.moved(1, 2, "s1:p2");
        assertEquals(List.of(), g.cycleThrough(2, 1));
    }

    @Test
    void monitor_haltsOnceWhenACycleForms_andNotForAChainOrAnotherClass() {
        PfcDeadlockMonitor m = new PfcDeadlockMonitor();
        RecordingContext ctx = new RecordingContext();
        List<Signal> reports = List.of(
                new PfcStuckChanged(1, 2, 0, "s1:p1", true, 0),
                new PfcStuckChanged(2, 3, 0, "s2:p1", true, 0),
                new PfcStuckChanged(3, 1, 1, "s3:p1", true, 0),
                new PfcStuckChanged(2, 3, 0, "s2:p1", false, 5));
        for (Signal s : reports) {
            m.onEvent(s, ctx);
        }
        assertEquals(List.of(), ctx.halts, "a chain, and a class-1 edge that would close it in class 0");
        ctx.nowPs = 7_000_000;
        m.onEvent(new PfcStuckChanged(2, 3, 0, "s2:p1", true, 6), ctx);
        m.onEvent(new PfcStuckChanged(3, 1, 0, "s3:p1", true, 6), ctx);
        m.onEvent(new PfcStuckChanged(3, 1, 0, "s3:p2", true, 6), ctx);
        assertEquals(List.of("PFC deadlock at 7.000 us (7000000 ps) in class 0: each port of the cycle"
                + " s3:p1 -> s1:p1 -> s2:p1 is paused by the next one's switch"), ctx.halts);
    }
}

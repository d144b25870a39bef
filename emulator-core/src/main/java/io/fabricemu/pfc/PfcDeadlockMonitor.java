package io.fabricemu.pfc;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.time.Ps;
import java.util.List;
import java.util.TreeMap;

/**
 * The fabric-wide PFC deadlock detector: one element, like a PFC watchdog that sees the whole fabric.
 * Switch ports report ({@link PfcStuckChanged}) when a lossless class of theirs has been paused for longer
 * than the deadlock timeout with packets waiting, and when it moves again; the reports take one switch
 * latency. The monitor keeps, per class, the graph of switches waiting on switches ({@link PfcWaitGraph})
 * and, as soon as a new edge closes a cycle, halts the run naming the ports on the cycle and the time.
 *
 * <p>Deterministic on any shard count: the reports reach it in the engine's event-key order.
 */
public final class PfcDeadlockMonitor implements Element {
    private final TreeMap<Integer, PfcWaitGraph> byClass = new TreeMap<>();
    private boolean halted;

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (!(signal instanceof PfcStuckChanged s)) {
            throw new IllegalArgumentException("the PFC deadlock monitor cannot handle " + signal);
        }
        PfcWaitGraph graph = byClass.computeIfAbsent(s.trafficClass(), c -> new PfcWaitGraph());
        if (!s.stuck()) {
            graph.moved(s.fromNode(), s.toNode(), s.port());
            return;
        }
        graph.stuck(s.fromNode(), s.toNode(), s.port());
        List<String> cycle = graph.cycleThrough(s.fromNode(), s.toNode());
        if (!cycle.isEmpty() && !halted) {
            halted = true;
            ctx.halt("PFC deadlock at " + Ps.format(ctx.nowPs()) + " (" + ctx.nowPs() + " ps) in class "
                    + s.trafficClass() + ": each port of the cycle " + String.join(" -> ", cycle)
                    + " is paused by the next one's switch");
        }
    }

    /** It has nothing to plot. */
    @Override
    public boolean writesSamples() {
        return false;
    }

    @Override
    public ElementReport report() {
        return ElementReport.EMPTY;
    }
}

package io.fabricemu.results;

import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultAction;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.LossEffect;
import io.fabricemu.fault.RateChange;
import io.fabricemu.stats.FaultCounts;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one fault cost the run: the packets and bytes it lost, by kind, in all and place by place (most first);
 * the flows it touched (lost a packet of, or carried over a link it degraded) and their completion times beside
 * those of the flows it did not touch; and how soon aggregate goodput came back ({@link FaultRecovery}).
 *
 * @param fault        the fault
 * @param drops        what it lost, all places added
 * @param places       every place it cost something at, most packets first (then by name)
 * @param touchedFlows how many flows it touched
 * @param touchedFct   completion times of the flows it touched
 * @param untouchedFct completion times of the others
 * @param recovery     how soon goodput came back
 */
record FaultCost(Fault fault, FaultDropTotals drops, List<FaultPlace> places, int touchedFlows,
                 FctFigures touchedFct, FctFigures untouchedFct, Recovery recovery) {

    FaultCost {
        places = List.copyOf(places);
    }

    /** Every fault's cost, in list order; none for a run without faults. */
    static List<FaultCost> of(RunResult r) {
        if (r.faults().isEmpty()) {
            return List.of();
        }
        TimeSeries series = r.series();
        return of(r, series.isEmpty() ? new long[0] : series.deliveredBytes(), series.intervalPs());
    }

    /** As {@link #of(RunResult)}, with the run's delivered bytes per tick already built. */
    static List<FaultCost> of(RunResult r, long[] deliveredBytes, long intervalPs) {
        List<FaultCost> out = new ArrayList<>();
        for (Fault f : r.faults().faults()) {
            out.add(of(f, r, deliveredBytes, intervalPs));
        }
        return out;
    }

    private static FaultCost of(Fault f, RunResult r, long[] deliveredBytes, long intervalPs) {
        Map<String, FaultDropTotals> drops = new LinkedHashMap<>();
        Map<String, BitSet> touchedAt = new LinkedHashMap<>();
        BitSet touched = new BitSet();
        FaultDropTotals total = FaultDropTotals.NONE;
        for (FaultCounts c : r.faults().counts()) {
            if (c.fault() != f.index()) {
                continue;
            }
            FaultDropTotals here = FaultDropTotals.of(c);
            drops.merge(c.where(), here, FaultDropTotals::plus);
            total = total.plus(here);
            BitSet flows = touchedAt.computeIfAbsent(c.where(), w -> new BitSet());
            for (int id : c.touchedFlows()) {
                flows.set(id);
                touched.set(id);
            }
        }
        List<FaultPlace> places = new ArrayList<>();
        for (Map.Entry<String, FaultDropTotals> e : drops.entrySet()) {
            places.add(new FaultPlace(e.getKey(), e.getValue(), touchedAt.get(e.getKey()).cardinality()));
        }
        places.sort(Comparator.comparingLong((FaultPlace p) -> p.drops().totalPackets()).reversed()
                .thenComparing(FaultPlace::where));
        List<FlowResult> hit = new ArrayList<>();
        List<FlowResult> spared = new ArrayList<>();
        for (FlowResult flow : r.flows()) {
            (touched.get(flow.id()) ? hit : spared).add(flow);
        }
        return new FaultCost(f, total, places, touched.cardinality(), FctFigures.of(hit), FctFigures.of(spared),
                FaultRecovery.of(deliveredBytes, intervalPs, f.atPs()));
    }

    /** The fault's kind as results name it: down, up, flap, rate, loss or corruption. */
    String kind() {
        return kind(fault.action());
    }

    static String kind(FaultAction a) {
        if (a instanceof LinkState s) {
            return s.down() ? "down" : "up";
        }
        if (a instanceof Flap) {
            return "flap";
        }
        if (a instanceof RateChange) {
            return "rate";
        }
        if (a instanceof LossChange l) {
            return l.effect() == LossEffect.LOSS ? "loss" : "corruption";
        }
        throw new IllegalArgumentException("no kind for " + a);
    }
}

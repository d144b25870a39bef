package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.fabricemu.fault.Fault;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.LossEffect;
import io.fabricemu.fault.NoLoss;
import io.fabricemu.fault.RandomLoss;
import io.fabricemu.fault.RateChange;
import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FaultDrop;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What each fault cost, worked by hand: places merged and ordered, touched flows' FCTs, and how it is written. */
class FaultCostTest {
    private static final long US = 1_000_000;

    private static FaultCounts counts(int fault, String where, FaultDrop kind, long packets, int[] touched) {
        long[] p = new long[FaultDrop.values().length];
        long[] b = new long[p.length];
        p[kind.ordinal()] = packets;
        b[kind.ordinal()] = packets * 100;
        return new FaultCounts(fault, where, p, b, touched);
    }

    private static FlowResult flow(int id, long fctPs) {
        return new FlowResult(id, 0, 1, 1000, 0, fctPs, fctPs, 0, fctPs < 0 ? 0 : 1000, false, 0, "");
    }

    /** Fault 0 takes a cable down (label with a comma); fault 1 corrupts on one direction. Not sampled. */
    private static RunResult run() {
        List<Fault> faults = List.of(new Fault(0, "a <-> b down, at 20us", 20 * US, new LinkState(true),
                new int[] {0, 1}), new Fault(1, "b -> c corrupts", 10 * US, new LossChange(new RandomLoss(0.1),
                LossEffect.CORRUPTION), new int[] {2}));
        List<FaultCounts> counts = List.of(
                counts(0, "a -> b", FaultDrop.WIRE, 2, new int[] {0, 1}),
                counts(0, "a:p1", FaultDrop.QUEUE, 3, new int[] {1, 2}),
                counts(0, "a:p1", FaultDrop.BLACKHOLE, 3, new int[] {3}),
                counts(1, "c:p0", FaultDrop.CORRUPTION, 1, new int[] {4}));
        List<FlowResult> flows = List.of(flow(0, 100), flow(1, 200), flow(2, 300), flow(3, -1), flow(4, 50),
                flow(5, 60));
        return new RunResult("s", 1, "fabric", "d", 500 * US, 10, 2, 2, 250_000, 4, 1, false, 1, 0, flows, List.of(),
                "", TimeSeries.NONE, List.of(), FabricMap.NONE, new FaultOutcome(faults, counts));
    }

    @Test
    void placesAreMergedByNameAndOrderedMostFirst_touchedFlowsSplitTheFcts() {
        List<FaultCost> costs = FaultCost.of(run());
        FaultCost down = costs.get(0);
        assertEquals("down", down.kind());
        assertEquals(8, down.drops().totalPackets());
        assertEquals(800, down.drops().totalBytes());
        assertEquals(List.of("a:p1", "a -> b"), down.places().stream().map(FaultPlace::where).toList());
        assertEquals(6, down.places().get(0).drops().totalPackets());
        assertEquals(3, down.places().get(0).touchedFlows(), "flows 1, 2 and 3 at a:p1");
        assertEquals(4, down.touchedFlows());
        // touched: 100, 200, 300 and one unfinished; untouched: 50 and 60 (nearest rank)
        assertEquals(new FctFigures(4, 1, 200, 300, 300), down.touchedFct());
        assertEquals(new FctFigures(2, 0, 50, 60, 60), down.untouchedFct());
        assertInstanceOf(Recovery.Unmeasured.class, down.recovery());
        assertEquals("corruption", costs.get(1).kind());
        assertEquals(1, costs.get(1).drops().packets(FaultDrop.CORRUPTION));
    }

    @Test
    void json_hasTheDocumentedKeys() {
        Map<String, Object> f = FaultsJson.of(FaultCost.of(run()).get(0));
        assertEquals(List.of("index", "label", "atPs", "kind", "targets", "faultDrops", "faultDropPlaces",
                "faultDropPlaceCount", "touchedFlows", "touchedFct", "untouchedFct", "recoveryPs", "recoveryNote"),
                List.copyOf(f.keySet()));
        assertEquals(2, f.get("targets"));
        assertNull(f.get("recoveryPs"));
        assertEquals("the run was not sampled over virtual time (sampling: {interval: off})", f.get("recoveryNote"));
        @SuppressWarnings("unchecked")
        Map<String, Object> drops = (Map<String, Object>) f.get("faultDrops");
        assertEquals(List.of("wirePackets", "wireBytes", "queuePackets", "queueBytes", "blackholePackets",
                "blackholeBytes", "nicDownPackets", "nicDownBytes", "lossPackets", "lossBytes", "corruptionPackets",
                "corruptionBytes", "totalPackets", "totalBytes"), List.copyOf(drops.keySet()));
        assertEquals(3L, drops.get("blackholePackets"));
    }

    @Test
    void csv_aLinePerFaultAndPlace_theLabelQuoted() {
        FaultCost down = FaultCost.of(run()).get(0);
        assertEquals("0,\"a <-> b down, at 20us\",down,20000000,a:p1,0,0,3,300,3,300,0,0,0,0,0,0,6,600,3\n",
                FaultsCsv.line(down, down.places().get(0)));
        assertEquals("\"say \"\"hi\"\"\"", FaultsCsv.quoted("say \"hi\""));
        assertEquals("leaf0 -> spine0", FaultsCsv.quoted("leaf0 -> spine0"));
    }

    @Test
    void sentence_saysWhatWasLostWhereAndWhoItTouched() {
        List<FaultCost> costs = FaultCost.of(run());
        assertEquals("a <-> b down, at 20us: lost 2 on the wire, 3 in queues, 3 black-holed; 4 flows touched (p99 FCT"
                + " 300 ps vs 60 ps untouched; 1 touched unfinished); recovery not measured: the run was not sampled"
                + " over virtual time (sampling: {interval: off})", FaultSentence.of(costs.get(0)));
        assertEquals("b -> c corrupts: lost 1 corrupted; 1 flow touched (p99 FCT 50 ps vs 300 ps untouched);"
                + " recovery not measured: the run was not sampled over virtual time (sampling: {interval: off})",
                FaultSentence.of(costs.get(1)));
        assertEquals("goodput back within 5% after 12.000 us", FaultSentence.recovery(new Recovery.Back(12 * US, 1)));
        assertEquals("goodput not back within 5% of its level before the fault (80.00 Gb/s) by the run's last sample",
                FaultSentence.recovery(new Recovery.NotBack(80_000_000_000L)));
    }

    @Test
    void kinds_nameEveryAction() {
        assertEquals("up", FaultCost.kind(new LinkState(false)));
        assertEquals("flap", FaultCost.kind(new Flap(10, 5, 100)));
        assertEquals("rate", FaultCost.kind(new RateChange(1)));
        assertEquals("loss", FaultCost.kind(new LossChange(new NoLoss(), LossEffect.LOSS)));
    }

    @Test
    void aRunWithoutFaults_costsNothing() {
        RunResult healthy = new RunResult("s", 1, "fabric", "d", 500 * US, 10, 2, 2, 250_000, 4, 1, false, 1, 0,
                List.of(), List.of(), "", TimeSeries.NONE);
        assertEquals(List.of(), FaultCost.of(healthy));
        assertFalse(SummaryTable.render(healthy, Summary.of(healthy)).contains("fault"));
        assertEquals(0, Summary.of(healthy).faultDropPackets());
        assertEquals(9, Summary.of(run()).faultDropPackets());
    }
}

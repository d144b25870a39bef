package io.fabricemu.run;

import io.fabricemu.engine.ElementReport;
import io.fabricemu.results.FaultOutcome;
import io.fabricemu.results.FctSlowdown;
import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.LinkLoss;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.WindowSpan;
import io.fabricemu.engine.SampleListener;
import io.fabricemu.engine.SampleLog;
import io.fabricemu.engine.Sampling;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.results.Digest;
import io.fabricemu.results.FabricMap;
import io.fabricemu.results.FlowResult;
import io.fabricemu.results.RunResult;
import io.fabricemu.results.TimeSeries;
import io.fabricemu.trace.PacketTrace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Runs one emulation, in this JVM or across several, and turns what the engine reports into results. */
public final class Emulation {
    private Emulation() {
    }

    /**
     * @param name     scenario name, for the results
     * @param seed     scenario seed, for the results
     * @param fabric   the fabric, built from the scenario
     * @param flows    the workload's flows, in flow-id order (the fabric was built from the same list)
     * @param stopPs   virtual-time limit
     * @param shards   how many shards to split the elements into (results do not depend on it)
     * @param sampling when the elements record their state for the time series
     * @param progress live progress, for display
     */
    public static RunResult run(String name, long seed, FabricBuilder fabric, List<FlowSpec> flows, long stopPs,
                                int shards, Sampling sampling, Progress progress) {
        return run(name, seed, fabric, flows, stopPs, shards, sampling, progress, null);
    }

    /**
     * As {@link #run(String, long, FabricBuilder, List, long, int, Sampling, Progress)}, also handing every sample
     * to {@code listener} (live metrics) while the run goes on; null hands them nowhere.
     */
    public static RunResult run(String name, long seed, FabricBuilder fabric, List<FlowSpec> flows, long stopPs,
                                int shards, Sampling sampling, Progress progress, SampleListener listener) {
        return run(name, seed, fabric, flows, stopPs, EngineBackend.local(shards), sampling, progress, listener);
    }

    /**
     * As {@link #run(String, long, FabricBuilder, List, long, int, Sampling, Progress, SampleListener)}, on the shards
     * {@code backend} places, in this JVM or across several.
     */
    public static RunResult run(String name, long seed, FabricBuilder fabric, List<FlowSpec> flows, long stopPs,
                                EngineBackend backend, Sampling sampling, Progress progress, SampleListener listener) {
        return run(name, seed, fabric, flows, stopPs, backend, sampling, progress, listener, null);
    }

    /**
     * As {@link #run(String, long, FabricBuilder, List, long, EngineBackend, Sampling, Progress, SampleListener)},
     * recording the packets {@code trace} chooses (null: none) as they are transmitted, in this JVM or in the
     * members that run the elements ({@link EngineBackend#run(io.fabricemu.engine.ElementFactory, RunLimits, Progress,
     * PacketTrace)}).
     */
    public static RunResult run(String name, long seed, FabricBuilder fabric, List<FlowSpec> flows, long stopPs,
                                EngineBackend backend, Sampling sampling, Progress progress, SampleListener listener,
                                PacketTrace trace) {
        int shards = backend.shards();
        int[] shardOf = backend.shardOf(fabric);
        long wallStart = System.nanoTime();
        EngineResult r = backend.run(fabric, new RunLimits(stopPs, shardOf, shards, sampling.forFlows(flows.size()),
                listener)
                .withRunAhead(backend.runsAhead()), progress, trace);
        long wallMillis = (System.nanoTime() - wallStart) / 1_000_000;
        List<FlowResult> flowResults = FlowResults.join(flows, r.reports());
        // a traced run's elements are wrapped, and its links no relays: its windows are of one cell
        long windowPs = fabric.lookaheadPs()
                * (trace == null ? WindowSpan.cells(fabric, shardOf) : 1);
        return new RunResult(name, seed, fabric.topology().describe(), Digest.of(flowResults), r.virtualEndPs(),
                r.events(), r.windows(), r.activations(), windowPs, fabric.elementCount(), shards,
                r.reachedStop(), wallMillis, r.coordinationMillis(), flowResults, FlowResults.ports(r.reports()),
                r.haltReason(), withQueueing(TimeSeries.of(sampling, r.virtualEndPs(), samples(r.reports())), fabric,
                flows), List.of(),
                FabricMap.of(fabric.topology()), faults(fabric, r.reports()), FctSlowdown.NONE,
                linkLosses(r.reports()));
    }

    /** The series with each recorded flow's idle round trips ({@link UnloadedRtt}), for its queueing delay. */
    private static TimeSeries withQueueing(TimeSeries series, FabricBuilder fabric, List<FlowSpec> flows) {
        if (series.isEmpty()) {
            return series;
        }
        CommonTransport common = fabric.transport().common();
        UnloadedRtt idle = new UnloadedRtt(fabric.topology(), fabric.switchConfig().latencyPs(),
                fabric.switchConfig().forwarding(), common.headerBytes());
        Map<Integer, long[]> roundTripPs = new TreeMap<>();
        for (int id : series.flowIds()) {
            long[] sizes = series.rttPacketSizes(id);
            if (id >= 0 && id < flows.size() && sizes.length > 0) {
                long[] pairs = new long[2 * sizes.length];
                for (int k = 0; k < sizes.length; k++) {
                    pairs[2 * k] = sizes[k];
                    pairs[2 * k + 1] = idle.of(flows.get(id), sizes[k]);
                }
                roundTripPs.put(id, pairs);
            }
        }
        return series.withUnloadedRtt(roundTripPs);
    }

    /** What the lossy links lost to their own loss, in element order. */
    private static List<LinkLoss> linkLosses(List<ElementReport> reports) {
        List<LinkLoss> losses = new ArrayList<>();
        for (ElementReport report : reports) {
            losses.addAll(report.linkLosses());
        }
        return losses;
    }

    /** The fabric's faults and what the elements counted of them, in fault order and then element order. */
    private static FaultOutcome faults(FabricBuilder fabric, List<ElementReport> reports) {
        if (fabric.faults().isEmpty()) {
            return FaultOutcome.NONE;
        }
        List<FaultCounts> counts = new ArrayList<>();
        for (ElementReport report : reports) {
            counts.addAll(report.faults());
        }
        counts.sort(java.util.Comparator.comparingInt(FaultCounts::fault));
        return new FaultOutcome(fabric.faults().faults(), counts);
    }

    private static List<SampleLog> samples(List<ElementReport> reports) {
        List<SampleLog> logs = new ArrayList<>(reports.size());
        for (ElementReport report : reports) {
            logs.add(report.samples());
        }
        return logs;
    }
}

package io.fabricemu.results;

import io.fabricemu.stats.LinkLoss;
import io.fabricemu.stats.PortStats;
import java.util.List;

/**
 * Everything a run produced.
 *
 * @param scenario      scenario name
 * @param seed          scenario seed
 * @param topology      one-line description of the fabric
 * @param digest        sha256 (hex) of the canonical rendering of the per-flow results
 * @param virtualEndPs  virtual time of the last event handled
 * @param events        events handled
 * @param windows       windows of virtual time run
 * @param activations   element activations
 * @param lookaheadPs   the window length
 * @param elements      number of elements (NICs, switch ports, links), each an actor
 * @param shards        number of shards the run used
 * @param reachedStop   the stop time ended the run with work pending
 * @param wallMillis    wall-clock duration of the run (not part of the digest)
 * @param coordinationMillis wall time the shards and coordinator spent coordinating (display only)
 * @param flows         per-flow results, by flow id
 * @param ports         per-port counters: NIC transmitters first (by host), then switch ports
 * @param haltReason    why the model ended the run early (a PFC deadlock), or "" when it did not
 * @param series        the ports' and flows' state over virtual time ({@link TimeSeries#NONE} when not sampled)
 * @param collectives   each collective's iterations, empty when the workload has none
 * @param fabricMap     the fabric's nodes and cables, for the report's picture ({@link FabricMap#NONE}: not drawn)
 * @param faults        what the scenario's faults cost ({@link FaultOutcome#NONE}: none)
 * @param slowdown      the FCT slowdown of the open-loop flows ({@link FctSlowdown#NONE}: the workload has none)
 * @param linkLosses    what each direction of a lossy cable (a topology file's loss) lost, in link order; empty when
 *                      no cable has a loss
 * @param chakra        the ranks' timelines of a Chakra trace ({@link ChakraTimeline#NONE}: the workload is none)
 */
public record RunResult(String scenario, long seed, String topology, String digest, long virtualEndPs, long events,
                        long windows, long activations, long lookaheadPs, int elements, int shards,
                        boolean reachedStop, long wallMillis, long coordinationMillis, List<FlowResult> flows,
                        List<PortStats> ports, String haltReason, TimeSeries series,
                        List<CollectiveResult> collectives, FabricMap fabricMap, FaultOutcome faults,
                        FctSlowdown slowdown, List<LinkLoss> linkLosses, ChakraTimeline chakra) {
    public RunResult {
        java.util.Objects.requireNonNull(chakra, "chakra");
        java.util.Objects.requireNonNull(slowdown, "slowdown");
        java.util.Objects.requireNonNull(faults, "faults");
        java.util.Objects.requireNonNull(haltReason, "haltReason");
        java.util.Objects.requireNonNull(series, "series");
        java.util.Objects.requireNonNull(fabricMap, "fabricMap");
        flows = List.copyOf(flows);
        ports = List.copyOf(ports);
        collectives = List.copyOf(collectives);
        linkLosses = List.copyOf(linkLosses);
    }

    /** A run of no Chakra trace. */
    public RunResult(String scenario, long seed, String topology, String digest, long virtualEndPs, long events,
                     long windows, long activations, long lookaheadPs, int elements, int shards, boolean reachedStop,
                     long wallMillis, long coordinationMillis, List<FlowResult> flows, List<PortStats> ports,
                     String haltReason, TimeSeries series, List<CollectiveResult> collectives, FabricMap fabricMap,
                     FaultOutcome faults, FctSlowdown slowdown, List<LinkLoss> linkLosses) {
        this(scenario, seed, topology, digest, virtualEndPs, events, windows, activations, lookaheadPs, elements,
                shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason, series, collectives,
                fabricMap, faults, slowdown, linkLosses, ChakraTimeline.NONE);
    }

    /** A run whose cables lose nothing of their own, of no Chakra trace. */
    public RunResult(String scenario, long seed, String topology, String digest, long virtualEndPs, long events,
                     long windows, long activations, long lookaheadPs, int elements, int shards, boolean reachedStop,
                     long wallMillis, long coordinationMillis, List<FlowResult> flows, List<PortStats> ports,
                     String haltReason, TimeSeries series, List<CollectiveResult> collectives, FabricMap fabricMap,
                     FaultOutcome faults, FctSlowdown slowdown) {
        this(scenario, seed, topology, digest, virtualEndPs, events, windows, activations, lookaheadPs, elements,
                shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason, series, collectives,
                fabricMap, faults, slowdown, List.of(), ChakraTimeline.NONE);
    }

    /** A run without open-loop load. */
    public RunResult(String scenario, long seed, String topology, String digest, long virtualEndPs, long events,
                     long windows, long activations, long lookaheadPs, int elements, int shards, boolean reachedStop,
                     long wallMillis, long coordinationMillis, List<FlowResult> flows, List<PortStats> ports,
                     String haltReason, TimeSeries series, List<CollectiveResult> collectives, FabricMap fabricMap,
                     FaultOutcome faults) {
        this(scenario, seed, topology, digest, virtualEndPs, events, windows, activations, lookaheadPs, elements,
                shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason, series, collectives,
                fabricMap, faults, FctSlowdown.NONE);
    }

    /** A run without faults. */
    public RunResult(String scenario, long seed, String topology, String digest, long virtualEndPs, long events,
                     long windows, long activations, long lookaheadPs, int elements, int shards, boolean reachedStop,
                     long wallMillis, long coordinationMillis, List<FlowResult> flows, List<PortStats> ports,
                     String haltReason, TimeSeries series, List<CollectiveResult> collectives, FabricMap fabricMap) {
        this(scenario, seed, topology, digest, virtualEndPs, events, windows, activations, lookaheadPs, elements,
                shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason, series, collectives,
                fabricMap, FaultOutcome.NONE);
    }

    /** A run of no collective, its fabric not drawn. */
    public RunResult(String scenario, long seed, String topology, String digest, long virtualEndPs, long events,
                     long windows, long activations, long lookaheadPs, int elements, int shards, boolean reachedStop,
                     long wallMillis, long coordinationMillis, List<FlowResult> flows, List<PortStats> ports,
                     String haltReason, TimeSeries series) {
        this(scenario, seed, topology, digest, virtualEndPs, events, windows, activations, lookaheadPs, elements,
                shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason, series, List.of(),
                FabricMap.NONE);
    }

    /** This run with its collectives' results. */
    public RunResult withCollectives(List<CollectiveResult> results) {
        return new RunResult(scenario, seed, topology, digest, virtualEndPs, events, windows, activations,
                lookaheadPs, elements, shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason,
                series, results, fabricMap, faults, slowdown, linkLosses, chakra);
    }

    /** This run with the FCT slowdown of its open-loop flows. */
    public RunResult withSlowdown(FctSlowdown result) {
        return new RunResult(scenario, seed, topology, digest, virtualEndPs, events, windows, activations,
                lookaheadPs, elements, shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason,
                series, collectives, fabricMap, faults, result, linkLosses, chakra);
    }

    /** This run with its Chakra trace's timelines. */
    public RunResult withChakra(ChakraTimeline timeline) {
        return new RunResult(scenario, seed, topology, digest, virtualEndPs, events, windows, activations,
                lookaheadPs, elements, shards, reachedStop, wallMillis, coordinationMillis, flows, ports, haltReason,
                series, collectives, fabricMap, faults, slowdown, linkLosses, timeline);
    }

    public boolean halted() {
        return !haltReason.isEmpty();
    }

    public long flowsFinished() {
        return flows.stream().filter(FlowResult::finished).count();
    }
}

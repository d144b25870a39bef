package io.fabricemu.run;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.SampleListener;
import io.fabricemu.engine.Sampling;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.results.RunResult;
import io.fabricemu.rnrnak.PairRtt;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.roce.DcqcnCompanions;
import io.fabricemu.roce.RocePlan;
import io.fabricemu.results.ChakraTimeline;
import io.fabricemu.results.CollectiveResult;
import io.fabricemu.fabric.FlowPick;
import io.fabricemu.results.FctSlowdown;
import io.fabricemu.results.FlowResult;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.Scenario;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.scenario.transport.RoceOptions;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.transport.UetOptions;
import io.fabricemu.scenario.workload.ChakraPart;
import io.fabricemu.scenario.workload.CollectiveSpan;
import io.fabricemu.scenario.workload.FlowDependencies;
import io.fabricemu.scenario.workload.OpenLoopFlows;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import io.fabricemu.trace.PacketTrace;
import io.fabricemu.uet.UetPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A scenario turned into a fabric and its flows, ready to run: everything that can be checked without
 * running is checked here, so {@code validate} and {@code run} reject the same inputs.
 *
 * @param scenario the scenario
 * @param flows    the workload's flows in flow-id order
 * @param fabric   the elements
 * @param width    how much of the run can go on at once, which decides its default shards and workers
 */
public record PreparedRun(Scenario scenario, List<FlowSpec> flows, FabricBuilder fabric, RunWidth width) {

    /** The run of {@code scenario}'s {@code flows} on {@code fabric}, its width worked out once, here. */
    public PreparedRun(Scenario scenario, List<FlowSpec> flows, FabricBuilder fabric) {
        this(scenario, flows, fabric, RunWidth.of(scenario, flows, fabric));
    }

    /** Data packets use class 0; control packets (ACKs) the highest class. */
    static final int DATA_CLASS = 0;

    public static PreparedRun of(Scenario s) {
        Topology topology = Topologies.build(s.topology());
        List<FlowSpec> flows = s.workload().flows(topology.hostCount(), s.seed());
        FlowDependencies.check(flows);
        s = s.withSampling(s.sampling().keeping(recorded(s.recordFlows(), flows,
                s.workload().collectives(topology.hostCount()))));
        SwitchConfig sw = s.switchConfig();
        TransportConfig t = s.transport();
        SwitchConfig switches = sw.withRnrNack(rnrNack(sw, t, topology))
                .withWreb(sw.wreb().withBtsBytes(t.headerBytes()));
        TransportPlan transport = transportPlan(t, sw, topology);
        return new PreparedRun(s, flows, new FabricBuilder(topology, switches, transport, flows, 0, s.seed(),
                s.faults(), sw.failover()));
    }

    /**
     * The ids of the flows {@code sampling.flows} chose, or none for the even spread.
     *
     * @throws IllegalArgumentException when the choice takes no flow, or more than {@link Sampling#MAX_CHOSEN_FLOWS}
     */
    static int[] recorded(FlowPick pick, List<FlowSpec> flows, List<CollectiveSpan> collectives) {
        if (!pick.chosen()) {
            return new int[0];
        }
        List<String> names = new ArrayList<>(collectives.size());
        int[] first = new int[collectives.size()];
        int[] end = new int[collectives.size()];
        for (int i = 0; i < collectives.size(); i++) {
            names.add(collectives.get(i).name());
            first[i] = collectives.get(i).firstFlow();
            end[i] = collectives.get(i).endFlow();
        }
        int[] ids = pick.withCollectives(names, first, end).ids(flows);
        if (ids.length == 0) {
            throw new IllegalArgumentException("sampling.flows takes none of the workload's " + flows.size()
                    + " flows; name flows by id (7), range of ids (10-20), group=NAME of a mix part, collective=NAME,"
                    + " src=HOSTS or dst=HOSTS");
        }
        if (ids.length > Sampling.MAX_CHOSEN_FLOWS) {
            throw new IllegalArgumentException("sampling.flows takes " + ids.length + " flows; at most "
                    + Sampling.MAX_CHOSEN_FLOWS + " are recorded one by one (narrow the selectors)");
        }
        return ids;
    }

    /** The payload of every flow added up (at most {@link Long#MAX_VALUE}): what a finished run has delivered. */
    public long workloadBytes() {
        return bytesOf(flows);
    }

    /** The payload of {@code flows} added up, at most {@link Long#MAX_VALUE}. */
    static long bytesOf(List<FlowSpec> flows) {
        long sum = 0;
        for (FlowSpec f : flows) {
            sum = sum > Long.MAX_VALUE - f.bytes() ? Long.MAX_VALUE : sum + f.bytes();
        }
        return sum;
    }

    /**
     * The switches' RNR NAK settings: the scenario's, with each host pair's zero-load round trip in place of
     * {@link PairRtt#DERIVED}.
     */
    private static RnrNackSettings rnrNack(SwitchConfig sw, TransportConfig t, Topology topology) {
        RnrNackSettings o = sw.rnrNack();
        if (!o.enabled() || o.rtt() != PairRtt.DERIVED) {
            return o;
        }
        return o.withRtt((a, b) -> DerivedBaseRtt.ofPair(topology, a, b, sw.latencyPs(), sw.forwarding(),
                t.mtuBytes()));
    }

    /**
     * The transport the scenario's congestion control kind runs, with the common framing: data in class
     * {@link #DATA_CLASS}, control packets in the highest class the switches have.
     */
    private static TransportPlan transportPlan(TransportConfig t, SwitchConfig sw, Topology topology) {
        CommonTransport common = new CommonTransport(t.headerBytes(), t.payloadBytes(), t.rtoPs(), DATA_CLASS,
                sw.trafficClasses() - 1);
        return switch (t.congestionControl().transport()) {
            case BASELINE -> new TransportPlan.Baseline(common, t.windowBytes());
            case ULTRA_ETHERNET -> new TransportPlan.UltraEthernet(common, uetPlan(t, sw, topology));
            case ROCE_V2 -> new TransportPlan.RoceV2(common, rocePlan(t, sw, topology));
        };
    }

    /** The Ultra Ethernet settings. */
    private static UetPlan uetPlan(TransportConfig t, SwitchConfig sw, Topology topology) {
        UetOptions o = t.uet();
        CongestionControlKind cc = t.congestionControl();
        long baseRttPs = o.baseRttPs();
        if (baseRttPs == 0) {
            baseRttPs = DerivedBaseRtt.of(topology, sw.latencyPs(), sw.forwarding(), t.mtuBytes());
            TransportChecks.uetBaseRtt(baseRttPs);
        }
        if (cc.nscc()) {
            TransportChecks.nscc(topology, baseRttPs, t.mtuBytes());
        }
        long[] hostRateBps = new long[topology.hostCount()];
        for (int h = 0; h < hostRateBps.length; h++) {
            hostRateBps[h] = topology.hostRateBps(h);
        }
        return new UetPlan(cc.nscc(), cc.rccc(), baseRttPs, o.initialWindowBytes(), sw.trimming(), o.creditSlicePs(),
                o.initialCreditBytes(), o.loadBalancing(), o.receiverMemory(), h -> hostRateBps[h], o.deliveryMode(),
                o.nsccCompanions(), o.nsccLoop(), o.ackPolicy(), o.windowForPort(), o.notReady(),
                o.pdcLimit());
    }

    /**
     * The RoCEv2 settings. {@code transport.window} bounds each QP's outstanding bytes; DCQCN's constants apply
     * only with {@code cc: dcqcn}, and so do its companion mechanisms, whose path-not-congested test gets the
     * base RTT of the topology's longest path, as NSCC's does.
     */
    private static RocePlan rocePlan(TransportConfig t, SwitchConfig sw, Topology topology) {
        RoceOptions o = t.roce();
        boolean dcqcn = t.congestionControl().dcqcn();
        if (dcqcn) {
            TransportChecks.dcqcn(topology, o.dcqcn());
        }
        DcqcnCompanions companions = dcqcn ? o.dcqcnCompanions() : DcqcnCompanions.OFF;
        if (companions.pathCheck() && companions.baseRttPs() == 0) {
            long baseRttPs = DerivedBaseRtt.of(topology, sw.latencyPs(), sw.forwarding(), t.mtuBytes());
            TransportChecks.dcqcnPathCheck(baseRttPs);
            companions = companions.withBaseRttPs(baseRttPs);
        }
        return new RocePlan(o.messageSizeBytes(), o.rnrRetry(), t.windowBytes(), dcqcn ? o.dcqcn() : null, companions,
                o.rnrTimerPs());
    }

    /** The time series a scenario without a {@code sampling} section records ({@link Sampling#DEFAULT}). */
    public static final Sampling DEFAULT_SAMPLING = Sampling.DEFAULT;

    /** Runs it in this JVM on {@code shards} shards, sampling as the scenario's {@code sampling} section says. */
    public RunResult run(int shards, Progress progress) {
        return run(shards, scenario.sampling(), progress);
    }

    /**
     * Runs it in this JVM on {@code shards} shards, sampling as the scenario says, and hands the samples to
     * {@code listener} as they are taken (null: to nobody).
     */
    public RunResult run(int shards, Progress progress, SampleListener listener) {
        return run(shards, scenario.sampling(), progress, listener);
    }

    /** Runs it in this JVM on {@code shards} shards. */
    public RunResult run(int shards, Sampling sampling, Progress progress) {
        return run(shards, sampling, progress, null);
    }

    /**
     * Runs it in this JVM on {@code shards} shards, handing every sample to {@code listener} too while it runs
     * (null: to nobody). Live samples need a sampling grid: with sampling off they follow the default one.
     */
    public RunResult run(int shards, Sampling sampling, Progress progress, SampleListener listener) {
        return run(localBackend(shards), sampling, progress, listener, null);
    }

    /** This run's {@code shards} in this JVM, on the workers its width gives them ({@link RunWidth#workers}). */
    public EngineBackend localBackend(int shards) {
        return EngineBackend.local(shards, width.workers(shards));
    }

    /**
     * Runs it on the shards {@code backend} places (this JVM or a cluster), sampling as the scenario says and
     * handing every sample to {@code listener} too (null: to nobody).
     */
    public RunResult run(EngineBackend backend, Progress progress, SampleListener listener) {
        return run(backend, scenario.sampling(), progress, listener, null);
    }

    /**
     * As {@link #run(EngineBackend, Progress, SampleListener)}, recording the packets {@code trace} chooses (null:
     * none); the results are the same with or without it.
     */
    public RunResult run(EngineBackend backend, Progress progress, SampleListener listener, PacketTrace trace) {
        return run(backend, scenario.sampling(), progress, listener, trace);
    }

    private RunResult run(EngineBackend backend, Sampling sampling, Progress progress, SampleListener listener,
                          PacketTrace trace) {
        Sampling grid = listener != null && !sampling.enabled() ? DEFAULT_SAMPLING : sampling;
        RunResult r = Emulation.run(scenario.name(), scenario.seed(), fabric, flows, scenario.stopPs(), backend,
                grid, progress, listener, trace);
        List<CollectiveSpan> spans = scenario.workload().collectives(fabric.topology().hostCount());
        RunResult withCollectives = spans.isEmpty() ? r : r.withCollectives(CollectiveResult.of(spans, r.flows()));
        Optional<ChakraPart> chakra = ChakraPart.of(scenario.workload(), fabric.topology().hostCount());
        if (chakra.isPresent()) {
            ChakraPart part = chakra.get();
            withCollectives = withCollectives.withChakra(ChakraTimeline.of(part.hosts(), part.timeline(),
                    r.flows().subList(part.firstFlow(), part.firstFlow() + part.flowCount())));
        }
        return OpenLoopFlows.any(scenario.workload()) ? withCollectives.withSlowdown(slowdown(r.flows()))
                : withCollectives;
    }

    /** The FCT slowdown of the open-loop flows, each over its ideal on the idle fabric ({@link IdealFct}). */
    private FctSlowdown slowdown(List<FlowResult> results) {
        Topology topology = fabric.topology();
        boolean[] openLoop = OpenLoopFlows.marks(scenario.workload(), topology.hostCount(), flows.size());
        IdealFct ideal = new IdealFct(topology, scenario.switchConfig().latencyPs(),
                scenario.switchConfig().forwarding(), scenario.transport().headerBytes(),
                scenario.transport().payloadBytes());
        long[] idealPs = new long[flows.size()];
        for (int i = 0; i < idealPs.length; i++) {
            idealPs[i] = openLoop[i] ? ideal.of(flows.get(i)) : 0;
        }
        return FctSlowdown.of(results, idealPs, openLoop, "open-loop", IdealFct.FORMULA);
    }
}

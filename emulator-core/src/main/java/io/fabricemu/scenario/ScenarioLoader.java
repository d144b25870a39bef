package io.fabricemu.scenario;

import io.fabricemu.engine.Sampling;
import io.fabricemu.fabric.FlowPick;
import io.fabricemu.fabric.PortPick;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.scenario.bind.FaultBinder;
import io.fabricemu.scenario.bind.SamplingBinder;
import io.fabricemu.scenario.bind.SwitchBinder;
import io.fabricemu.scenario.bind.TopologyBinder;
import io.fabricemu.scenario.bind.TransportBinder;
import io.fabricemu.scenario.bind.HostLinkRates;
import io.fabricemu.scenario.bind.LateReceives;
import io.fabricemu.scenario.bind.WorkloadBinder;
import io.fabricemu.scenario.workload.MatrixFabric;
import io.fabricemu.scenario.workload.MatrixFailure;
import io.fabricemu.scenario.workload.NodeHosts;
import io.fabricemu.scenario.sizing.FabricSizeCheck;
import io.fabricemu.scenario.sizing.HeapBudget;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.workload.WorkloadSpec;
import io.fabricemu.scenario.yaml.ErrorList;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.FieldErrors;
import io.fabricemu.scenario.yaml.InputFile;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.Node;
import io.fabricemu.scenario.yaml.Overrides;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.ScenarioText;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.YamlTree;
import io.fabricemu.topology.FatTreeSpec;
import io.fabricemu.topology.PlanesSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.TopologySpec;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads a scenario file into a {@link Scenario}, applying {@code --set path=value} overrides first.
 *
 * <h2>How</h2>
 * The YAML text is read into a small tree of maps, lists and scalars that remembers each node's line
 * ({@link YamlTree}); overrides replace nodes of that tree ({@link Overrides}); then one binder per section
 * reads the tree field by field ({@link Section}, {@link Field}). So every error names the file and line
 * (or the override), the field's dotted path and what is allowed:
 * <pre>
 *   scenarios/x.yaml:14: workload.bytes: '2XB' is not a size; use a number with B, KB, MB, GB, KiB, MiB or GiB (e.g. 4150B, 2MiB)
 *   scenarios/x.yaml: --set seed=-1: seed: '-1' is out of range; it must be at least 0
 * </pre>
 *
 * <h2>Format reference</h2>
 * A scenario file is UTF-8 text (a byte order mark is allowed) of at most 16 MiB, in plain YAML: tags, anchors,
 * aliases, merge keys and keys that are maps or lists are refused ({@link YamlTree}). A file it names (a schedule) is
 * read only in its folder or below, or in a folder the command line allows ({@link ScenarioFiles}).
 * Sizes take B, KB, MB, GB (1000-based), KiB, MiB, GiB (1024-based); rates bps, Kbps, Mbps, Gbps, Tbps;
 * times ps, ns, us, ms, s. A unit is always required, right after the number, and the value must come out
 * whole ({@code 1.5us} is fine, {@code 0.5B} is not). Unknown fields are errors. An empty value ({@code switch:}) counts as absent.
 * Every time is at most 3600s, every rate 1Mbps to 100Tbps, a flow at most 1024GiB, a buffer, window or
 * threshold at most 64GiB ({@link Limits}); the fabric and its flows must fit the heap ({@link FabricSizeCheck}).
 * <pre>
 * name: incast-7to1            # required, [A-Za-z0-9][A-Za-z0-9._-]*, at most 100 characters: it is the
 *                              #   default output folder's name (results/NAME), so never '.' or '..'
 * seed: 1                      # optional, default 1, integer &gt;= 0
 * topology:                    # required; kind: leaf-spine | fat-tree | rail-optimised | ring
 *   kind: leaf-spine
 *   leaves: 2                  # every count is an integer 1..1000000
 *   hostsPerLeaf: 8
 *   spines: 2
 *   linksPerSpine: 1           # optional, default 1
 *   hostLink:   {rate: 100Gbps, delay: 500ns}             # rate &gt; 0, delay &gt; 0, fec optional (default 0ns)
 *   fabricLink: {rate: 400Gbps, delay: 500ns, fec: 150ns}
 *   # fat-tree: either  k: 8  (even, 2..1000: k pods of k/2 ToRs and k/2 aggs, k/2 hosts per ToR, (k/2)^2
 *   #   cores; pods/torsPerPod/hostsPerTor/aggsPerPod/cores are then not allowed) or all of  pods, torsPerPod,
 *   #   hostsPerTor, aggsPerPod, cores (a multiple of aggsPerPod);  and hostLink, aggLink, coreLink
 *   # rail-optimised: pods (default 1), segmentsPerPod, nodesPerSegment, gpusPerNode, spinesPerPod,
 *   #   superSpines (default 0; must be 0 when pods = 1 and &gt;= 1 when pods &gt; 1), hostLink, fabricLink,
 *   #   superLink (required when pods &gt; 1, not allowed when pods = 1)
 * switch:                      # optional section, defaults shown
 *   latency: 500ns             # &gt; 0: every hop inside a switch takes positive time
 *   forwarding: cut-through    # cut-through | store-and-forward
 *   queue: 1MiB                # per egress queue (port x traffic class), &gt;= transport.mtu
 *   sharedBuffer: 0B           # per-switch shared pool; 0B = none
 *   trimming: false            # cut a packet that would be dropped to its header (control class)
 *   ecn:                       # optional marking rules at dequeue, the last match wins (see EcnBinder)
 *     - {kmin: 100KB, kmax: 400KB, pmax: 20%}
 *   trafficClasses: 2          # 2..8 (class 0 = data, the highest class = control/ACKs)
 *   failover: {detect: 2us, converge: 100us}   # after a link changes: the switches at its ends stop (or start
 *                              #   again) choosing it after detect, every other switch converge later; each &gt; 0
 * transport:                   # optional section, defaults shown
 *   mtu: 4150B                 # on the wire, header included; header &lt; mtu &lt;= 65535B
 *   header: 64B                # 1B..65534B; payload per packet = mtu - header
 *   window: 256KiB             # fixed bytes in flight per flow, &gt;= mtu
 *   rto: 100us                 # retransmission timeout, &gt; 0
 *   cc: none                   # none (baseline: go-back-N, fixed window) | nscc | rccc | nscc+rccc (Ultra Ethernet)
 *   loadBalancing: ecmp        # ecmp | spray | bitmap | reps; anything but ecmp needs Ultra Ethernet
 *   # Ultra Ethernet only:
 *   baseRtt: 0ns               # config_base_rtt; 0ns derives it from the topology's longest path
 *   initialWindow: 0B          # NSCC's initial window; 0B = one BDP of the path; else &gt;= mtu
 *   creditSlice: 1us           # RCCC credit time slice
 *   initialCredit: 12500B      # RCCC pre-provisioned credit of a new context
 *   receiverMemory:            # optional: every receiver's memory write path (local congestion)
 *     writeRate: 50Gbps        # required
 *     buffer: 1MiB             # required, &gt;= mtu
 *     penaltyThreshold: 256KiB # default buffer / 4: above it ACK_CCs carry rcv_cwnd_pend
 * workload:                    # required; kind: incast | permutation | all-to-all | flows | connection-matrix |
 *                              # open-loop | chakra | mix, or a collective
 *   kind: incast
 *   receiver: 0                # hosts are numbered 0..hostCount-1
 *   senders: [1, 2, 3]         # distinct, not the receiver; or a count N: the N lowest hosts other than the receiver
 *   bytes: 2MiB                # per flow, &gt;= 1B
 *   start: 0ns                 # optional, default 0ns
 *   # permutation: bytes, start; a random derangement drawn from the seed, each host sends to one other
 *   # all-to-all: bytes, start; every ordered pair of distinct hosts
 *   # flows: a list of {src, dst, bytes, start}, start optional (0ns), src != dst; order kept
 *   # open-loop: load, sizes (websearch | hadoop | a CDF file), hosts, duration, start; Poisson flows per host
 * stop: 1s                     # optional virtual-time limit, default 1s, &gt; 0
 * sampling:                    # optional: ports and flows record their state every interval (SamplingBinder)
 *   interval: 1us              # 1ns..1s, or off
 *   maxPoints: 200             # 2..100000; the interval doubles when the run would need more ticks
 * faults:                      # optional list (FaultBinder): each entry an at, one target and one action
 *   - {at: 100us, link: "agg0.0 &lt;-&gt; core0", state: down}   # at: a time &gt;= 0 and before stop
 *   - {at: 300us, link: "agg0.0 &lt;-&gt; core0", state: up}     # up only on a link that is down then
 *   # targets: link: "A -&gt; B" (one direction, A to B) or "A &lt;-&gt; B" (both), names as the topology gives them
 *   #   (leaf0, spine1, tor1.0, agg0.1, core3, super0, ring2; h5 for host 5's NIC), :pN picking a port where
 *   #   parallel cables join A and B (leaf0:p17 &lt;-&gt; spine0); switch: NAME (all its cables); host: N (its
 *   #   cable); links: {tier: host|agg|core|fabric|super|ring, count: N, seed: S, direction: both|up|down}
 *   #   (N distinct cables of the tier drawn from seed S alone; up = away from the hosts)
 *   # actions: state: down|up; flap: {period: T, down: T, until: T} (0 &lt; down &lt; period, at &lt; until &lt;= stop,
 *   #   until default stop); rate: 25Gbps; loss: 0.1% | none | {rate: 0.1%, burst: 10} |
 *   #   {pGoodToBad: P, pBadToGood: P, lossGood: 0%, lossBad: 100%}; corrupt: the same forms as loss
 * </pre>
 *
 * <h2>Overrides</h2>
 * Each override is {@code dotted.path=value}, e.g. {@code seed=7}, {@code workload.bytes=1MiB},
 * {@code topology.hostLink.rate=400Gbps} or {@code workload.flows.0.bytes=1MB} (a number indexes a list).
 * Missing map entries on the path are created; the value is read as YAML ({@code 7} a number,
 * {@code [1, 2]} a list). They apply in order, before any field is read.
 */
public final class ScenarioLoader {
    /** Virtual time at which a run stops if the file does not say: one second. */
    static final long DEFAULT_STOP_PS = 1_000_000_000_000L;
    static final long DEFAULT_SEED = 1;

    private ScenarioLoader() {
    }

    /**
     * Reads and loads a scenario file for a run in this JVM ({@link HeapBudget#wholeRun()}); the file name as given
     * is the source in messages.
     */
    public static Scenario load(Path file, List<String> overrides) throws ScenarioException {
        return load(file, overrides, List.of(), HeapBudget.wholeRun());
    }

    /**
     * As {@link #load(Path, List)}, refusing a fabric that cannot be built within {@code budget}; the files the
     * scenario names (a schedule) may be in its own folder and below, and in {@code allowedFolders} and below
     * ({@link ScenarioFiles}).
     */
    public static Scenario load(Path file, List<String> overrides, List<Path> allowedFolders, HeapBudget budget)
            throws ScenarioException {
        return parse(readText(file), InputFile.display(file), overrides, allowedFolders, budget);
    }

    /**
     * The text of a scenario file, as {@link #load} reads it: UTF-8, of a size a scenario can have, no control
     * characters ({@link ScenarioText}).
     */
    public static String readText(Path file) throws ScenarioException {
        return ScenarioText.read(file, InputFile.display(file));
    }

    /**
     * Loads a scenario from YAML text for a run in this JVM ({@link HeapBudget#wholeRun()}); {@code sourceName}
     * stands for the file in messages.
     */
    public static Scenario parse(String yamlText, String sourceName, List<String> overrides)
            throws ScenarioException {
        return parse(yamlText, sourceName, overrides, List.of(), HeapBudget.wholeRun());
    }

    /**
     * As {@link #parse(String, String, List)}, refusing a fabric that cannot be built within {@code budget}; files
     * are allowed as {@link #load(Path, List, List, HeapBudget)} allows them, {@code sourceName} standing for the
     * scenario file.
     */
    public static Scenario parse(String yamlText, String sourceName, List<String> overrides,
                                 List<Path> allowedFolders, HeapBudget budget) throws ScenarioException {
        Node tree = YamlTree.parseFile(yamlText, sourceName);
        tree = Overrides.apply(tree, overrides, sourceName);
        FieldErrors fieldErrors = new FieldErrors();
        return bind(Section.root(tree, sourceName, fieldErrors), fieldErrors, sourceName,
                new ScenarioFiles(sourceName, allowedFolders), budget);
    }

    /**
     * Binds every top-level part on its own and refuses the file with every error found ({@link ErrorList}). A part
     * that needs another is bound only when that one bound: the switch needs the transport (its MTU, its congestion
     * control), the workload the topology (its hosts, of a fabric small enough to build), the faults the built
     * topology (its names and cables) and the stop time, and the whole-scenario size check all of them. When the
     * transport is in error the workload is still checked, against the largest payload a packet can have, so a
     * flow is called too long only when it would be so under any transport; when the stop time is, its starts are
     * not checked against it.
     */
    private static Scenario bind(Section root, FieldErrors fieldErrors, String source, ScenarioFiles files,
                                 HeapBudget budget) throws ScenarioException {
        root.declare("name", "seed", "topology", "switch", "transport", "workload", "stop", "sampling", "faults");
        ErrorList errors = new ErrorList(fieldErrors);
        errors.check(root::rejectUnknownFields);
        String name = errors.attempt(() -> root.requiredText("name", Scenario.NAME, Scenario.NAME_RULE));
        Long seed = errors.attempt(() -> root.optionalLong("seed", DEFAULT_SEED, 0, Long.MAX_VALUE));
        Section topologySection = errors.attempt(() -> root.requiredSection("topology"));
        TopologySpec bound = topologySection == null ? null
                : errors.attempt(() -> TopologyBinder.bind(topologySection, files));
        // A workload is bound against a fabric that can be built only: its lists of hosts can be as long as the
        // fabric has hosts.
        TopologySpec topology = bound != null
                && errors.check(() -> FabricSizeCheck.topology(topologySection, bound, budget)) ? bound : null;
        TransportConfig transport = errors.attempt(() -> TransportBinder.bind(root.optionalSection("transport")));
        SwitchConfig switchConfig = transport == null ? null
                : errors.attempt(() -> SwitchBinder.bind(root.optionalSection("switch"), transport));
        if (topology instanceof PlanesSpec && switchConfig != null && switchConfig.pfc().enabled()) {
            errors.check(() -> {
                throw topologySection.error("planes", "more than 1 needs PFC off (switch.pfc): PFC is not modelled"
                        + " on multi-plane fabrics; use planes: 1 or a transport without PFC");
            });
        }
        Long stopPs = errors.attempt(() -> root.optionalTimePs("stop", DEFAULT_STOP_PS, 1, Limits.MAX_TIME_PS));
        Section workloadSection = errors.attempt(() -> root.requiredSection("workload"));
        int payloadBytes = transport != null ? transport.payloadBytes() : TransportConfig.MAX_MTU_BYTES - 1;
        WorkloadBinder.Bound boundWorkload = workloadSection == null || topology == null ? null
                : errors.attempt(() -> WorkloadBinder.bind(workloadSection, topology.hostCount(), payloadBytes,
                        onePlane(topology) instanceof io.fabricemu.topology.RailOptimisedSpec rail
                                ? rail.gpusPerNode() : 0,
                        files, stopPs == null ? Long.MAX_VALUE : stopPs, HostLinkRates.of(topology),
                        onePlane(topology) instanceof io.fabricemu.topology.GraphSpec graph
                                ? NodeHosts.ofGraph(graph.nodes(), graph.switchIds())
                                : NodeHosts.identity(topology.hostCount()), matrixFabric(topology)));
        WorkloadSpec workload = boundWorkload == null ? null : boundWorkload.workload();
        if (workload != null && transport != null) {
            errors.check(() -> LateReceives.check(workloadSection, transport, files));
        }
        Sampling sampling = errors.attempt(() -> SamplingBinder.bind(root.optionalSection("sampling")));
        FlowPick recordFlows = topology == null ? FlowPick.SPREAD
                : errors.attempt(() -> SamplingBinder.flows(root.optionalSection("sampling"), topology.hostCount()));
        PortPick recordPorts = errors.attempt(() -> SamplingBinder.ports(root.optionalSection("sampling")));
        FaultPlan faults = faults(root, topology, stopPs, boundWorkload == null ? List.of()
                : boundWorkload.failures(), errors);
        errors.throwIfAny();
        Scenario scenario = new Scenario(name, seed, topology, switchConfig, transport, workload, stopPs, source,
                sampling, faults, recordFlows, recordPorts);
        FabricSizeCheck.scenario(topologySection, workloadSection, scenario.estimate(), budget);
        return scenario;
    }

    /**
     * The {@code faults} list, whose targets name the nodes and cables of the built topology: so the topology is
     * built, once it bound and fits ({@code topology} not null), only for a scenario that has faults. Null after
     * recording its errors, or when the topology is in error.
     */
    /** The spec of one plane of {@code topology}: its base when it has planes. */
    private static TopologySpec onePlane(TopologySpec topology) {
        return topology instanceof PlanesSpec planes ? planes.base() : topology;
    }

    private static FaultPlan faults(Section root, TopologySpec topology, Long stopPs, List<MatrixFailure> failed,
                                    ErrorList errors) {
        Field faults = root.optional("faults");
        if (faults == null && failed.isEmpty()) {
            return FaultPlan.NONE;
        }
        return topology == null ? null : FaultBinder.bind(faults, failed, Topologies.build(topology),
                stopPs == null ? Long.MAX_VALUE : stopPs, errors);
    }

    /** The k-ary fat tree {@code topology} is (each plane of it), on which a connection matrix fails links. */
    private static MatrixFabric matrixFabric(TopologySpec topology) {
        int planes = topology instanceof PlanesSpec p ? p.planes() : 1;
        if (onePlane(topology) instanceof FatTreeSpec tree) {
            int k = tree.pods();
            FatTreeSpec kAry = k % 2 == 0 && k >= 2 ? FatTreeSpec.kAry(k, tree.hostLink(), tree.aggLink(),
                    tree.coreLink()) : null;
            if (tree.equals(kAry)) {
                return new MatrixFabric(k, planes);
            }
        }
        return new MatrixFabric(0, planes);
    }
}

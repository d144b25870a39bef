package io.fabricemu.fabric;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.fault.Failover;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicPort;
import io.fabricemu.host.NicSetup;
import io.fabricemu.host.StartDependencies;
import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Link;
import io.fabricemu.pfc.PfcDeadlockMonitor;
import io.fabricemu.pfc.PfcPeer;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.switching.PoolPlan;
import io.fabricemu.switching.QuietIngress;
import io.fabricemu.switching.SharedBufferPool;
import io.fabricemu.switching.SwitchPlan;
import io.fabricemu.switching.SwitchPort;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns a topology, switch and transport settings and a list of flows into elements.
 *
 * <p>Element ids: NIC of host {@code h} is {@code h}; then the ports of every switch in node order
 * ({@code portBase[node] + port}); then two links per cable ({@code linkBase + 2 * cable + direction},
 * direction 0 from the cable's A end to its B end); then, only when switches have a shared buffer pool, one
 * pool per switch in node order ({@code poolBase + node - hosts}); then, only when PFC is on, the PFC
 * deadlock monitor ({@link #pfcMonitorId()}). A fabric without pools or PFC numbers its elements as it
 * always did. Everything shared (switch plans, per-host flow lists, fault timelines) is built in the
 * constructor and immutable, so shards may create their elements concurrently.
 *
 * <p>Faults ({@link FaultPlan}) add no element: each link direction gets its timeline ({@link FabricFaults}), which
 * its link, its transmitter and the switch ports at its ends read, and when any cable goes down every switch port
 * routes around what it learns ({@link io.fabricemu.fault.FailoverRoutes}).
 */
public final class FabricBuilder implements ElementFactory {
    private final Topology topology;
    private final SwitchConfig switches;
    private final TransportPlan transport;
    private final double lossProbability;
    private final long seed;
    private final int hosts;
    private final int[] portBase;
    private final int linkBase;
    private final int poolBase;
    private final int pfcMonitorId;
    private final int elementCount;
    private final SwitchPlan[] plans;
    private final SwitchStages stages;
    private final List<List<NicFlow>> outgoing;
    private final List<List<NicFlow>> incoming;
    private final long lookaheadPs;
    private final long relayedLookaheadPs;
    private final List<FlowSpec> flows;
    /** Per flow, its index in its source's outgoing list. */
    private final int[] outLocal;
    /** Per flow {@code d}, the flows waiting for it are {@code dependents[firstDependent[d]..firstDependent[d+1]-1]}. */
    private final int[] firstDependent;
    private final int[] dependents;
    private final boolean anyFollows;
    private final FabricFaults faults;

    /**
     * @param lossProbability probability that a link loses a packet (0 in normal runs; tests inject loss)
     * @param seed            the scenario seed; ECMP salts, entropy values and loss draws derive from it
     */
    public FabricBuilder(Topology topology, SwitchConfig switches, TransportPlan transport, List<FlowSpec> flows,
                         double lossProbability, long seed) {
        this(topology, switches, transport, flows, lossProbability, seed, FaultPlan.NONE, Failover.DEFAULT);
    }

    /**
     * A fabric with faults; the other parameters as above.
     *
     * @param faults   what goes wrong, and when
     * @param failover how switches' routing reacts to a cable that goes down or comes back
     */
    public FabricBuilder(Topology topology, SwitchConfig switches, TransportPlan transport, List<FlowSpec> flows,
                         double lossProbability, long seed, FaultPlan faults, Failover failover) {
        if (topology.planes() > 1 && switches.pfc().enabled()) {
            throw new IllegalArgumentException("PFC is not modelled on multi-plane fabrics (" + topology.planes()
                    + " planes): a NIC keeps one set of pauses for all its ports");
        }
        this.topology = topology;
        this.faults = new FabricFaults(topology, faults, failover);
        this.switches = switches;
        this.transport = transport;
        this.lossProbability = lossProbability;
        this.seed = seed;
        this.hosts = topology.hostCount();
        this.portBase = new int[topology.nodeCount()];
        int next = hosts;
        for (int node = hosts; node < topology.nodeCount(); node++) {
            portBase[node] = next;
            next += topology.portCount(node);
        }
        this.linkBase = next;
        this.poolBase = linkBase + 2 * topology.cableCount();
        int pools = switches.sharedBufferBytes() > 0 ? topology.nodeCount() - hosts : 0;
        this.pfcMonitorId = switches.pfc().enabled() ? poolBase + pools : -1;
        this.elementCount = poolBase + pools + (pfcMonitorId >= 0 ? 1 : 0);
        this.stages = new SwitchStages(switches);
        this.plans = new SwitchPlan[topology.nodeCount()];
        for (int node = hosts; node < topology.nodeCount(); node++) {
            plans[node] = planOf(node);
        }
        this.outgoing = new ArrayList<>();
        this.incoming = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            outgoing.add(new ArrayList<>());
            incoming.add(new ArrayList<>());
        }
        boolean anyWaits = false;
        boolean anyFollows = false;
        this.flows = flows;
        for (int id = 0; id < flows.size(); id++) {
            FlowSpec f = flows.get(id);
            int entropy = (int) (Ecmp.mix(seed ^ (0x5EED_0000_0000L + id)) & 0xFFFF);
            // The source learns the receive's timing too: a rendezvous source sends such a message eagerly, then waits.
            outgoing.get(f.src()).add(new NicFlow(id, f.dst(), f.bytes(), f.startPs(), entropy, f.recvPostedPs(),
                    f.recvWith()));
            incoming.get(f.dst()).add(new NicFlow(id, f.src(), f.bytes(), f.startPs(), entropy, f.recvPostedPs(),
                    f.recvWith()));
            anyWaits |= f.waits();
            anyFollows |= f.follows() >= 0;
        }
        // Only a workload whose flows wait pays for the tables of who waits for whom.
        this.outLocal = anyWaits ? new int[flows.size()] : null;
        this.firstDependent = anyWaits ? new int[flows.size() + 1] : null;
        this.dependents = anyWaits ? dependentsOf(flows, hosts, outLocal, firstDependent) : new int[0];
        this.anyFollows = anyFollows;
        this.lookaheadPs = Lookaheads.plainPs(topology, switches.latencyPs());
        this.relayedLookaheadPs = Lookaheads.relayedPs(topology, switches.latencyPs(), lookaheadPs,
                d -> this.faults.healthy(d, lossProbability));
    }

    private SwitchPlan planOf(int node) {
        int ports = topology.portCount(node);
        int[] ids = new int[ports];
        long[] rates = new long[ports];
        for (int p = 0; p < ports; p++) {
            ids[p] = portBase[node] + p;
            rates[p] = topology.cableAt(node, p).spec().rateBps();
        }
        PoolPlan pool = switches.sharedBufferBytes() > 0
                ? new PoolPlan(poolBase + node - hosts, switches.sharedBufferBytes())
                : PoolPlan.NONE;
        return new SwitchPlan(node, ids, rates, switches,
                Ecmp.mix(seed * 0x9E3779B97F4A7C15L + node), topology::nextPorts, pool, stages);
    }

    @Override
    public int elementCount() {
        return elementCount;
    }

    @Override
    public long lookaheadPs() {
        return lookaheadPs;
    }

    /** With every healthy link handled in its transmitter's turn ({@link Lookaheads}). */
    @Override
    public long relayedLookaheadPs() {
        return relayedLookaheadPs;
    }

    /** Links with neither loss nor faults: the relays ({@link Link#relaySpanPs}) of their one transmitter. */
    @Override
    public boolean relay(int elementId) {
        return elementId >= linkBase && elementId < poolBase && faults.healthy(elementId - linkBase, lossProbability);
    }

    /** A port's ingress that only routes ({@link QuietIngress}), routed in the turn of the link into the port. */
    @Override
    public Element passer(int id) {
        if (id < hosts || id >= linkBase) {
            return null;
        }
        int node = switchOfPort(id);
        int port = id - portBase[node];
        boolean hostFacing = topology.isHost(topology.cableAt(node, port).peerOf(node));
        return QuietIngress.of(plans[node], port, topology.tier(node), hostFacing, !faults.plan().isEmpty());
    }

    @Override
    public int flowCount() {
        return flows.size();
    }

    @Override
    public int completionsAwaited() {
        return flows.size() + transport.targetCompletions(flows);
    }

    public Topology topology() {
        return topology;
    }

    public SwitchConfig switchConfig() {
        return switches;
    }

    public TransportPlan transport() {
        return transport;
    }

    /** The fabric's faults ({@link FaultPlan#NONE} when healthy). */
    public FaultPlan faults() {
        return faults.plan();
    }

    /** The element id of the NIC or switch port at ({@code node}, {@code port}). */
    public int portElementOf(int node, int port) {
        return topology.isHost(node) ? node : portBase[node] + port;
    }

    /** The element id of switch {@code node}'s shared buffer pool, or -1 when switches have none. */
    public int poolElementOf(int node) {
        if (topology.isHost(node)) {
            throw new IllegalArgumentException("node " + node + " is a host");
        }
        return plans[node].pool().elementId();
    }

    /** The element id of the PFC deadlock monitor, or -1 when PFC is off. */
    public int pfcMonitorId() {
        return pfcMonitorId;
    }

    /**
     * The node whose NIC, port, outgoing link or shared buffer pool element {@code id} is; the PFC monitor
     * goes with the first switch.
     */
    public int nodeOf(int id) {
        if (id < hosts) {
            return id;
        }
        if (id == pfcMonitorId) {
            return hosts;
        }
        if (id < linkBase) {
            return switchOfPort(id);
        }
        if (id >= poolBase) {
            return hosts + id - poolBase;
        }
        Cable c = topology.cable((id - linkBase) / 2);
        return (id - linkBase) % 2 == 0 ? c.nodeA() : c.nodeB();
    }

    /**
     * The name of an egress port in results: {@code h7:nic} for a host's only port, {@code h7:nic1} for its port
     * into plane 1 of a multi-plane fabric, {@code tor0.1:p3} or {@code p1.tor0.1:p3} for a switch's.
     */
    public static String portName(Topology topology, int node, int port) {
        if (topology.isHost(node)) {
            return topology.name(node) + (topology.planes() == 1 ? ":nic" : ":nic" + port);
        }
        return topology.name(node) + ":p" + port;
    }

    @Override
    public Element create(int id) {
        if (id < 0 || id >= elementCount) {
            throw new IndexOutOfBoundsException("element " + id + " outside 0.." + (elementCount - 1));
        }
        if (id < hosts) {
            Cable c = topology.cableAt(id, 0);
            NicSetup setup = new NicSetup(id, portName(topology, id, 0), linkOut(id, 0), c.spec().rateBps(),
                    c.spec().flightPs() / 2, outgoing.get(id), incoming.get(id), transport.common(),
                    dependenciesOf(id), faults.timeline(linkOut(id, 0) - linkBase), planePorts(id));
            return transport.nic(setup, seed);
        }
        if (id < linkBase) {
            int node = switchOfPort(id);
            int port = id - portBase[node];
            Cable c = topology.cableAt(node, port);
            int peer = c.peerOf(node);
            return new SwitchPort(plans[node], portName(topology, node, port), topology.tier(node),
                    linkOut(node, port), c.spec().flightPs() / 2, port, topology.isHost(peer),
                    new PfcPeer(c.spec().flightPs(), peer, !topology.isHost(peer), pfcMonitorId),
                    faults.port(node, port, linkOut(node, port) - linkBase));
        }
        if (id == pfcMonitorId) {
            return new PfcDeadlockMonitor();
        }
        if (id >= poolBase) {
            return new SharedBufferPool(plans[nodeOf(id)]);
        }
        int cable = (id - linkBase) / 2;
        Cable c = topology.cable(cable);
        boolean aToB = (id - linkBase) % 2 == 0;
        int toNode = aToB ? c.nodeB() : c.nodeA();
        int toPort = aToB ? c.portB() : c.portA();
        boolean wholePacket = topology.isHost(toNode) || switches.forwarding() == ForwardingMode.STORE_AND_FORWARD;
        double loss = LinkLoss.of(lossProbability, c.spec().lossProbability());
        String name = loss == 0 ? "" : topology.name(aToB ? c.nodeA() : c.nodeB()) + " -> " + topology.name(toNode);
        return new Link(portElementOf(toNode, toPort), c.spec().flightPs(), wholePacket, loss,
                Ecmp.mix(seed ^ (0x1055_0000_0000L + id)), name, faults.link(id - linkBase, id, seed));
    }

    /** Host {@code h}'s ports into planes 1 and up; none in a fabric of one plane. */
    private List<NicPort> planePorts(int h) {
        List<NicPort> ports = new ArrayList<>();
        for (int p = 1; p < topology.planes(); p++) {
            Cable c = topology.cableAt(h, p);
            ports.add(new NicPort(portName(topology, h, p), linkOut(h, p), c.spec().rateBps(), c.spec().flightPs() / 2,
                    faults.timeline(linkOut(h, p) - linkBase)));
        }
        return ports;
    }

    /** Fills {@code outLocal} and {@code firstDependent}; returns the flows waiting for each flow, in flow order. */
    private static int[] dependentsOf(List<FlowSpec> flows, int hosts, int[] outLocal, int[] firstDependent) {
        int[] outCount = new int[hosts];
        for (int id = 0; id < flows.size(); id++) {
            FlowSpec f = flows.get(id);
            outLocal[id] = outCount[f.src()]++;
            for (int k = 0; k < f.dependencyCount(); k++) {
                firstDependent[f.dependency(k) + 1]++;
            }
        }
        for (int id = 0; id < flows.size(); id++) {
            firstDependent[id + 1] += firstDependent[id];
        }
        int[] dependents = new int[firstDependent[flows.size()]];
        int[] fill = firstDependent.clone();
        for (int id = 0; id < flows.size(); id++) {
            FlowSpec f = flows.get(id);
            for (int k = 0; k < f.dependencyCount(); k++) {
                dependents[fill[f.dependency(k)]++] = id;
            }
        }
        return dependents;
    }

    /** Which of host {@code h}'s flows wait, and whom to tell when one of its incoming flows is received. */
    private StartDependencies dependenciesOf(int h) {
        List<NicFlow> out = outgoing.get(h);
        List<NicFlow> in = incoming.get(h);
        if (outLocal == null) {
            return StartDependencies.NONE;
        }
        int[] waitCount = new int[out.size()];
        long[] gapPs = new long[out.size()];
        int[] successor = anyFollows ? new int[out.size()] : new int[0];
        java.util.Arrays.fill(successor, -1);
        boolean[] partial = null;
        for (int i = 0; i < out.size(); i++) {
            FlowSpec f = flows.get(out.get(i).flowId());
            waitCount[i] = f.afterNeeded() + (f.follows() >= 0 ? 1 : 0);
            if (f.waitsForSome()) {
                partial = partial == null ? new boolean[out.size()] : partial;
                partial[i] = true;
            }
            gapPs[i] = f.gapPs();
            if (f.follows() >= 0) {
                successor[outLocal[f.follows()]] = i;
            }
        }
        int[] firstNotice = new int[in.size() + 1];
        for (int j = 0; j < in.size(); j++) {
            int d = in.get(j).flowId();
            firstNotice[j + 1] = firstNotice[j] + firstDependent[d + 1] - firstDependent[d];
        }
        int notices = firstNotice[in.size()];
        int[] noticeHost = new int[notices];
        int[] noticeIndex = new int[notices];
        long[] noticeDelayPs = new long[notices];
        int n = 0;
        for (NicFlow received : in) {
            int d = received.flowId();
            for (int e = firstDependent[d]; e < firstDependent[d + 1]; e++) {
                int waiter = dependents[e];
                int src = flows.get(waiter).src();
                noticeHost[n] = src;
                noticeIndex[n] = outLocal[waiter];
                noticeDelayPs[n] = src == h ? 0 : noticeDelayPs(h, src);
                n++;
            }
        }
        return new StartDependencies(waitCount, gapPs, successor, firstNotice, noticeHost, noticeIndex, noticeDelayPs,
                partial == null ? new boolean[0] : partial);
    }

    /**
     * How long a notice that a flow was received takes from host {@code from} to host {@code to}: the one-way
     * zero-load latency of a header, the flight time of every cable on the first ECMP path plus one switch latency
     * per switch on it (see {@link StartDependencies}); never less than the lookahead.
     */
    public long noticeDelayPs(int from, int to) {
        long flightPs = topology.cableAt(from, 0).spec().flightPs() + topology.cableAt(to, 0).spec().flightPs();
        int at = topology.edgeSwitchOf(from);
        int target = topology.edgeSwitchOf(to);
        int switchesOnPath = 1;
        while (at != target) {
            int port = topology.nextPorts(at, to)[0];
            flightPs = Math.addExact(flightPs, topology.cableAt(at, port).spec().flightPs());
            at = topology.peerNode(at, port);
            switchesOnPath++;
        }
        long delayPs = Math.addExact(flightPs, Math.multiplyExact(switchesOnPath, switches.latencyPs()));
        return Math.max(lookaheadPs, delayPs);
    }

    /**
     * Who sends to whom: a NIC hears only from the link into it and the NICs that tell it of flows its own flows
     * wait for; a switch port from the link into it, the other
     * ports of its switch and its switch's pool; a pool from its switch's ports; a link from the NIC or port that
     * transmits on it. The PFC deadlock monitor hears from every switch port, so null.
     */
    @Override
    public int[] sendersTo(int id) {
        if (id < 0 || id >= elementCount) {
            throw new IndexOutOfBoundsException("element " + id + " outside 0.." + (elementCount - 1));
        }
        if (id == pfcMonitorId) {
            return null;
        }
        if (id < hosts) {
            return nicSenders(id);
        }
        if (id >= poolBase) {
            return portsOf(nodeOf(id), 0);
        }
        if (id < linkBase) {
            int node = switchOfPort(id);
            int pool = plans[node].pool().elementId();
            int[] senders = portsOf(node, pool >= 0 ? 2 : 1);
            senders[topology.portCount(node)] = linkOut(node, id - portBase[node]) ^ 1;
            if (pool >= 0) {
                senders[senders.length - 1] = pool;
            }
            return senders;
        }
        Cable c = topology.cable((id - linkBase) / 2);
        boolean aToB = (id - linkBase) % 2 == 0;
        return new int[] {aToB ? portElementOf(c.nodeA(), c.portA()) : portElementOf(c.nodeB(), c.portB())};
    }

    /** The links into host {@code h} (one per plane), then the other hosts that receive a flow one of {@code h}'s flows waits for. */
    private int[] nicSenders(int h) {
        java.util.TreeSet<Integer> notifiers = new java.util.TreeSet<>();
        for (NicFlow f : outgoing.get(h)) {
            FlowSpec spec = flows.get(f.flowId());
            for (int k = 0; k < spec.dependencyCount(); k++) {
                int receiver = flows.get(spec.dependency(k)).dst();
                if (receiver != h) {
                    notifiers.add(receiver);
                }
            }
        }
        int planes = topology.planes();
        int[] senders = new int[planes + notifiers.size()];
        for (int p = 0; p < planes; p++) {
            senders[p] = linkOut(h, p) ^ 1;
        }
        int k = planes;
        for (int notifier : notifiers) {
            senders[k++] = notifier;
        }
        return senders;
    }

    /** The port elements of switch {@code node}, followed by {@code spare} free slots. */
    private int[] portsOf(int node, int spare) {
        int ports = topology.portCount(node);
        int[] ids = new int[ports + spare];
        for (int p = 0; p < ports; p++) {
            ids[p] = portBase[node] + p;
        }
        return ids;
    }

    /** The link that leaves the NIC or port at ({@code node}, {@code port}); {@code ^ 1}, the one into it. */
    private int linkOut(int node, int port) {
        Cable c = topology.cableAt(node, port);
        return linkBase + 2 * c.id() + (c.nodeA() == node && c.portA() == port ? 0 : 1);
    }

    private int switchOfPort(int id) {
        int i = Arrays.binarySearch(portBase, hosts, portBase.length, id);
        if (i >= 0) {
            while (i + 1 < portBase.length && portBase[i + 1] == id) {
                i++;
            }
            return i;
        }
        return -i - 2;
    }
}

package io.fabricemu.host;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.pfc.PfcPauses;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.FlowStarted;
import io.fabricemu.stats.PortStats;
import io.fabricemu.time.Ps;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A host's NIC: one port, or one per plane of a multi-plane fabric ({@link NicPorts}), whose transmitters every
 * protocol drives the same way; the protocol
 * ({@link NicProtocol}) only decides what packets mean and which data may go. Each protocol's NIC is a
 * subclass that builds its protocol and nothing else.
 *
 * <h2>Transmitter</h2>
 * When the transmitter is free, control packets go first: the replies the protocol queued (ACKs, NAKs, CNPs),
 * in the order they were made, then the sending side's requests (credit requests). Then data: outgoing flows
 * in round-robin order from the one after the last that sent, each offering a packet if its protocol lets it
 * go now. While the switch pauses the data class (PFC, {@link PfcPauses}) no data packet starts; control
 * packets, in their own class, keep going, and one wake-up is pending for the pause's expiry.
 *
 * <h2>Planes</h2>
 * A NIC with a port per plane fills each free port the same way, trying the ports in round-robin order
 * ({@link NicPorts}). A protocol that sprays ({@link NicProtocol#spraysPlanes()}, UET) may send any packet on any
 * port, so its packets spread over the planes; the others keep each flow on one plane, its entropy value modulo
 * the planes (or the next plane whose NIC link is up), so that a flow's packets stay in order.
 *
 * <h2>Timers and pacing</h2>
 * Each flow has at most one pending retransmission timer event, armed when a packet leaves or the protocol
 * asks for it again when it fires, and never re-armed while one is pending: a deadline that moves later is
 * found when the earlier event fires (lazy timers). When no flow may send now but some may later without
 * any event in between (pacing), one pacing wake-up is pending for the earliest such time; a later need for
 * an earlier time schedules another. A wake-up that fires before the time now pending (an earlier one made
 * obsolete by a send) leaves that pending time as it is, so that no second wake-up is scheduled for it.
 *
 * <h2>Flows</h2>
 * An outgoing flow joins the round robin at its start time and leaves it when the protocol says it completed
 * or failed ({@link NicActions}). A flow that waits for others starts when the last of them is known to be
 * received, its gap later ({@link StartDependencies}): the NIC counts notices down, and tells the NICs whose
 * flows wait for one of its incoming flows when its receiver finishes it ({@link NicActions#delivered}).
 */
public abstract class Nic implements Element, NicActions {
    private record FlowStart(int index) implements Signal {
    }

    /** The NIC's timer: its link went down, and the pauses its switch sent it end with it. */
    private enum LinkDown implements Signal {
        INSTANCE
    }

    private record RtoTimer(int index) implements Signal {
    }

    /** The NIC's timer: a flow held back by its pacing may send now. */
    enum PacingWake implements Signal {
        INSTANCE
    }

    /** What {@link #pumpPort} returns when a packet started, or PFC holds the data back (a wake-up is armed). */
    private static final long STARTED = -1;

    private final String name;
    private final NicPorts ports;
    /** Port 0's link faults: while it is down what the NIC sends on it is lost at its port (see the link). */
    private final io.fabricemu.fault.LinkTimeline linkFaults;
    /** Whether any packet may go on any port; otherwise each flow keeps to its plane. */
    private final boolean sprays;
    private final PfcPauses pauses;
    private final int dataClass;
    private final List<NicFlow> outgoing;
    private final boolean[] timerPending;
    private final ControlQueue replies = new ControlQueue();
    private final ArrayDeque<Packet> requests = new ArrayDeque<>();
    private final List<Integer> active = new ArrayList<>();
    private final NicProtocol protocol;
    private int roundRobin;
    private long pacingWakePs = Ps.NEVER;
    private final StartDependencies dependencies;
    /** Per outgoing flow, the dependencies not yet met; null when no flow here waits. */
    private final int[] waiting;
    /** Per outgoing flow, when it started, or -1; null when no flow here waits (each starts at its start time). */
    private final long[] startedPs;
    /** The incoming flows by id, to find whom to tell; null when no incoming flow is waited for. */
    private final FlowIndex incomingIndex;
    private final Deliveries deliveries;
    private final int host;
    /** Per outgoing flow, the flow queued behind it until its last PSN leaves, or -1; null when none is. */
    private final int[] successors;
    /** Per outgoing flow, its last PSN; null when no flow is queued behind another. */
    private final long[] lastPsn;

    /**
     * @param setup    where the NIC sits and the flows it carries
     * @param protocol makes the NIC's protocol, given what the protocol may ask of the NIC
     */
    protected Nic(NicSetup setup, Function<NicActions, NicProtocol> protocol) {
        this.name = setup.name();
        this.ports = new NicPorts(setup);
        this.linkFaults = setup.faults();
        this.pauses = new PfcPauses(setup.transport().controlClass() + 1, setup.rateBps());
        this.dataClass = setup.transport().dataClass();
        this.outgoing = setup.outgoing();
        this.timerPending = new boolean[outgoing.size()];
        this.protocol = protocol.apply(this);
        this.sprays = this.protocol.spraysPlanes();
        this.host = setup.host();
        this.dependencies = setup.dependencies();
        int[] counts = null;
        for (int i = 0; i < outgoing.size(); i++) {
            if (dependencies.waitCount(i) > 0) {
                if (counts == null) {
                    counts = new int[outgoing.size()];
                }
                counts[i] = dependencies.waitCount(i);
            }
        }
        this.waiting = counts;
        this.startedPs = counts == null ? null : new long[outgoing.size()];
        if (startedPs != null) {
            java.util.Arrays.fill(startedPs, -1);
        }
        boolean waitedFor = dependencies.anyWaitedFor();
        this.incomingIndex = waitedFor ? new FlowIndex(setup.incoming(), name) : null;
        this.deliveries = waitedFor ? new Deliveries() : null;
        if (dependencies.anyQueued()) {
            successors = new int[outgoing.size()];
            lastPsn = new long[outgoing.size()];
            for (int i = 0; i < outgoing.size(); i++) {
                successors[i] = dependencies.successor(i);
                lastPsn[i] = this.protocol.packetCount(i, outgoing.get(i).bytes(),
                        setup.transport().payloadBytes()) - 1;
            }
        } else {
            successors = null;
            lastPsn = null;
        }
    }

    @Override
    public final void start(EventContext ctx) {
        for (int i = 0; i < linkFaults.downIntervals(); i++) {
            ctx.schedule(linkFaults.downFromPs(i), LinkDown.INSTANCE);
        }
        for (int i = 0; i < outgoing.size(); i++) {
            if (waiting == null || waiting[i] == 0) {
                ctx.schedule(outgoing.get(i).startPs(), new FlowStart(i));
            }
        }
    }

    @Override
    public final void onEvent(Signal signal, EventContext ctx) {
        handle(signal, ctx);
        if (deliveries != null && deliveries.size() > 0) {
            for (int k = 0; k < deliveries.size(); k++) {
                received(deliveries.flowId(k), ctx);
            }
            deliveries.clear();
        }
        pump(ctx);
    }

    private void handle(Signal signal, EventContext ctx) {
        if (signal instanceof Arrival a) {
            protocol.onArrival(a.packet(), ctx);
        } else if (ports.done(signal)) {
            // a port is free: pump below fills it
        } else if (signal instanceof RtoTimer t) {
            timerPending[t.index()] = false;
            armTimer(t.index(), protocol.onTimer(t.index(), ctx.nowPs()), ctx);
        } else if (signal instanceof FlowStart s) {
            if (startedPs != null) {
                startedPs[s.index()] = ctx.nowPs();
            }
            protocol.start(s.index(), ctx);
            active.add(s.index());
        } else if (signal instanceof DependencyMet m) {
            met(m.index(), ctx);
        } else if (signal == PacingWake.INSTANCE) {
            if (ctx.nowPs() >= pacingWakePs) {
                pacingWakePs = Ps.NEVER;
            }
        } else if (signal == LinkDown.INSTANCE) {
            pauses.releaseAll(ctx.nowPs());
        } else if (signal instanceof PfcArrival a) {
            pauses.received(a.frame(), ctx.nowPs());
        } else if (pauses.onWake(signal, ctx.nowPs())) {
            // a pause may have expired: pump below tries again
        } else if (!protocol.onSignal(signal, ctx)) {
            throw new IllegalArgumentException("NIC " + name + " cannot handle " + signal);
        }
    }

    /** Incoming flow {@code flowId} has been fully received: the flows waiting for it learn so. */
    private void received(int flowId, EventContext ctx) {
        int j = incomingIndex.indexOf(flowId);
        if (j < 0) {
            throw new IllegalStateException("NIC " + name + " finished flow " + flowId + ", which it does not receive");
        }
        long now = ctx.nowPs();
        for (int n = dependencies.firstNotice(j); n < dependencies.endNotice(j); n++) {
            int target = dependencies.noticeHost(n);
            if (target == host) {
                met(dependencies.noticeIndex(n), ctx);
            } else {
                ctx.send(target, now + dependencies.noticeDelayPs(n), new DependencyMet(dependencies.noticeIndex(n)));
            }
        }
    }

    /** One dependency of outgoing flow {@code i} is met now: at the last, the flow starts after its gap. */
    private void met(int i, EventContext ctx) {
        if (waiting != null && waiting[i] == 0 && dependencies.partial(i)) {
            return; // one of the flows it needed only some of: it started (or is about to) already
        }
        if (waiting == null || waiting[i] <= 0) {
            throw new IllegalStateException("NIC " + name + ": outgoing flow " + outgoing.get(i).flowId()
                    + " learnt of more dependencies met than it waits for");
        }
        if (--waiting[i] == 0) {
            long atPs = Math.max(outgoing.get(i).startPs(), ctx.nowPs() + dependencies.gapPs(i));
            ctx.schedule(atPs, new FlowStart(i));
        }
    }

    @Override
    public final void delivered(int flowId) {
        if (deliveries != null) {
            deliveries.add(flowId);
        }
    }

    @Override
    public final void reply(Packet p) {
        replies.add(p);
    }

    @Override
    public final void reply(LateReply r) {
        replies.add(r);
    }

    @Override
    public final void request(Packet p) {
        requests.addLast(p);
    }

    @Override
    public final void completed(int i, EventContext ctx) {
        ctx.flowCompleted();
        active.remove(Integer.valueOf(i));
    }

    @Override
    public final void failed(int i) {
        active.remove(Integer.valueOf(i));
    }

    private void armTimer(int i, long deadlinePs, EventContext ctx) {
        if (!timerPending[i] && deadlinePs != Ps.NEVER) {
            timerPending[i] = true;
            ctx.schedule(deadlinePs, new RtoTimer(i));
        }
    }

    /** Starts the next packet on every free port on which something may go. */
    private void pump(EventContext ctx) {
        long now = ctx.nowPs();
        int count = ports.count();
        int first = ports.first();
        boolean idle = false;
        long heldUntilPs = Ps.NEVER;
        for (int k = 0; k < count; k++) {
            int port = (first + k) % count;
            if (!ports.usable(port, now)) {
                continue;
            }
            long result = pumpPort(port, now, ctx);
            if (result != STARTED) {
                idle = true;
                heldUntilPs = Math.min(heldUntilPs, result);
            }
        }
        if (idle && heldUntilPs < pacingWakePs) {
            pacingWakePs = heldUntilPs;
            ctx.schedule(heldUntilPs, PacingWake.INSTANCE);
        }
    }

    /**
     * Starts the next packet that may go on free {@code port}: {@link #STARTED}, or when none may go the earliest
     * time one of its flows' pacing lets it ({@link Ps#NEVER} when none waits for its pacing).
     */
    private long pumpPort(int port, long now, EventContext ctx) {
        Packet control = replies.poll(now);
        if (control == null) {
            control = requests.pollFirst();
        }
        if (control != null) {
            start(port, control, ctx);
            return STARTED;
        }
        if (pauses.paused(dataClass, now)) {
            pauses.armWake(dataClass, ctx);
            return STARTED;
        }
        int n = active.size();
        long heldUntilPs = Ps.NEVER;
        for (int k = 0; k < n; k++) {
            int slot = (roundRobin + k) % n;
            int i = active.get(slot);
            if (ports.count() > 1 && (sprays ? protocol.avoidsPort(i, port, now)
                    : ports.planeFor(outgoing.get(i).entropy() % ports.count(), now) != port)) {
                continue;
            }
            long psn = protocol.nextPsn(i, now);
            if (psn < 0) {
                heldUntilPs = Math.min(heldUntilPs, protocol.heldUntilPs(i, now));
                continue;
            }
            Packet data = protocol.send(i, psn, now);
            if (sprays && ports.count() > 1) {
                protocol.sentOn(i, psn, port);
            }
            armTimer(i, protocol.timerDeadlinePs(i, now), ctx);
            if (successors != null && successors[i] >= 0 && psn == lastPsn[i]) {
                int next = successors[i];
                successors[i] = -1;
                met(next, ctx);
            }
            roundRobin = slot + 1;
            start(port, data, ctx);
            return STARTED;
        }
        return heldUntilPs;
    }

    private void start(int port, Packet p, EventContext ctx) {
        ports.tx(port).start(p, ctx);
        ports.used(port);
    }

    @Override
    public final void sample(SampleSink sink) {
        sink.port(name, 0, replies.bytes(), protocol.drops(), 0, 0, 0, 0, 0, ports.tx(0).txBytes());
        for (int p = 1; p < ports.count(); p++) {
            sink.port(ports.name(p), 0, 0, 0, 0, 0, 0, 0, 0, ports.tx(p).txBytes());
        }
        protocol.sample(sink);
    }

    @Override
    public final ElementReport report() {
        List<FlowSenderStats> sent = new ArrayList<>();
        List<FlowReceiverStats> received = new ArrayList<>();
        protocol.report(sent, received);
        List<FlowStarted> started = new ArrayList<>();
        if (waiting != null) {
            for (int i = 0; i < outgoing.size(); i++) {
                if (dependencies.waitCount(i) > 0 && startedPs[i] >= 0) {
                    started.add(new FlowStarted(outgoing.get(i).flowId(), startedPs[i]));
                }
            }
        }
        List<PortStats> portStats = new ArrayList<>(ports.count());
        portStats.add(new PortStats(name, 0, replies.peakBytes(), protocol.drops(), 0, 0, ports.tx(0).txBytes(),
                pauses.counters(), protocol.noticeCounters(), protocol.firstCutPs()));
        for (int p = 1; p < ports.count(); p++) {
            portStats.add(new PortStats(ports.name(p), 0, 0, 0, 0, 0, ports.tx(p).txBytes()));
        }
        return new ElementReport(sent, received, List.copyOf(portStats), started);
    }
}

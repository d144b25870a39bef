package io.fabricemu.switching;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.fault.FaultTally;
import io.fabricemu.fault.LinkTimeline;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Link;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.Transmitter;
import io.fabricemu.net.TxDone;
import io.fabricemu.pfc.PfcDeadlockMonitor;
import io.fabricemu.pfc.PfcIngress;
import io.fabricemu.pfc.PfcPauses;
import io.fabricemu.pfc.PfcPeer;
import io.fabricemu.pfc.PfcReleased;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.stats.FaultDrop;
import io.fabricemu.stats.PfcCounters;
import io.fabricemu.stats.PortStats;
import io.fabricemu.time.Ps;
import java.util.ArrayDeque;

/**
 * One port of a switch, both directions.
 *
 * <p>Ingress: a packet arriving from the port's link is looked up (ECMP over the switch's routes toward
 * its destination) and handed to the chosen egress port after the pipeline latency. Cut-through: the
 * packet may start leaving {@code latency} after its first bit arrived, but never so early that its last
 * bit would leave before {@code latency} after its last bit arrived (an egress faster than the ingress
 * waits for the tail). Store-and-forward: {@code latency} after the last bit.
 *
 * <p>Egress: per-class queues with strict priority and tail drop ({@link EgressQueue}), served by a
 * {@link Transmitter} at the line rate. Everything else the egress does is one of its {@link EgressStage}s,
 * which its switch's {@link PortStages} builds once for it, in the order it calls them (the field
 * {@code stages} says why that order): the egress half of PFC ({@link PfcEgress}), the shared buffer lease
 * ({@link SharedLease}), switch-generated RNR NAKs for incast, trimming ({@link Trimming}: UET packet trimming,
 * UE 1.0), back-to-sender notices (WREB) and ECN marking at dequeue. A stage may answer a sender or make a
 * notice; the port routes what its switch makes itself like any arrival ({@link EgressPort#sendFromSwitch}).
 *
 * <p>Priority flow control (when the switch settings enable it, {@link PfcSettings}): as an ingress, the
 * port counts the bytes of each lossless class it let in that are still in the switch ({@link PfcIngress})
 * and pauses its upstream with PFC frames, which its own transmitter sends ahead of queued packets; each
 * egress port tells the ingress port of a lossless packet when its last bit has left ({@link PfcReleased},
 * one latency later). Lossless classes are never tail-dropped or trimmed at egress. As an egress, the port
 * honours the pauses it receives ({@link PfcPauses}): it starts no packet of a paused class, strict priority
 * continuing among the others. A class paused longer than the deadlock timeout while packets of it wait is
 * reported to the fabric's {@link PfcDeadlockMonitor}, and reported again when it moves.
 *
 * <p>Faults ({@link PortFaults}): while the port's outgoing link is down its transmitter starts nothing; when it goes
 * down, the packets waiting in its queues are lost (counted as fault drops in the queue; the one on the wire is the
 * link's), the PFC frames it had to send are dropped and the pauses it honoured are released, and a packet the
 * switch forwards to it is black-holed until it is back up. Routing around failures is its {@link FailoverPort}'s:
 * a packet for a host the switch has no route to is black-holed at ingress.
 */
public final class SwitchPort implements Element {
    /** This port's PFC timer: a pause refresh or a deadlock check may be due. */
    private enum PfcTimer implements Signal {
        INSTANCE
    }

    /** This port's timer: its outgoing link goes down (by {@code fault}) or comes back up ({@code fault} -1). */
    private record LinkChange(int fault) implements Signal {
    }

    private final SwitchPlan plan;
    private final String name;
    private final int tier;
    private final EgressQueue queue;
    private final Transmitter tx;
    /**
     * The egress stages, in the order every hook calls them; as a fabric builds them (those that are off are
     * left out):
     * <ol>
     *   <li>PFC: says whether the packet is lossless, which exempts it from every drop that follows;</li>
     *   <li>the shared buffer lease: says how many shared bytes the packet may take, which is what every later
     *       stage means by "fits";</li>
     *   <li>RNR NAKs: may take the packet away (turn it into a NAK, or drop it for a NACKed QP), so it comes
     *       before any stage that would trim the packet or send a notice about it;</li>
     *   <li>trimming: cuts a packet that does not fit to its header; before WREB, which sends no drop notice
     *       for a trimmed header (the trimmed header itself tells the receiver);</li>
     *   <li>WREB: draws for a notice on the packet as it will be offered, and at dequeue before ECN, since its
     *       draw may stand for the ECN mark and a packet it marked CE is not drawn for again;</li>
     *   <li>ECN: marks at dequeue, last, on the packet as it will leave.</li>
     * </ol>
     * After a packet is offered or has left, every stage hears of the packet ({@code offered},
     * {@code departed}) before any hears of the new occupancy: PFC's release to the ingress port is sent before
     * the lease's message to the pool.
     */
    private final EgressStage[] stages;
    /** Adaptive routing's part of this port ({@link AdaptiveRouting}), the last of its stages, or null. */
    private final AdaptivePort adaptive;
    private final EgressOffer offer;
    private final EgressCounts sampleCounts = new EgressCounts(false);
    private final int portNumber;
    private final PfcSettings pfc;
    private final PfcPeer peer;
    private final PfcIngress pfcIngress;
    private final PfcPauses pauses;
    private final ArrayDeque<PfcFrame> frames = new ArrayDeque<>();
    private final StuckClasses stuck;
    private final StuckClasses.Timer pfcTimer;
    private boolean sendingFrame;
    private long pfcTimerPs = Long.MAX_VALUE;
    /** The outgoing link's faults ({@link LinkTimeline#HEALTHY} in a healthy fabric). */
    private final LinkTimeline outgoing;
    /** Routing around failures, or null when no cable of the fabric ever goes down. */
    private final FailoverPort failover;
    /** What faults cost here, or null in a healthy fabric. */
    private final FaultTally faultTally;
    /** The fault that has the outgoing link down, or -1 while it is up. */
    private int downFault = -1;
    /**
     * A packet's departure changes only this port's state (no PFC, failover or faults, every stage quiet): the end
     * of its serialisation, when nothing waits behind it, is deferred ({@link EventContext#defer}).
     */
    private final boolean quietDepartures;

    /**
     * @param plan               the switch this port belongs to
     * @param name               stable name for results, e.g. {@code tor0.1:p3}
     * @param tier               the switch's tier
     * @param linkId             element id of this port's outgoing link
     * @param handoffPs          the outgoing link's handoff time ({@link Link#handoffPs()})
     * @param portNumber         this port's number on the switch
     * @param hostFacing         the port's link leads to a host (it is a last hop)
     */
    public SwitchPort(SwitchPlan plan, String name, int tier, int linkId, long handoffPs, int portNumber,
                      boolean hostFacing) {
        this(plan, name, tier, linkId, handoffPs, portNumber, hostFacing, PfcPeer.unknown(2 * handoffPs));
    }

    /**
     * A port that also knows its link's far end, for PFC ({@code peer}); the other parameters as above.
     */
    public SwitchPort(SwitchPlan plan, String name, int tier, int linkId, long handoffPs, int portNumber,
                      boolean hostFacing, PfcPeer peer) {
        this(plan, name, tier, linkId, handoffPs, portNumber, hostFacing, peer, null);
    }

    /**
     * A port of a fabric with faults ({@code faults}, or null in a healthy one); the other parameters as above.
     */
    public SwitchPort(SwitchPlan plan, String name, int tier, int linkId, long handoffPs, int portNumber,
                      boolean hostFacing, PfcPeer peer, PortFaults faults) {
        this.plan = plan;
        this.name = name;
        this.tier = tier;
        this.queue = new EgressQueue(plan.settings().trafficClasses(), plan.settings().queueBytes());
        this.outgoing = faults == null ? LinkTimeline.HEALTHY : faults.outgoing();
        this.tx = new Transmitter(linkId, plan.portRatesBps()[portNumber], handoffPs, outgoing);
        this.failover = faults == null || faults.routes() == null ? null
                : new FailoverPort(faults.routes(), faults.cable(), faults.changes(), plan.portElementIds(),
                        portNumber, linkId, handoffPs, plan.latencyPs(), faults.convergePs(), hostFacing);
        this.faultTally = faults == null ? null : new FaultTally(name);
        this.offer = new EgressOffer(queue);
        this.portNumber = portNumber;
        this.pfc = plan.settings().pfc();
        this.peer = peer;
        int classes = plan.settings().trafficClasses();
        long rateBps = plan.portRatesBps()[portNumber];
        this.pfcIngress = pfc.enabled() ? new PfcIngress(pfc, classes, peer.flightPs(), rateBps, frames::addLast)
                : null;
        this.pauses = pfc.enabled() ? new PfcPauses(classes, rateBps) : null;
        this.stuck = pfc.enabled() ? new StuckClasses(classes) : null;
        this.pfcTimer = pfc.enabled() ? this::armPfcTimer : null;
        this.stages = plan.stages().build(plan, portNumber, tier, hostFacing, new PortView(queue, tx,
                this::sendFromSwitch, t -> pauses != null && pauses.pausedMask(t) != 0)).clone();
        this.adaptive = stages.length > 0 && stages[stages.length - 1] instanceof AdaptivePort a ? a : null;
        this.quietDepartures = faults == null && pauses == null && pfcIngress == null && quiet(stages);
        if (faults == null && pfcIngress == null && !plan.stages().touchesIngress(tier, hostFacing)
                && (adaptive != null || EgressStage.anyTouchesIngress(stages))) {
            throw new IllegalStateException("switch port " + name + ": its stages take part in its ingress, which the"
                    + " switch's stages said they would not: its arrivals would pass through it unseen");
        }
    }

    private static boolean quiet(EgressStage[] stages) {
        for (EgressStage s : stages) {
            if (!s.departsQuietly()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void start(EventContext ctx) {
        for (EgressStage s : stages) {
            s.start(ctx);
        }
        for (int i = 0; i < outgoing.downIntervals(); i++) {
            ctx.schedule(outgoing.downFromPs(i), new LinkChange(outgoing.downFault(i)));
            if (outgoing.downUntilPs(i) != Long.MAX_VALUE) {
                ctx.schedule(outgoing.downUntilPs(i), new LinkChange(-1));
            }
        }
        if (failover != null) {
            failover.start(ctx);
        }
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (signal instanceof Arrival a) {
            ingress(a, ctx);
        } else if (signal instanceof Forward f) {
            egress(f.packet(), f.ingressPort(), ctx);
        } else if (signal == TxDone.INSTANCE) {
            txDone(ctx);
        } else if (signal instanceof PfcArrival a && pauses != null) {
            pauses.received(a.frame(), ctx.nowPs());
            afterPfc(ctx);
        } else if (signal instanceof PfcReleased r && pfcIngress != null) {
            pfcIngress.released(r.trafficClass(), r.bytes());
            afterPfc(ctx);
        } else if (pauses != null && pauses.onWake(signal, ctx.nowPs())) {
            afterPfc(ctx);
        } else if (signal == PfcTimer.INSTANCE) {
            if (ctx.nowPs() >= pfcTimerPs) {
                pfcTimerPs = Long.MAX_VALUE;
            }
            pfcIngress.refresh(ctx.nowPs());
            afterPfc(ctx);
        } else if (signal instanceof LinkChange c) {
            linkChanged(c.fault(), ctx);
        } else if (failover != null && failover.handle(signal, ctx)) {
            return;
        } else if (!stageHandled(signal, ctx)) {
            throw new IllegalArgumentException("switch port " + name + " cannot handle " + signal);
        }
    }

    /** Hands {@code signal} to the stage it is for; returns false when it is no stage's. */
    private boolean stageHandled(Signal signal, EventContext ctx) {
        for (EgressStage s : stages) {
            if (s.handle(signal, ctx)) {
                return true;
            }
        }
        return false;
    }

    private void ingress(Arrival a, EventContext ctx) {
        Packet p = a.packet();
        for (EgressStage s : stages) {
            s.arrived(p, ctx.nowPs());
        }
        if (pfcIngress != null && pfc.lossless(p.trafficClass())) {
            boolean admitted = pfcIngress.arrived(p.trafficClass(), p.sizeBytes(), ctx.nowPs());
            if (!frames.isEmpty()) {
                afterPfc(ctx);
            }
            if (!admitted) {
                return;
            }
        }
        int out = failover == null ? plan.nextPort(p) : failover.route(p, plan);
        if (adaptive != null && out >= 0) {
            out = adaptive.choose(p, out, failover == null ? null : failover.routes(), ctx.nowPs());
        }
        if (out < 0) {
            noRoute(p, ctx);
            return;
        }
        QuietIngress.forward(plan, portNumber, a, out, ctx);
    }

    /** The switch has no route for {@code p} (its routes around failures found none): black-holed here. */
    private void noRoute(Packet p, EventContext ctx) {
        faultTally.lost(failover.routes().noRouteFault(p.dst()), FaultDrop.BLACKHOLE, p.flowId(), p.sizeBytes());
        if (pfcIngress != null && pfc.lossless(p.trafficClass())) {
            pfcIngress.released(p.trafficClass(), p.sizeBytes());
            afterPfc(ctx);
        }
    }

    /**
     * Sends a packet this switch made itself (a back-to-sender notice, a forged NAK) toward its destination:
     * routed like any arrival, by ECMP over this switch's next hops, and handed to the chosen egress port after
     * the pipeline latency. It belongs to no ingress port, so PFC ingress accounting never counts it.
     */
    void sendFromSwitch(Packet p, EventContext ctx) {
        ctx.send(plan.portElementIds()[plan.nextPort(p)], ctx.nowPs() + plan.latencyPs(), new Forward(p));
    }

    /**
     * A packet reached this egress: every stage sees it before it is offered to its queue (and may take it),
     * then sees whether it was admitted and the queue's new occupancy.
     */
    private void egress(Packet p, int ingressPort, EventContext ctx) {
        if (downFault >= 0) {
            faultTally.lost(downFault, FaultDrop.BLACKHOLE, p.flowId(), p.sizeBytes());
            if (ingressPort >= 0 && pfc.enabled() && pfc.lossless(p.trafficClass())) {
                ctx.send(plan.portElementIds()[ingressPort], ctx.nowPs() + plan.latencyPs(),
                        new PfcReleased(p.trafficClass(), p.sizeBytes()));
            }
            return;
        }
        offer.reset();
        for (EgressStage s : stages) {
            p = s.beforeEnqueue(p, offer, ctx);
            if (p == null) {
                return;
            }
        }
        boolean admitted = queue.offer(p, ingressPort, offer.roomBytes(), offer.lossless());
        for (EgressStage s : stages) {
            s.offered(p, admitted, ctx.nowPs());
        }
        for (EgressStage s : stages) {
            s.occupancyChanged(ctx);
        }
        if (admitted) {
            serveNext(ctx);
        }
    }

    private void txDone(EventContext ctx) {
        tx.done();
        if (sendingFrame) {
            sendingFrame = false;
        } else {
            int ingressPort = queue.inServiceIngressPort();
            Packet p = queue.finishService();
            for (EgressStage s : stages) {
                s.departed(p, ingressPort, ctx);
            }
            for (EgressStage s : stages) {
                s.occupancyChanged(ctx);
            }
        }
        serveNext(ctx);
        if (pauses != null) {
            reviewStuck(ctx);
        }
    }

    /**
     * The outgoing link went down ({@code fault} &gt;= 0) or came back up: going down, every waiting packet is lost
     * and leaves the queue as if sent (its stages hear of it), the PFC frames waiting are dropped and the pauses
     * honoured are released; coming up, the port serves its queues again.
     */
    private void linkChanged(int fault, EventContext ctx) {
        downFault = fault;
        if (fault < 0) {
            serveNext(ctx);
            return;
        }
        boolean flushed = queue.hasWaiting();
        while (queue.hasWaiting()) {
            Packet p = queue.dropWaiting();
            int ingressPort = queue.droppedIngressPort();
            faultTally.lost(fault, FaultDrop.QUEUE, p.flowId(), p.sizeBytes());
            for (EgressStage s : stages) {
                s.departed(p, ingressPort, ctx);
            }
        }
        for (int i = 0; i < stages.length && flushed; i++) {
            stages[i].occupancyChanged(ctx);
        }
        frames.clear();
        if (pauses != null) {
            pauses.releaseAll(ctx.nowPs());
            reviewStuck(ctx);
        }
    }

    /** After a PFC event: send what may go, keep the refresh timer armed, review deadlock reports. */
    private void afterPfc(EventContext ctx) {
        serveNext(ctx);
        if (adaptive != null) {
            adaptive.occupancyChanged(ctx); // a pause began or ended: adaptive routing's level may change
        }
        armPfcTimer(pfcIngress.nextRefreshPs(), ctx);
        reviewStuck(ctx);
    }

    private void armPfcTimer(long atPs, EventContext ctx) {
        if (atPs < pfcTimerPs) {
            pfcTimerPs = atPs;
            ctx.schedule(atPs, PfcTimer.INSTANCE);
        }
    }

    /** Reports the classes stuck behind the peer's pauses, and those that move again ({@link StuckClasses}). */
    private void reviewStuck(EventContext ctx) {
        stuck.review(pfc, pauses, peer, queue, plan, name, pfcTimer, ctx);
    }

    /** Starts the next PFC frame, else the next packet of a class that is not paused, if the transmitter is free. */
    private void serveNext(EventContext ctx) {
        if (tx.busy()) {
            if (quietDepartures && queue.hasWaiting()) {
                tx.needDone(ctx); // the end of the frame on the wire starts the one waiting now
            }
            return;
        }
        if (downFault >= 0) {
            return;
        }
        PfcFrame frame = frames.pollFirst();
        if (frame != null) {
            sendingFrame = true;
            tx.startFrame(frame, ctx);
            return;
        }
        int pausedMask = pauses == null ? 0 : pauses.pausedMask(ctx.nowPs());
        if (pausedMask != 0 && !queue.hasWaiting(pausedMask)) {
            for (int c = 0; c < queue.trafficClasses(); c++) {
                if ((pausedMask & (1 << c)) != 0 && queue.waiting(c) > 0) {
                    pauses.armWake(c, ctx);
                }
            }
            return;
        }
        if (queue.hasWaiting(pausedMask)) {
            Packet p = queue.startService(pausedMask);
            for (EgressStage s : stages) {
                p = s.atDequeue(p, ctx);
            }
            tx.start(p, ctx, quietDepartures && !queue.hasWaiting());
        }
    }

    /** The most bytes this port held in shared space at once (0 without a pool). */
    long peakSharedBytes() {
        return queue.peakSharedBytes();
    }

    /** This port's lease, or null when its switch has no pool; for tests. */
    SharedLease lease() {
        for (EgressStage s : stages) {
            if (s instanceof SharedLease lease) {
                return lease;
            }
        }
        return null;
    }

    /** Bytes of lossless {@code trafficClass} that came in here and are still in the switch, as counted here; for tests. */
    long pfcIngressBytes(int trafficClass) {
        return pfcIngress == null ? 0 : pfcIngress.bytes(trafficClass);
    }

    /** What the stages did so far, summed into {@code counts}. */
    private EgressCounts counted(EgressCounts counts) {
        counts.clear();
        for (EgressStage s : stages) {
            s.count(counts);
        }
        return counts;
    }

    @Override
    public void sample(SampleSink sink) {
        EgressCounts counts = counted(sampleCounts);
        long headroomDrops = pfcIngress == null ? 0 : pfcIngress.headroomDrops();
        sink.port(name, tier, queue.bytes(), queue.drops() + headroomDrops + counts.drops(), counts.trims(),
                counts.ecnMarks(), pfcIngress == null ? 0 : pfcIngress.pauseFrames(), counts.notices(), counts.naks(),
                tx.txBytes());
        for (int c = 0; c < queue.trafficClasses(); c++) {
            long bytes = queue.classBytes(c);
            if (bytes > 0) {
                sink.classQueue(name, c, bytes);
            }
        }
        if (faultTally != null) {
            faultTally.sample(sink);
        }
    }

    @Override
    public ElementReport report() {
        EgressCounts counts = counted(new EgressCounts(true));
        PfcCounters pfcCounters = pfcIngress == null ? PfcCounters.NONE : pauses.counters(pfcIngress.pauseFrames(),
                pfcIngress.resumes(), pfcIngress.headroomDrops());
        ElementReport report = ElementReport.ofPort(new PortStats(name, tier, queue.peakBytes(),
                queue.drops() + pfcCounters.headroomDrops() + counts.drops(), counts.trims(), counts.ecnMarks(),
                tx.txBytes(), pfcCounters, counts.rnr(), counts.bts(), counts.firstSignalPs()));
        return faultTally == null ? report : report.withFaults(faultTally.counts());
    }
}

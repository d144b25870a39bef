package io.fabricemu.switching;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Link;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
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
import io.fabricemu.pfc.PfcStuckChanged;
import io.fabricemu.rnrnak.RnrNackPort;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.PfcCounters;
import io.fabricemu.stats.PortStats;
import io.fabricemu.stats.RnrCounters;
import io.fabricemu.time.Ps;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

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
 * {@link Transmitter} at the line rate. When the switch has a shared buffer pool, a packet beyond its
 * class's dedicated limit is admitted into the unused part of the port's lease, which the port keeps
 * topped up by messages to the pool ({@link SharedLease}, {@link SharedBufferPool}). With trimming on, a
 * data packet that would be dropped is cut to its header and queued in the control class instead (UET
 * packet trimming, UE 1.0), so the receiver learns at once which PSN to ask for again; a trimmed header
 * that does not fit either is dropped.
 *
 * <p>ECN: each class queue may have a marking ramp ({@link EcnPolicy}), evaluated at dequeue on the bytes of
 * its class the departing packet leaves behind; an ECN-capable packet that draws a mark leaves as CE. The
 * draws come from the port's own generator, seeded from the switch's salt and the port number.
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
 * <p>Switch-generated RNR NAKs for incast (when the settings enable them): the port's {@link RnrNackPort}
 * snoops acknowledgements coming in, sees every lossy packet before it is queued (and may turn it into an
 * RNR NAK, sent back through {@link #sendFromSwitch}, or drop it) and follows the queue's occupancy.
 * <p>Back-to-sender notices (when the switch settings enable WREB): {@link WrebPort} sees every data packet
 * before it is offered to its queue, as it starts to leave and when it has left, and sends its notices
 * through {@link #sendFromSwitch}.
 */
public final class SwitchPort implements Element {
    /** This port's PFC timer: a pause refresh or a deadlock check may be due. */
    private enum PfcTimer implements Signal {
        INSTANCE
    }

    private final SwitchPlan plan;
    private final String name;
    private final int tier;
    private final EgressQueue queue;
    private final Transmitter tx;
    private final SharedLease lease;
    private long trims;
    private long ecnMarks;
    private long firstMarkPs = -1;
    private final EcnRamp[] ecnByClass;
    private final SplittableRandom markRandom;
    private final int portNumber;
    private final PfcSettings pfc;
    private final PfcPeer peer;
    private final PfcIngress pfcIngress;
    private final PfcPauses pauses;
    private final ArrayDeque<PfcFrame> frames = new ArrayDeque<>();
    private final boolean[] stuckReported;
    private boolean sendingFrame;
    private long pfcTimerPs = Long.MAX_VALUE;
    private final RnrNackPort rnr;
    private final WrebPort wreb;

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
        this.plan = plan;
        this.name = name;
        this.tier = tier;
        this.queue = new EgressQueue(plan.settings().trafficClasses(), plan.settings().queueBytesPerClass());
        this.tx = new Transmitter(linkId, plan.portRatesBps()[portNumber], handoffPs);
        this.lease = plan.pool().exists() ? new SharedLease(plan, portNumber) : null;
        this.ecnByClass = new EcnRamp[plan.settings().trafficClasses()];
        for (int c = 0; c < ecnByClass.length; c++) {
            ecnByClass[c] = plan.settings().ecn().rampFor(tier, hostFacing, c);
        }
        this.markRandom = new SplittableRandom(Ecmp.mix(plan.ecmpSalt() ^ (0xEC_0000L + portNumber)));
        this.portNumber = portNumber;
        this.pfc = plan.settings().pfc();
        this.peer = peer;
        int classes = plan.settings().trafficClasses();
        long rateBps = plan.portRatesBps()[portNumber];
        this.pfcIngress = pfc.enabled() ? new PfcIngress(pfc, classes, peer.flightPs(), rateBps, frames::addLast)
                : null;
        this.pauses = pfc.enabled() ? new PfcPauses(classes, rateBps) : null;
        this.stuckReported = new boolean[classes];
        this.rnr = plan.settings().rnrNack().enabled() && (hostFacing || !plan.settings().rnrNack().lastHopOnly())
                ? new RnrNackPort(plan.settings().rnrNack(), rateBps, plan.settings().controlClass()) : null;
        this.wreb = plan.settings().wreb().enabled()
                ? new WrebPort(plan, portNumber, ecnByClass, markRandom, this::sendFromSwitch) : null;
    }

    @Override
    public void start(EventContext ctx) {
        if (lease != null) {
            lease.start(queue, ctx);
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
        } else if (signal instanceof LeaseGranted g) {
            lease.granted(g.grantedBytes(), queue, ctx);
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
        } else {
            throw new IllegalArgumentException("switch port " + name + " cannot handle " + signal);
        }
    }

    private void ingress(Arrival a, EventContext ctx) {
        Packet p = a.packet();
        if (rnr != null) {
            rnr.snoopIngress(p, ctx.nowPs());
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
        int out = nextPort(p);
        long latency = plan.latencyPs();
        long readyPs;
        if (plan.mode() == ForwardingMode.STORE_AND_FORWARD) {
            readyPs = a.lastBitPs() + latency;
        } else {
            long outSerPs = Ps.serializationPs(p.sizeBytes(), plan.portRatesBps()[out]);
            readyPs = Math.max(a.firstBitPs() + latency, a.lastBitPs() + latency - outSerPs);
        }
        ctx.send(plan.portElementIds()[out], readyPs, new Forward(p, portNumber));
    }

    /**
     * Sends a packet this switch made itself (a back-to-sender notice, a forged NAK) toward its destination:
     * routed like any arrival, by ECMP over this switch's next hops, and handed to the chosen egress port after
     * the pipeline latency. It belongs to no ingress port, so PFC ingress accounting never counts it.
     */
    void sendFromSwitch(Packet p, EventContext ctx) {
        ctx.send(plan.portElementIds()[nextPort(p)], ctx.nowPs() + plan.latencyPs(), new Forward(p));
    }

    /** The egress port this switch sends {@code p} out of: ECMP over its next hops toward the destination. */
    private int nextPort(Packet p) {
        int[] candidates = plan.routes().nextPorts(plan.node(), p.dst());
        return candidates[Ecmp.select(p, plan.ecmpSalt(), candidates.length)];
    }

    private void egress(Packet p, int ingressPort, EventContext ctx) {
        long roomBytes = lease == null ? 0 : lease.unusedBytes(queue);
        boolean lossless = pfc.lossless(p.trafficClass());
        if (rnr != null && !lossless && rnr.intercept(p, queue.fits(p, roomBytes), queue.bytes(), ctx.nowPs())) {
            Packet nak = rnr.takeNak();
            if (nak != null) {
                sendFromSwitch(nak, ctx);
            }
            return;
        }
        if (plan.settings().trimming() && p.kind() == PacketKind.DATA && !p.trimmed() && !lossless
                && !queue.fits(p, roomBytes)) {
            p = p.trim(plan.settings().controlClass());
            trims++;
        }
        if (wreb != null) {
            p = wreb.beforeEnqueue(p, lossless || queue.fits(p, roomBytes), queue, tx, ctx);
        }
        boolean admitted = queue.offer(p, ingressPort, roomBytes, lossless);
        if (rnr != null) {
            rnr.offered(p, admitted, ctx.nowPs());
            rnr.occupancyChanged(queue.bytes(), ctx.nowPs());
        }
        if (lease != null) {
            lease.queueChanged(queue, ctx);
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
            if (rnr != null) {
                rnr.occupancyChanged(queue.bytes(), ctx.nowPs());
            }
            if (wreb != null) {
                wreb.departed(p, queue, ctx.nowPs());
            }
            if (ingressPort >= 0 && pfc.lossless(p.trafficClass())) {
                ctx.send(plan.portElementIds()[ingressPort], ctx.nowPs() + plan.latencyPs(),
                        new PfcReleased(p.trafficClass(), p.sizeBytes()));
            }
            if (lease != null) {
                lease.queueChanged(queue, ctx);
            }
        }
        serveNext(ctx);
        if (pauses != null) {
            reviewStuck(ctx);
        }
    }

    /** After a PFC event: send what may go, keep the refresh timer armed, review deadlock reports. */
    private void afterPfc(EventContext ctx) {
        serveNext(ctx);
        armPfcTimer(pfcIngress.nextRefreshPs(), ctx);
        reviewStuck(ctx);
    }

    private void armPfcTimer(long atPs, EventContext ctx) {
        if (atPs < pfcTimerPs) {
            pfcTimerPs = atPs;
            ctx.schedule(atPs, PfcTimer.INSTANCE);
        }
    }

    /**
     * Tells the deadlock monitor of every lossless class that has been paused for the deadlock timeout with
     * packets waiting, and of every class so reported that moves again; arms the timer for the next check.
     */
    private void reviewStuck(EventContext ctx) {
        if (peer.monitorId() < 0 || !peer.peerIsSwitch()) {
            return;
        }
        long now = ctx.nowPs();
        for (int c = 0; c < stuckReported.length; c++) {
            if (!pfc.lossless(c)) {
                continue;
            }
            boolean paused = pauses.paused(c, now);
            if (stuckReported[c] && !paused) {
                stuckReported[c] = false;
                ctx.send(peer.monitorId(), now + plan.latencyPs(),
                        new PfcStuckChanged(plan.node(), peer.peerNode(), c, name, false, now));
            } else if (!stuckReported[c] && paused && queue.waiting(c) > 0) {
                long sincePs = pauses.pausedSincePs(c);
                long duePs = sincePs > Long.MAX_VALUE - pfc.deadlockTimeoutPs() ? Long.MAX_VALUE
                        : sincePs + pfc.deadlockTimeoutPs();
                if (duePs == Long.MAX_VALUE) {
                    continue;
                }
                if (now >= duePs) {
                    stuckReported[c] = true;
                    ctx.send(peer.monitorId(), now + plan.latencyPs(),
                            new PfcStuckChanged(plan.node(), peer.peerNode(), c, name, true, pauses.pausedSincePs(c)));
                } else {
                    armPfcTimer(duePs, ctx);
                }
            }
        }
    }

    /** Starts the next PFC frame, else the next packet of a class that is not paused, if the transmitter is free. */
    private void serveNext(EventContext ctx) {
        if (tx.busy()) {
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
            for (int c = 0; c < stuckReported.length; c++) {
                if ((pausedMask & (1 << c)) != 0 && queue.waiting(c) > 0) {
                    pauses.armWake(c, ctx);
                }
            }
            return;
        }
        if (queue.hasWaiting(pausedMask)) {
            Packet p = queue.startService(pausedMask);
            if (wreb != null) {
                p = wreb.atDequeue(p, queue, tx, ctx);
            }
            EcnRamp ramp = wreb != null && wreb.sharesEcn() && p.trafficClass() < plan.settings().controlClass()
                    ? null : ecnByClass[p.trafficClass()];
            if (ramp != null && p.ecn() != 0 && !p.congestionExperienced()
                    && ramp.shouldMark(queue.classBytes(p.trafficClass()) - p.sizeBytes(), markRandom)) {
                p = p.withEcn(Packet.ECN_CE);
                if (ecnMarks++ == 0) {
                    firstMarkPs = ctx.nowPs();
                }
            }
            tx.start(p, ctx);
        }
    }

    /** The most bytes this port held in shared space at once (0 without a pool). */
    long peakSharedBytes() {
        return queue.peakSharedBytes();
    }

    /** This port's lease, or null when its switch has no pool; for tests. */
    SharedLease lease() {
        return lease;
    }

    /** Bytes of lossless {@code trafficClass} that came in here and are still in the switch, as counted here; for tests. */
    long pfcIngressBytes(int trafficClass) {
        return pfcIngress == null ? 0 : pfcIngress.bytes(trafficClass);
    }

    @Override
    public void sample(SampleSink sink) {
        long headroomDrops = pfcIngress == null ? 0 : pfcIngress.headroomDrops();
        sink.port(name, tier, queue.bytes(), queue.drops() + headroomDrops + (rnr == null ? 0 : rnr.discarded()),
                trims, ecnMarks + (wreb == null ? 0 : wreb.sharedMarks()),
                pfcIngress == null ? 0 : pfcIngress.pauseFrames(), wreb == null ? 0 : wreb.noticesSent(),
                rnr == null ? 0 : rnr.naksSent(), tx.txBytes());
        for (int c = 0; c < queue.trafficClasses(); c++) {
            long bytes = queue.classBytes(c);
            if (bytes > 0) {
                sink.classQueue(name, c, bytes);
            }
        }
    }

    @Override
    public ElementReport report() {
        PfcCounters counters = pfcIngress == null ? PfcCounters.NONE : new PfcCounters(pfcIngress.pauseFrames(),
                pfcIngress.resumes(), pauses.pausedPs(), pfcIngress.headroomDrops());
        return ElementReport.ofPort(new PortStats(name, tier, queue.peakBytes(),
                queue.drops() + counters.headroomDrops() + (rnr == null ? 0 : rnr.discarded()), trims,
                ecnMarks + (wreb == null ? 0 : wreb.sharedMarks()), tx.txBytes(), counters,
                rnr == null ? RnrCounters.NONE : rnr.counters(), wreb == null ? BtsCounters.NONE : wreb.counters(),
                wreb == null ? firstMarkPs : wreb.firstSignalPs(firstMarkPs)));
    }
}

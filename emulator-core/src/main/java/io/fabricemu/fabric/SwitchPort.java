package io.fabricemu.fabric;

import io.fabricemu.engine.Element;
import io.fabricemu.policy.EcnRamp;
import java.util.SplittableRandom;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.results.PortStats;
import io.fabricemu.time.Ps;

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
 * packet trimming, seed 002), so the receiver learns at once which PSN to ask for again; a trimmed header
 * that does not fit either is dropped.
 *
 * <p>ECN: each class queue may have a marking ramp ({@link EcnPolicy}), evaluated at dequeue on the bytes of
 * its class the departing packet leaves behind; an ECN-capable packet that draws a mark leaves as CE. The
 * draws come from the port's own generator, seeded from the switch's salt and the port number.
 */
public final class SwitchPort implements Element {
    private final SwitchPlan plan;
    private final String name;
    private final int tier;
    private final EgressQueue queue;
    private final Transmitter tx;
    private final SharedLease lease;
    private long trims;
    private long ecnMarks;
    private final EcnRamp[] ecnByClass;
    private final SplittableRandom markRandom;

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
            egress(f.packet(), ctx);
        } else if (signal == TxDone.INSTANCE) {
            tx.done();
            queue.finishService();
            if (lease != null) {
                lease.queueChanged(queue, ctx);
            }
            serveNext(ctx);
        } else if (signal instanceof LeaseGranted g) {
            lease.granted(g.grantedBytes(), queue, ctx);
        } else {
            throw new IllegalArgumentException("switch port " + name + " cannot handle " + signal);
        }
    }

    private void ingress(Arrival a, EventContext ctx) {
        Packet p = a.packet();
        int[] candidates = plan.routes().nextPorts(plan.node(), p.dst());
        int out = candidates[Ecmp.select(p, plan.ecmpSalt(), candidates.length)];
        long latency = plan.latencyPs();
        long readyPs;
        if (plan.mode() == ForwardingMode.STORE_AND_FORWARD) {
            readyPs = a.lastBitPs() + latency;
        } else {
            long outSerPs = Ps.serializationPs(p.sizeBytes(), plan.portRatesBps()[out]);
            readyPs = Math.max(a.firstBitPs() + latency, a.lastBitPs() + latency - outSerPs);
        }
        ctx.send(plan.portElementIds()[out], readyPs, new Forward(p));
    }

    private void egress(Packet p, EventContext ctx) {
        long roomBytes = lease == null ? 0 : lease.unusedBytes(queue);
        if (plan.settings().trimming() && p.kind() == PacketKind.DATA && !p.trimmed() && !queue.fits(p, roomBytes)) {
            p = p.trim(plan.settings().controlClass());
            trims++;
        }
        boolean admitted = queue.offer(p, roomBytes);
        if (lease != null) {
            lease.queueChanged(queue, ctx);
        }
        if (admitted && !tx.busy()) {
            serveNext(ctx);
        }
    }

    private void serveNext(EventContext ctx) {
        if (queue.hasWaiting()) {
            Packet p = queue.startService();
            EcnRamp ramp = ecnByClass[p.trafficClass()];
            if (ramp != null && p.ecn() != 0 && !p.congestionExperienced()
                    && ramp.shouldMark(queue.classBytes(p.trafficClass()) - p.sizeBytes(), markRandom)) {
                p = p.withEcn(Packet.ECN_CE);
                ecnMarks++;
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

    @Override
    public ElementReport report() {
        return ElementReport.ofPort(new PortStats(name, tier, queue.peakBytes(), queue.drops(), trims, ecnMarks,
                tx.txBytes()));
    }
}

package io.fabricemu.fabric;

import io.fabricemu.engine.Element;
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
 */
public final class SwitchPort implements Element {
    private final SwitchPlan plan;
    private final String name;
    private final int tier;
    private final EgressQueue queue;
    private final Transmitter tx;
    private final SharedLease lease;
    private long trims;

    /**
     * @param plan               the switch this port belongs to
     * @param name               stable name for results, e.g. {@code tor0.1:p3}
     * @param tier               the switch's tier
     * @param linkId             element id of this port's outgoing link
     * @param handoffPs          the outgoing link's handoff time ({@link Link#handoffPs()})
     * @param portNumber         this port's number on the switch
     */
    public SwitchPort(SwitchPlan plan, String name, int tier, int linkId, long handoffPs, int portNumber) {
        this.plan = plan;
        this.name = name;
        this.tier = tier;
        this.queue = new EgressQueue(plan.settings().trafficClasses(), plan.settings().queueBytesPerClass());
        this.tx = new Transmitter(linkId, plan.portRatesBps()[portNumber], handoffPs);
        this.lease = plan.pool().exists() ? new SharedLease(plan, portNumber) : null;
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
            tx.start(queue.startService(), ctx);
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
        return ElementReport.ofPort(new PortStats(name, tier, queue.peakBytes(), queue.drops(), trims,
                tx.txBytes()));
    }
}

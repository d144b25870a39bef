package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.Packet;
import io.fabricemu.time.Ps;

/**
 * A port's side of its switch's shared buffer pool: the shared bytes it holds on lease, and when it asks
 * for more or gives some back. The pool ({@link SharedBufferPool}) is another element, one switch latency
 * away, so a port cannot borrow at the moment a packet needs it: it borrows ahead, and what it keeps ready
 * must cover the bytes that can arrive while a request is on its way.
 *
 * <p>Definitions, in bytes, for port {@code p} of a switch with latency {@code lat}:
 * <ul>
 *   <li>{@code unused = held - shared}: leased bytes not occupied by queued packets; a packet beyond its
 *       class's dedicated limit is admitted when its shared growth fits in {@code unused}
 *       ({@link EgressQueue#offer(Packet, long)}).</li>
 *   <li>{@code headroom = unused + dedicatedFree}: what the port can still absorb without the pool.
 *       Dedicated room counts, so a port whose dedicated queue is large enough holds no lease at all.</li>
 *   <li>{@code low = min(fill, size / (4 x ports))}, where {@code fill} is what all the other ports can
 *       send at line rate during one round trip to the pool ({@code 2 x lat}): asked at {@code low}, a grant
 *       lands before the port runs dry. The cap keeps the standing reserves of all ports to at most half the
 *       pool (each idle port keeps at most {@code 2 x low}).</li>
 * </ul>
 *
 * <p>Protocol, reviewed at start, after every packet offered or sent, and on every grant:
 * <ol>
 *   <li>{@code headroom > 3 x low} and {@code unused > 0}: return {@code min(unused, headroom - 2 x low)}
 *       ({@link LeaseReturned}); the port stops counting them at once.</li>
 *   <li>otherwise {@code headroom < low}, no request outstanding and not starved: ask for
 *       {@code 2 x low - headroom} ({@link LeaseRequested}); the {@link LeaseGranted} answer arrives
 *       {@code 2 x lat} later.</li>
 *   <li>A grant smaller than asked (the pool's dynamic threshold bit) marks the port starved: it asks again
 *       only after its queue changes, so an idle port does not poll the pool.</li>
 * </ol>
 * Between {@code low} and {@code 3 x low} nothing is sent: the hysteresis keeps a port from asking and
 * returning in turn.
 *
 * <p>As an egress stage it comes before every stage that asks whether a packet fits: it tells the offer the
 * shared room ({@link EgressOffer}).
 */
public final class SharedLease implements EgressStage {
    private final int poolId;
    private final int port;
    private final long latencyPs;
    private final long lowWaterBytes;
    private final EgressPort queue;
    private long heldBytes;
    private long askedBytes;
    private boolean starved;

    /** The lease of port {@code port} of {@code plan}, a switch with a pool; {@code queue} is that port. */
    public SharedLease(SwitchPlan plan, int port, EgressPort queue) {
        if (!plan.pool().exists()) {
            throw new IllegalArgumentException("switch " + plan.node() + " has no shared buffer pool");
        }
        this.poolId = plan.pool().elementId();
        this.port = port;
        this.latencyPs = plan.latencyPs();
        this.lowWaterBytes = lowWaterBytes(plan, port);
        this.queue = queue;
    }

    /**
     * The low-water mark of {@code port}, in bytes: what the switch's other ports can send at line rate in
     * one round trip to the pool, at most a quarter of the pool shared among all ports, at least 1.
     */
    static long lowWaterBytes(SwitchPlan plan, int port) {
        long capBytes = plan.pool().sizeBytes() / (4L * plan.portCount());
        long fillBytes = 0;
        // Stop at the cap: a port's share can be 9 x 10^16 B (100 Tb/s for two hours of latency), and a few
        // hundred of them would pass a long.
        for (int q = 0; q < plan.portCount() && fillBytes < capBytes; q++) {
            if (q != port) {
                fillBytes += Ps.bytesIn(2 * plan.latencyPs(), plan.portRatesBps()[q]);
            }
        }
        return Math.max(1, Math.min(fillBytes, capBytes));
    }

    long lowWaterBytes() {
        return lowWaterBytes;
    }

    /** Bytes held on lease now, as this port counts them (returns leave at once, grants count on arrival). */
    long heldBytes() {
        return heldBytes;
    }

    /** Leased bytes not occupied: the shared room a packet may take now. */
    long unusedBytes() {
        return heldBytes - queue.sharedBytes();
    }

    /** The port starts: take a lease if the dedicated queue alone is below the low-water mark. */
    @Override
    public void start(EventContext ctx) {
        review(ctx);
    }

    /** A packet may take the unused part of the lease. */
    @Override
    public Packet beforeEnqueue(Packet p, EgressOffer offer, EventContext ctx) {
        offer.roomBytes(unusedBytes());
        return p;
    }

    /** A packet was offered (admitted or dropped) or left. */
    @Override
    public void occupancyChanged(EventContext ctx) {
        starved = false;
        review(ctx);
    }

    @Override
    public boolean handle(Signal signal, EventContext ctx) {
        if (signal instanceof LeaseGranted g) {
            granted(g.grantedBytes(), ctx);
            return true;
        }
        return false;
    }

    /** The pool answered the outstanding request. */
    private void granted(long grantedBytes, EventContext ctx) {
        if (askedBytes == 0) {
            throw new IllegalStateException("port " + port + " was granted " + grantedBytes + " bytes it did not ask for");
        }
        heldBytes += grantedBytes;
        starved = grantedBytes < askedBytes;
        askedBytes = 0;
        review(ctx);
    }

    private void review(EventContext ctx) {
        long unused = unusedBytes();
        long headroom = unused + queue.dedicatedFreeBytes();
        if (headroom > 3 * lowWaterBytes && unused > 0) {
            long backBytes = Math.min(unused, headroom - 2 * lowWaterBytes);
            heldBytes -= backBytes;
            ctx.send(poolId, ctx.nowPs() + latencyPs, new LeaseReturned(port, backBytes));
        } else if (headroom < lowWaterBytes && askedBytes == 0 && !starved) {
            askedBytes = 2 * lowWaterBytes - headroom;
            ctx.send(poolId, ctx.nowPs() + latencyPs, new LeaseRequested(port, askedBytes));
        }
    }
}

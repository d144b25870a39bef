package io.fabricemu.net;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.fault.LinkTimeline;
import io.fabricemu.time.Ps;

/**
 * The serializer of an egress port or a NIC: puts one packet at a time on the outgoing link at the link's
 * rate, exact to the picosecond, and wakes its owner with {@link TxDone} when the last bit has left. The
 * link learns of the packet {@code handoffPs} after its first bit leaves (the first part of the link's
 * flight time; see {@link Link}). A PFC frame ({@link #startFrame}) is sent the same way and counts in
 * {@link #txBytes()} like any frame. A link whose rate a fault changes ({@link LinkTimeline}) is served at the rate
 * in force when each frame starts.
 */
public final class Transmitter {
    private final int linkId;
    private final long rateBps;
    private final long handoffPs;
    /** The link's rate changes, or null when its rate never changes. */
    private final LinkTimeline rates;
    /** The owner's timer when the last bit has left: {@link TxDone#INSTANCE}, or the owner's own per port. */
    private final Signal done;
    private boolean busy;
    private long txBytes;

    public Transmitter(int linkId, long rateBps, long handoffPs) {
        this(linkId, rateBps, handoffPs, LinkTimeline.HEALTHY);
    }

    /** A transmitter on a link whose faults are {@code faults}. */
    public Transmitter(int linkId, long rateBps, long handoffPs, LinkTimeline faults) {
        this(linkId, rateBps, handoffPs, faults, TxDone.INSTANCE);
    }

    /**
     * A transmitter that wakes its owner with {@code done} instead of {@link TxDone}: one of several in one element
     * (a multi-plane NIC's ports), each with a timer of its own.
     */
    public Transmitter(int linkId, long rateBps, long handoffPs, LinkTimeline faults, Signal done) {
        if (handoffPs <= 0) {
            throw new IllegalArgumentException("handoffPs must be > 0, was " + handoffPs);
        }
        this.linkId = linkId;
        this.rateBps = rateBps;
        this.handoffPs = handoffPs;
        this.rates = faults.changesRate() ? faults : null;
        this.done = java.util.Objects.requireNonNull(done, "done");
    }

    public boolean busy() {
        return busy;
    }

    long rateBps() {
        return rateBps;
    }

    public long txBytes() {
        return txBytes;
    }

    /** Starts serializing {@code p} now; the owner must call {@link #done()} on the {@link TxDone} that follows. */
    public void start(Packet p, EventContext ctx) {
        start(p, ctx, false);
    }

    /**
     * Starts serializing {@code p} now, as {@link #start(Packet, EventContext)}; with {@code quietEnd} the
     * {@link TxDone} that follows is deferred ({@link EventContext#defer}): the owner says that, as things stand,
     * handling it will change only its own state, and calls {@link #needDone} if that changes before it.
     */
    public void start(Packet p, EventContext ctx, boolean quietEnd) {
        if (busy) {
            throw new IllegalStateException("transmitter busy");
        }
        long now = ctx.nowPs();
        long lastBitPs = now + Ps.serializationPs(p.sizeBytes(), rateAt(now));
        ctx.send(linkId, now + handoffPs, new OnWire(p, now, lastBitPs));
        if (quietEnd) {
            ctx.defer(lastBitPs, done);
        } else {
            ctx.schedule(lastBitPs, done);
        }
        busy = true;
        txBytes += p.sizeBytes();
    }

    /** The owner will do more than change its own state when the current frame ends: its end is an event again. */
    public void needDone(EventContext ctx) {
        ctx.promote(done);
    }

    /** Starts serializing PFC frame {@code f} now; {@link TxDone} follows as for a packet. */
    public void startFrame(PfcFrame f, EventContext ctx) {
        if (busy) {
            throw new IllegalStateException("transmitter busy");
        }
        long now = ctx.nowPs();
        long lastBitPs = now + Ps.serializationPs(PfcFrame.SIZE_BYTES, rateAt(now));
        ctx.send(linkId, now + handoffPs, new PfcOnWire(f, lastBitPs));
        ctx.schedule(lastBitPs, done);
        busy = true;
        txBytes += PfcFrame.SIZE_BYTES;
    }

    /** The rate a frame starting at {@code nowPs} is sent at. */
    public long rateAt(long nowPs) {
        return rates == null ? rateBps : rates.rateAt(nowPs, rateBps);
    }

    public void done() {
        busy = false;
    }
}

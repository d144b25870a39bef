package io.fabricemu.net;

import io.fabricemu.engine.EventContext;
import io.fabricemu.time.Ps;

/**
 * The serializer of an egress port or a NIC: puts one packet at a time on the outgoing link at the link's
 * rate, exact to the picosecond, and wakes its owner with {@link TxDone} when the last bit has left. The
 * link learns of the packet {@code handoffPs} after its first bit leaves (the first part of the link's
 * flight time; see {@link Link}). A PFC frame ({@link #startFrame}) is sent the same way and counts in
 * {@link #txBytes()} like any frame.
 */
public final class Transmitter {
    private final int linkId;
    private final long rateBps;
    private final long handoffPs;
    private boolean busy;
    private long txBytes;

    public Transmitter(int linkId, long rateBps, long handoffPs) {
        if (handoffPs <= 0) {
            throw new IllegalArgumentException("handoffPs must be > 0, was " + handoffPs);
        }
        this.linkId = linkId;
        this.rateBps = rateBps;
        this.handoffPs = handoffPs;
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
        if (busy) {
            throw new IllegalStateException("transmitter busy");
        }
        long now = ctx.nowPs();
        long lastBitPs = now + Ps.serializationPs(p.sizeBytes(), rateBps);
        ctx.send(linkId, now + handoffPs, new OnWire(p, now, lastBitPs));
        ctx.schedule(lastBitPs, TxDone.INSTANCE);
        busy = true;
        txBytes += p.sizeBytes();
    }

    /** Starts serializing PFC frame {@code f} now; {@link TxDone} follows as for a packet. */
    public void startFrame(PfcFrame f, EventContext ctx) {
        if (busy) {
            throw new IllegalStateException("transmitter busy");
        }
        long now = ctx.nowPs();
        long lastBitPs = now + Ps.serializationPs(PfcFrame.SIZE_BYTES, rateBps);
        ctx.send(linkId, now + handoffPs, new PfcOnWire(f, lastBitPs));
        ctx.schedule(lastBitPs, TxDone.INSTANCE);
        busy = true;
        txBytes += PfcFrame.SIZE_BYTES;
    }

    public void done() {
        busy = false;
    }
}

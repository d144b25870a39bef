package io.fabricemu.net;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.fault.LinkFaults;
import io.fabricemu.fault.RouteNotice;

/**
 * One direction of a cable: carries packets from a transmitter to the element at its far end, taking the
 * cable's flight time (propagation plus FEC) exactly.
 *
 * <p>Both interactions, transmitter to link and link to receiver, must take positive virtual time, so the
 * flight time is split: the transmitter hands a packet over {@link #handoffPs()} after its first bit
 * leaves, and the link delivers it {@code flightPs - handoffPs} later, when its first bit arrives (or, for
 * a receiver that needs the whole packet, when its last bit arrives). The delivered times are exactly
 * those of the physical wire. An optional seeded loss ({@link WireLoss}: the cable's own, as a topology file gives
 * it) drops packets on the wire, data and control alike, and counts them.
 *
 * <p>A PFC frame ({@link PfcOnWire}) is delivered when its last bit arrives ({@link PfcArrival}) and is
 * never lost: the link's own loss models packet loss, and a lost pause would only make lossless classes lossy.
 *
 * <p>A link with faults ({@link LinkFaults}) also goes down, loses and corrupts packets as its timeline says: a
 * packet or a PFC frame on the wire while it is down is lost, and so is a routing update switches send over it
 * ({@link RouteNotice}, delivered like a frame, {@code flightPs} after it was sent).
 */
public final class Link implements Element {
    private final int targetId;
    private final long flightPs;
    private final long handoffPs;
    private final boolean deliverAtLastBit;
    /** The link's own random loss, or null on a link without (the common case: no draw, one null check). */
    private final WireLoss loss;
    /** The link's faults, or null on a healthy link (the common case, which pays one null check a packet). */
    private final LinkFaults faults;

    /**
     * @param targetId         the element at the far end
     * @param flightPs         propagation plus FEC delay, at least 2 ps
     * @param deliverAtLastBit deliver when the last bit has arrived (NICs, store-and-forward switches)
     *                         instead of the first (cut-through switches)
     * @param lossProbability  probability that a packet is lost on the wire, in [0, 1); 0 draws nothing
     * @param lossSeed         seed of this link's loss draws
     * @param name             the link direction's name, e.g. {@code sw4 -> h0}, for what its loss counts
     * @param faults           what its faults do, or null for none
     */
    public Link(int targetId, long flightPs, boolean deliverAtLastBit, double lossProbability, long lossSeed,
                String name, LinkFaults faults) {
        if (flightPs < 2) {
            throw new IllegalArgumentException("flightPs must be >= 2, was " + flightPs);
        }
        if (!(lossProbability >= 0 && lossProbability < 1)) {
            throw new IllegalArgumentException("lossProbability must be in [0, 1), was " + lossProbability);
        }
        this.targetId = targetId;
        this.flightPs = flightPs;
        this.handoffPs = flightPs / 2;
        this.deliverAtLastBit = deliverAtLastBit;
        this.loss = lossProbability > 0 ? new WireLoss(name, lossProbability, lossSeed) : null;
        this.faults = faults;
    }

    /** The first part of the flight time: transmitter to link, in ps. */
    public long handoffPs() {
        return handoffPs;
    }

    /**
     * A healthy link (no loss, no faults) is a relay: the one transmitter of its direction (and that port's routing
     * notices) hands it everything, in time order, {@link #handoffPs} after the sender's time, and it keeps nothing.
     */
    @Override
    public long relaySpanPs() {
        return loss == null && faults == null ? handoffPs : -1;
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (signal instanceof PfcOnWire f) {
            if (faults == null || faults.framePasses(ctx.nowPs() - handoffPs, f.lastBitPs() + flightPs)) {
                ctx.send(targetId, f.lastBitPs() + flightPs, new PfcArrival(f.frame()));
            }
            return;
        }
        if (signal instanceof RouteNotice n) {
            long sentPs = ctx.nowPs() - handoffPs;
            if (faults == null || faults.framePasses(sentPs, sentPs + flightPs)) {
                ctx.send(targetId, sentPs + flightPs, n);
            }
            return;
        }
        OnWire w = (OnWire) signal;
        if (loss != null && loss.loses(w.packet().sizeBytes())) {
            return;
        }
        if (faults != null && !faults.passes(w.packet().flowId(), w.packet().sizeBytes(), w.firstBitPs(),
                w.lastBitPs() + flightPs)) {
            return;
        }
        long firstBitPs = w.firstBitPs() + flightPs;
        long lastBitPs = w.lastBitPs() + flightPs;
        ctx.send(targetId, deliverAtLastBit ? lastBitPs : firstBitPs, new Arrival(w.packet(), firstBitPs, lastBitPs));
    }

    /** A link samples only what its faults lost (for live metrics); a healthy link writes nothing. */
    @Override
    public void sample(SampleSink sink) {
        if (faults != null) {
            faults.sample(sink);
        }
    }

    @Override
    public boolean writesSamples() {
        return faults != null;
    }

    @Override
    public ElementReport report() {
        ElementReport report = loss == null ? ElementReport.EMPTY : ElementReport.EMPTY.withLinkLoss(loss.count());
        return faults == null ? report : report.withFaults(faults.counts());
    }
}

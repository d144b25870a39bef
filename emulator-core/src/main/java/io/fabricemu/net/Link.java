package io.fabricemu.net;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import java.util.SplittableRandom;

/**
 * One direction of a cable: carries packets from a transmitter to the element at its far end, taking the
 * cable's flight time (propagation plus FEC) exactly.
 *
 * <p>Both interactions, transmitter to link and link to receiver, must take positive virtual time, so the
 * flight time is split: the transmitter hands a packet over {@link #handoffPs()} after its first bit
 * leaves, and the link delivers it {@code flightPs - handoffPs} later, when its first bit arrives (or, for
 * a receiver that needs the whole packet, when its last bit arrives). The delivered times are exactly
 * those of the physical wire. An optional seeded loss drops packets on the wire.
 *
 * <p>A PFC frame ({@link PfcOnWire}) is delivered when its last bit arrives ({@link PfcArrival}) and is
 * never lost: the injected loss models data loss, and a lost pause would only make lossless classes lossy.
 */
public final class Link implements Element {
    private final int targetId;
    private final long flightPs;
    private final long handoffPs;
    private final boolean deliverAtLastBit;
    private final double lossProbability;
    private final SplittableRandom lossRandom;

    /**
     * @param targetId         the element at the far end
     * @param flightPs         propagation plus FEC delay, at least 2 ps
     * @param deliverAtLastBit deliver when the last bit has arrived (NICs, store-and-forward switches)
     *                         instead of the first (cut-through switches)
     * @param lossProbability  probability that a packet is lost on the wire, in [0, 1)
     * @param lossSeed         seed of this link's loss draws
     */
    public Link(int targetId, long flightPs, boolean deliverAtLastBit, double lossProbability, long lossSeed) {
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
        this.lossProbability = lossProbability;
        this.lossRandom = new SplittableRandom(lossSeed);
    }

    /** The first part of the flight time: transmitter to link, in ps. */
    public long handoffPs() {
        return handoffPs;
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (signal instanceof PfcOnWire f) {
            ctx.send(targetId, f.lastBitPs() + flightPs, new PfcArrival(f.frame()));
            return;
        }
        OnWire w = (OnWire) signal;
        if (lossProbability > 0 && lossRandom.nextDouble() < lossProbability) {
            return;
        }
        long firstBitPs = w.firstBitPs() + flightPs;
        long lastBitPs = w.lastBitPs() + flightPs;
        ctx.send(targetId, deliverAtLastBit ? lastBitPs : firstBitPs, new Arrival(w.packet(), firstBitPs, lastBitPs));
    }

    @Override
    public ElementReport report() {
        return ElementReport.EMPTY;
    }
}

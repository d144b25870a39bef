package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;

/**
 * Packet trimming (UET): a data packet the queue would drop is cut to its header and queued in the control
 * class instead, so its receiver learns at once which PSN to ask for again. A trimmed header that does not fit
 * either is dropped; a lossless packet always fits, so it is never trimmed.
 */
public final class Trimming implements EgressStage {
    private final int controlClass;
    private long trims;

    /** @param controlClass the switch's highest class, which trimmed headers travel in */
    public Trimming(int controlClass) {
        this.controlClass = controlClass;
    }

    @Override
    public Packet beforeEnqueue(Packet p, EgressOffer offer, EventContext ctx) {
        if (p.kind() != PacketKind.DATA || p.trimmed() || offer.fits(p)) {
            return p;
        }
        trims++;
        return p.trim(controlClass);
    }

    @Override
    public void count(EgressCounts counts) {
        counts.addTrims(trims);
    }

    /** Its departure and occupancy hooks keep to its own state: they send and schedule nothing. */
    @Override
    public boolean departsQuietly() {
        return true;
    }
}

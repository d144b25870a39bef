package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;
import io.fabricemu.pfc.PfcReleased;
import io.fabricemu.pfc.PfcSettings;

/**
 * The egress half of priority flow control: a packet of a lossless class is offered as lossless, so the queue
 * takes it whatever it holds and no later stage drops or trims it (its room is guaranteed upstream by the
 * ingress port's xOFF and headroom); when its last bit has left, the port it came in through is told, one
 * pipeline latency later ({@link PfcReleased}), so that port can count its bytes out of the switch.
 */
public final class PfcEgress implements EgressStage {
    private final PfcSettings pfc;
    private final int[] portElementIds;
    private final long latencyPs;

    /** A port of {@code plan}, whose settings enable PFC. */
    public PfcEgress(SwitchPlan plan) {
        this.pfc = plan.settings().pfc();
        this.portElementIds = plan.portElementIds();
        this.latencyPs = plan.latencyPs();
    }

    @Override
    public Packet beforeEnqueue(Packet p, EgressOffer offer, EventContext ctx) {
        offer.lossless(pfc.lossless(p.trafficClass()));
        return p;
    }

    @Override
    public void departed(Packet p, int ingressPort, EventContext ctx) {
        if (ingressPort >= 0 && pfc.lossless(p.trafficClass())) {
            ctx.send(portElementIds[ingressPort], ctx.nowPs() + latencyPs,
                    new PfcReleased(p.trafficClass(), p.sizeBytes()));
        }
    }
}

package io.fabricemu.switching;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.time.Ps;

/**
 * A switch port's ingress where nothing happens but routing: no PFC accounting, no faults or routes around them, no
 * adaptive routing and no egress stage that hears of arrivals or makes packets of the switch's own
 * ({@link PortStages#touchesIngress}). An arrival is then looked up (ECMP over the switch's next hops) and handed to
 * its egress port after the pipeline latency, reading only the switch's plan and changing nothing, so this stand-in
 * routes it for the port, in the turn of the link that delivers it ({@code engine.ElementFactory#passer}), in
 * whatever shard that link is. The port routes the arrivals it is sent itself the same way ({@link #forward}).
 */
public final class QuietIngress implements Element {
    private final SwitchPlan plan;
    private final int portNumber;

    private QuietIngress(SwitchPlan plan, int portNumber) {
        this.plan = plan;
        this.portNumber = portNumber;
    }

    /**
     * The stand-in for port {@code portNumber} of {@code plan}'s switch (of tier {@code tier}, facing a host or not),
     * or null when something happens at its ingress: {@code faulty} (the fabric has faults), PFC, or a stage that
     * takes part in the ingress.
     */
    public static QuietIngress of(SwitchPlan plan, int portNumber, int tier, boolean hostFacing, boolean faulty) {
        boolean quiet = !faulty && !plan.settings().pfc().enabled() && !plan.stages().touchesIngress(tier, hostFacing);
        return quiet ? new QuietIngress(plan, portNumber) : null;
    }

    @Override
    public boolean passesThrough(Signal signal) {
        return signal instanceof Arrival;
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (!(signal instanceof Arrival a)) {
            throw new IllegalArgumentException("the ingress of port " + portNumber + " of switch " + plan.node()
                    + " only lets arrivals pass, not " + signal);
        }
        forward(plan, portNumber, a, plan.nextPort(a.packet()), ctx);
    }

    /**
     * Hands arrival {@code a} at port {@code portNumber} to egress port {@code out} after the pipeline latency: once
     * the whole packet is in (store and forward), or cut through as soon as the egress can send it without running
     * dry, never before its first bit plus the latency.
     */
    static void forward(SwitchPlan plan, int portNumber, Arrival a, int out, EventContext ctx) {
        Packet p = a.packet();
        long latencyPs = plan.latencyPs();
        long readyPs;
        if (plan.mode() == ForwardingMode.STORE_AND_FORWARD) {
            readyPs = a.lastBitPs() + latencyPs;
        } else {
            long outSerPs = Ps.serializationPs(p.sizeBytes(), plan.portRatesBps()[out]);
            readyPs = Math.max(a.firstBitPs() + latencyPs, a.lastBitPs() + latencyPs - outSerPs);
        }
        ctx.send(plan.portElementIds()[out], readyPs, new Forward(p, portNumber));
    }

    /** A stand-in keeps nothing: the port it stands in for reports. */
    @Override
    public ElementReport report() {
        return ElementReport.EMPTY;
    }
}

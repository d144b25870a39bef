package io.fabricemu.fabric;

import io.fabricemu.ecn.EcnMarking;
import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.net.Ecmp;
import io.fabricemu.rnrnak.RnrNackPort;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.switching.EgressPort;
import io.fabricemu.switching.EgressStage;
import io.fabricemu.switching.PfcEgress;
import io.fabricemu.switching.PortStages;
import io.fabricemu.switching.SharedLease;
import io.fabricemu.switching.SwitchPlan;
import io.fabricemu.switching.Trimming;
import io.fabricemu.wreb.WrebPort;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The egress stages of every switch port of a fabric, as the switch settings turn them on, in the one order
 * a port calls them: PFC, the shared buffer lease, switch-generated RNR NAKs, trimming, back-to-sender
 * notices (WREB), ECN marking, and last adaptive routing's port loads, which see the queue as the others left it. Why this order is given where the port keeps them ({@code SwitchPort}).
 *
 * <p>ECN and WREB share the port's marking generator, seeded from the switch's salt and the port number;
 * a class whose ECN draw WREB makes ({@link EgressStage#drawsEcnFor}) gets no ECN ramp of its own.
 */
public final class SwitchStages implements PortStages {
    private final SwitchConfig settings;

    /** The stages {@code settings} turns on, its WREB notice size and RNR round trips resolved. */
    public SwitchStages(SwitchConfig settings) {
        this.settings = settings;
    }

    @Override
    public EgressStage[] build(SwitchPlan plan, int portNumber, int tier, boolean hostFacing, EgressPort port) {
        List<EgressStage> stages = new ArrayList<>();
        int controlClass = settings.controlClass();
        if (settings.pfc().enabled()) {
            stages.add(new PfcEgress(plan));
        }
        if (plan.pool().exists()) {
            stages.add(new SharedLease(plan, portNumber, port));
        }
        RnrNackSettings rnr = settings.rnrNack();
        if (rnr.enabled() && (hostFacing || !rnr.lastHopOnly())) {
            stages.add(new RnrNackPort(rnr, plan.portRatesBps()[portNumber], controlClass, port));
        }
        if (settings.trimming()) {
            stages.add(new Trimming(controlClass));
        }
        EcnRamp[] ramps = new EcnRamp[settings.trafficClasses()];
        for (int c = 0; c < ramps.length; c++) {
            ramps[c] = settings.ecn().rampFor(tier, hostFacing, c);
        }
        SplittableRandom markRandom = new SplittableRandom(Ecmp.mix(plan.ecmpSalt() ^ (0xEC_0000L + portNumber)));
        if (settings.wreb().enabled()) {
            stages.add(new WrebPort(settings.wreb(), plan, portNumber, ramps, markRandom, port));
        }
        EcnRamp[] marking = new EcnRamp[ramps.length];
        boolean marks = false;
        for (int c = 0; c < ramps.length; c++) {
            marking[c] = drawnElsewhere(stages, c) ? null : ramps[c];
            marks |= marking[c] != null;
        }
        if (marks) {
            stages.add(new EcnMarking(marking, markRandom, port));
        }
        if (settings.adaptive().at(tier)) {
            stages.add(settings.adaptive().stage(plan, portNumber, port));
        }
        return stages.toArray(new EgressStage[0]);
    }

    /** PFC, RNR NAKs at this port, back-to-sender notices and adaptive routing take part in a port's ingress. */
    @Override
    public boolean touchesIngress(int tier, boolean hostFacing) {
        RnrNackSettings rnr = settings.rnrNack();
        return settings.pfc().enabled() || (rnr.enabled() && (hostFacing || !rnr.lastHopOnly()))
                || settings.wreb().enabled() || settings.adaptive().at(tier);
    }

    private static boolean drawnElsewhere(List<EgressStage> stages, int trafficClass) {
        for (EgressStage s : stages) {
            if (s.drawsEcnFor(trafficClass)) {
                return true;
            }
        }
        return false;
    }
}

package io.fabricemu.ecn;

import java.util.List;

/**
 * Where switches mark ECN and how: an ordered list of rules, the last one that matches an egress queue
 * deciding its ramp. A typical policy is one rule for everything and a later one turning marking off for
 * the receiver-credit class at the last hop (the nwktimes.blogspot.com RCCC post: with RCCC the last hop
 * needs no marking).
 */
public record EcnPolicy(List<EcnRule> rules) {
    /** No marking anywhere. */
    public static final EcnPolicy NONE = new EcnPolicy(List.of());

    public EcnPolicy {
        rules = List.copyOf(rules);
    }

    /**
     * The ramp of the egress queue of class {@code trafficClass} on a port of a tier-{@code tier} switch,
     * or null when it does not mark (no rule matches, or the last match turns marking off).
     */
    public EcnRamp rampFor(int tier, boolean hostFacing, int trafficClass) {
        EcnRamp ramp = null;
        for (EcnRule rule : rules) {
            if (rule.matches(tier, hostFacing, trafficClass)) {
                ramp = rule.ramp();
            }
        }
        return ramp == null || ramp.equals(EcnRamp.off()) ? null : ramp;
    }
}

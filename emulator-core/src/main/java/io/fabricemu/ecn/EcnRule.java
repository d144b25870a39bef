package io.fabricemu.ecn;

import java.util.Objects;

/**
 * One rule of an {@link EcnPolicy}: which egress queues it applies to, and their marking ramp.
 *
 * @param tier         switch tier it applies to (1 leaf/ToR, 2 spine/aggregation, 3 core), or -1 for all
 * @param lastHop      whether it applies to ports facing a host (the last hop), to the others, or to both
 * @param trafficClass the class it applies to, or -1 for all
 * @param ramp         the marking ramp; {@link EcnRamp#off()} to turn marking off where it applies
 */
public record EcnRule(int tier, LastHop lastHop, int trafficClass, EcnRamp ramp) {

    /** Which ports a rule selects by what they face. */
    public enum LastHop {
        ANY, YES, NO
    }

    public EcnRule {
        if (tier < -1 || tier == 0) {
            throw new IllegalArgumentException("tier must be -1 (any) or a switch tier >= 1, was " + tier);
        }
        if (trafficClass < -1) {
            throw new IllegalArgumentException("trafficClass must be -1 (any) or >= 0, was " + trafficClass);
        }
        Objects.requireNonNull(lastHop, "lastHop");
        Objects.requireNonNull(ramp, "ramp");
    }

    boolean matches(int portTier, boolean hostFacing, int portClass) {
        return (tier == -1 || tier == portTier)
                && (lastHop == LastHop.ANY || (lastHop == LastHop.YES) == hostFacing)
                && (trafficClass == -1 || trafficClass == portClass);
    }
}

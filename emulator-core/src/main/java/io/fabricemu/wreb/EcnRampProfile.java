package io.fabricemu.wreb;

import io.fabricemu.ecn.EcnRamp;

/**
 * The port's ECN marking ramp used as the notice profile: with {@code sharedWithEcn} one random draw
 * decides both the CE mark and the back-to-sender notice (US 12,388,756, paragraph (13): the same weighted
 * random profile is reused for the switch's ECN marks, WRED).
 *
 * @param ramp the class queue's ECN ramp
 */
public record EcnRampProfile(EcnRamp ramp) implements WrebProfile {
    public EcnRampProfile {
        java.util.Objects.requireNonNull(ramp, "ramp");
    }

    @Override
    public long probabilityPpm(long levelBytes) {
        return ramp.markProbabilityPpm(levelBytes);
    }
}

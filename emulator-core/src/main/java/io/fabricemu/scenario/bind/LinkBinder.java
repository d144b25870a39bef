package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.topology.LinkSpec;

/** Binds one link section: {@code {rate: 100Gbps, delay: 500ns, fec: 150ns}}, fec optional (0ns). */
final class LinkBinder {
    private LinkBinder() {
    }

    static LinkSpec bind(Section link) throws ScenarioException {
        link.declare("rate", "delay", "fec");
        link.rejectUnknownFields();
        long rateBps = link.requiredRateBps("rate", Limits.MIN_RATE_BPS, Limits.MAX_RATE_BPS);
        long delayPs = link.requiredTimePs("delay", 1, Limits.MAX_TIME_PS);
        long fecDelayPs = link.optionalTimePs("fec", 0, 0, Limits.MAX_TIME_PS);
        try {
            return new LinkSpec(rateBps, delayPs, fecDelayPs);
        } catch (IllegalArgumentException invalid) {
            throw link.error(invalid);
        }
    }
}

package io.fabricemu.scenario;

import io.fabricemu.topology.LinkSpec;

/** Binds one link section: {@code {rate: 100Gbps, delay: 500ns, fec: 150ns}}, fec optional (0ns). */
final class LinkBinder {
    private LinkBinder() {
    }

    static LinkSpec bind(Section link) throws ScenarioException {
        link.declare("rate", "delay", "fec");
        link.rejectUnknownFields();
        long rateBps = link.requiredRateBps("rate", 1, Long.MAX_VALUE);
        long delayPs = link.requiredTimePs("delay", 1, Long.MAX_VALUE);
        long fecDelayPs = link.optionalTimePs("fec", 0, 0, Long.MAX_VALUE);
        try {
            return new LinkSpec(rateBps, delayPs, fecDelayPs);
        } catch (IllegalArgumentException invalid) {
            throw link.error(invalid);
        }
    }
}

package io.fabricemu.scenario.bind;

import io.fabricemu.fault.Failover;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;

/**
 * Binds the optional {@code switch.failover} map: how soon routing reacts to a link that goes down or comes back
 * ({@link Failover}).
 *
 * <pre>
 * failover: {detect: 2us, converge: 100us}   # both optional, both &gt; 0; the defaults shown
 * </pre>
 */
final class FailoverBinder {
    private FailoverBinder() {
    }

    static Failover bind(Section sw) throws ScenarioException {
        Section failover = sw.optionalSection("failover");
        failover.declare("detect", "converge");
        failover.rejectUnknownFields();
        Failover d = Failover.DEFAULT;
        long detectPs = failover.optionalTimePs("detect", d.detectPs(), 1, Limits.MAX_TIME_PS);
        long convergePs = failover.optionalTimePs("converge", d.convergePs(), 1, Limits.MAX_TIME_PS);
        return new Failover(detectPs, convergePs);
    }
}

package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.time.Ps;

/**
 * When a flow entry's target posts its receive (US 12,388,756 ¶(59)): at {@code recvPosted}, a virtual time, or
 * {@code recvDelay} after the flow's start; absent, in time. A delay needs a start known before the run, so a flow
 * that waits for others ({@code after}) takes {@code recvPosted} only.
 */
final class RecvDelay {
    private RecvDelay() {
    }

    /** The entry's receive post time in ps, or -1 for in time; {@code startPs} is its start, {@code waits} its after. */
    static long postedPs(Section flow, long startPs, boolean waits) throws ScenarioException {
        if (flow.has("recvDelay")) {
            if (flow.has("recvPosted")) {
                throw flow.error("recvDelay", "and recvPosted both say when the receive is posted; give one of them");
            }
            if (waits) {
                throw flow.error("recvDelay", "counts from the flow's start, which a flow that waits for others"
                        + " (after) learns only during the run; give recvPosted (a virtual time) instead");
            }
            long delayPs = flow.optionalTimePs("recvDelay", 0, 0, Limits.MAX_TIME_PS);
            return Ps.plusSaturated(startPs, delayPs);
        }
        return flow.has("recvPosted") ? flow.optionalTimePs("recvPosted", 0, 0, Limits.MAX_TIME_PS) : -1;
    }
}

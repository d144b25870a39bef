package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.pfc.PfcDeadlockMonitor;
import io.fabricemu.pfc.PfcPauses;
import io.fabricemu.pfc.PfcPeer;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.pfc.PfcStuckChanged;

/**
 * Which lossless classes of a switch port, as an egress, are reported to the fabric's {@link PfcDeadlockMonitor} as
 * stuck: paused by the peer for the deadlock timeout while packets of theirs wait. A class so reported is reported
 * again when it moves. One per port of a PFC fabric; single-threaded.
 */
final class StuckClasses {
    /** Arms the port's PFC timer for a check at {@code atPs}. */
    @FunctionalInterface
    interface Timer {
        void arm(long atPs, EventContext ctx);
    }

    private final boolean[] reported;

    StuckClasses(int trafficClasses) {
        reported = new boolean[trafficClasses];
    }

    /**
     * Tells the monitor of every lossless class that has been paused for the deadlock timeout with packets waiting,
     * and of every class so reported that moves again; arms {@code timer} for the next check of each class not yet
     * due. Nothing when the peer is a host or the fabric has no monitor.
     */
    void review(PfcSettings pfc, PfcPauses pauses, PfcPeer peer, EgressQueue queue, SwitchPlan plan, String portName,
                Timer timer, EventContext ctx) {
        if (peer.monitorId() < 0 || !peer.peerIsSwitch()) {
            return;
        }
        long now = ctx.nowPs();
        for (int c = 0; c < reported.length; c++) {
            if (!pfc.lossless(c)) {
                continue;
            }
            boolean paused = pauses.paused(c, now);
            if (reported[c] && !paused) {
                reported[c] = false;
                ctx.send(peer.monitorId(), now + plan.latencyPs(),
                        new PfcStuckChanged(plan.node(), peer.peerNode(), c, portName, false, now));
            } else if (!reported[c] && paused && queue.waiting(c) > 0) {
                long sincePs = pauses.pausedSincePs(c);
                long duePs = sincePs > Long.MAX_VALUE - pfc.deadlockTimeoutPs() ? Long.MAX_VALUE
                        : sincePs + pfc.deadlockTimeoutPs();
                if (duePs == Long.MAX_VALUE) {
                    continue;
                }
                if (now >= duePs) {
                    reported[c] = true;
                    ctx.send(peer.monitorId(), now + plan.latencyPs(),
                            new PfcStuckChanged(plan.node(), peer.peerNode(), c, portName, true, sincePs));
                } else {
                    timer.arm(duePs, ctx);
                }
            }
        }
    }
}

package io.fabricemu.pfc;

import io.fabricemu.engine.Signal;

/**
 * A switch port tells the {@link PfcDeadlockMonitor} that its egress of {@code trafficClass} toward
 * {@code toNode} has been paused for longer than the deadlock timeout with packets waiting ({@code stuck}
 * true), or that it moves again (false). Switch {@code fromNode} then waits on switch {@code toNode}.
 *
 * @param port      the reporting port's name, e.g. {@code tor0.1:p3}
 * @param sincePs   when the pause began (stuck) or ended (not stuck)
 */
public record PfcStuckChanged(int fromNode, int toNode, int trafficClass, String port, boolean stuck,
                              long sincePs) implements Signal {
}

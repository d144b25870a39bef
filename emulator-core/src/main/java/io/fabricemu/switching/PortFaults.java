package io.fabricemu.switching;

import io.fabricemu.fault.CableChanges;
import io.fabricemu.fault.FailoverRoutes;
import io.fabricemu.fault.LinkTimeline;
import java.util.Objects;

/**
 * What a switch port of a fabric with faults needs: its outgoing link's timeline (when it is down, its rate) and its
 * part in routing around failures.
 *
 * @param outgoing   its outgoing link direction's faults
 * @param routes     its view of the failures and its routes around them, or null when no cable of the fabric ever
 *                   goes down (routes never change)
 * @param cable      its cable
 * @param changes    its cable's detected changes
 * @param convergePs from a detection to every switch's routes agreeing, in ps
 */
public record PortFaults(LinkTimeline outgoing, FailoverRoutes routes, int cable, CableChanges changes,
                         long convergePs) {
    public PortFaults {
        Objects.requireNonNull(outgoing, "outgoing");
        Objects.requireNonNull(changes, "changes");
    }
}

package io.fabricemu.host;

import io.fabricemu.fault.LinkTimeline;

/**
 * One more port of a multi-plane NIC (its port 0 is {@link NicSetup}'s own): its link into its plane.
 *
 * @param name      stable name for results, e.g. {@code h7:nic1}
 * @param linkId    element id of the port's outgoing link
 * @param rateBps   the port's line rate
 * @param handoffPs the outgoing link's handoff time
 * @param faults    the outgoing link's faults, {@link LinkTimeline#HEALTHY} for none
 */
public record NicPort(String name, int linkId, long rateBps, long handoffPs, LinkTimeline faults) {
    public NicPort {
        java.util.Objects.requireNonNull(name, "name");
        java.util.Objects.requireNonNull(faults, "faults");
    }
}

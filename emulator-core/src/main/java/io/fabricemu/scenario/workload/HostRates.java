package io.fabricemu.scenario.workload;

/** The rate of each host's link, which a workload given as a fraction of it (an open-loop load) needs. */
@FunctionalInterface
public interface HostRates {
    /** The rate of host {@code host}'s link, in bits per second. */
    long rateBps(int host);
}

package io.fabricemu.scenario.workload;

/** The rate of each host's link, which a workload given as a fraction of it (an open-loop load) needs. */
@FunctionalInterface
public interface HostRates {
    /** Rates unknown: a workload that asks for one is bound where no topology was built (a programming error). */
    HostRates UNKNOWN = host -> {
        throw new IllegalStateException("no host link rates are known here");
    };

    /** The rate of host {@code host}'s link, in bits per second. */
    long rateBps(int host);
}

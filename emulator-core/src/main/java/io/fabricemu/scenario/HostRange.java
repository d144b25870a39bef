package io.fabricemu.scenario;

/** The wording used wherever a message tells which hosts a topology has. */
final class HostRange {
    private HostRange() {
    }

    /** E.g. {@code "this topology has hosts 0..15"}. */
    static String describe(int hostCount) {
        return hostCount == 1 ? "this topology has only host 0" : "this topology has hosts 0.." + (hostCount - 1);
    }

    /** Checks that {@code host} exists on a fabric of {@code hostCount} hosts; {@code what} names its role. */
    static void require(String what, int host, int hostCount) {
        if (host < 0 || host >= hostCount) {
            throw new IllegalArgumentException(what + ": host " + host + " does not exist; " + describe(hostCount));
        }
    }
}

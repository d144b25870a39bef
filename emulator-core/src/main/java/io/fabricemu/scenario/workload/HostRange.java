package io.fabricemu.scenario.workload;

import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.math.BigInteger;

/** The wording used wherever a message tells which hosts a topology has, and the reading of a host number. */
public final class HostRange {
    private HostRange() {
    }

    /** E.g. {@code "this topology has hosts 0..15"}. */
    public static String describe(int hostCount) {
        return hostCount == 1 ? "this topology has only host 0" : "this topology has hosts 0.." + (hostCount - 1);
    }

    /** The host number {@code field} holds, an error naming it unless it is a host of {@code hostCount}. */
    public static int host(Field field, int hostCount) throws ScenarioException {
        if (!field.isInteger()) {
            throw field.error("expected a host number, found " + field.node().describe() + "; "
                    + describe(hostCount));
        }
        BigInteger host = new BigInteger(field.integerText());
        if (host.signum() < 0 || host.compareTo(BigInteger.valueOf(hostCount)) >= 0) {
            throw field.error("host " + host + " does not exist; " + describe(hostCount));
        }
        return host.intValueExact();
    }

    /** Checks that {@code host} exists on a fabric of {@code hostCount} hosts; {@code what} names its role. */
    static void require(String what, int host, int hostCount) {
        if (host < 0 || host >= hostCount) {
            throw new IllegalArgumentException(what + ": host " + host + " does not exist; " + describe(hostCount));
        }
    }
}

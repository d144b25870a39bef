package io.fabricemu.uet.cc;

import java.util.Arrays;
import java.util.List;

/**
 * Whether the reference loop lowers a context's base RTT to the shortest round trip it measures, as htsim's
 * {@code UecSrc::update_base_rtt} does on every ACK and, unless {@code -disable_base_rtt_update_on_nack}, on every
 * NACK. A context then measures queuing against its own path rather than against config_base_rtt (the longest
 * path's), and its MaxWnd becomes 1.5 x its own BDP.
 *
 * <p>{@link #OFF} is the default: UE 1.0 sizes NSCC with a configured {@code config_base_rtt}, and a learnt
 * minimum favours whichever flow arrived second on a shared bottleneck, whose first samples already include the
 * first flow's queue. Two 8 MiB flows that ECMP hashes onto one 100 Gb/s uplink finish at 1.340 and 1.367 ms
 * with it off, at 1.121 and 1.380 ms learning from ACKs (uet-link-congestion.yaml).
 */
public enum BaseRttLearning {
    /** Keep config_base_rtt. */
    OFF("off"),
    /** Lower it to the shortest ACK round trip. */
    ACKS("acks"),
    /** Lower it to the shortest ACK or NACK round trip (htsim's default). */
    ACKS_AND_NACKS("acksAndNacks");

    private final String scenarioName;

    BaseRttLearning(String scenarioName) {
        this.scenarioName = scenarioName;
    }

    /** The value's name in scenario files. */
    public String scenarioName() {
        return scenarioName;
    }

    /** Every scenario name, in declaration order. */
    public static List<String> scenarioNames() {
        return Arrays.stream(values()).map(BaseRttLearning::scenarioName).toList();
    }

    /** The value named {@code name} in scenario files. */
    public static BaseRttLearning named(String name) {
        for (BaseRttLearning l : values()) {
            if (l.scenarioName.equals(name)) {
                return l;
            }
        }
        throw new IllegalArgumentException("no base RTT learning named '" + name + "'; use one of " + scenarioNames());
    }

    /** Whether an ACK's round trip may lower the base RTT. */
    boolean onAcks() {
        return this != OFF;
    }

    /** Whether a NACK's round trip may lower the base RTT. */
    boolean onNacks() {
        return this == ACKS_AND_NACKS;
    }
}

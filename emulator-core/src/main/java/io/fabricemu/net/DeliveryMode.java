package io.fabricemu.net;

import java.util.Arrays;
import java.util.List;

/**
 * How a packet delivery context (PDC) delivers its packets (UE 1.0, PDS: a PDC is found or allocated per job,
 * destination FEP, traffic class and delivery mode; PDS requests name the mode, RUD or ROD).
 */
public enum DeliveryMode {
    /**
     * Reliable unordered delivery: each packet acknowledged selectively and resent alone (the initiator's
     * {@link io.fabricemu.uet.PdcSender}).
     */
    RUD("rud"),
    /**
     * Reliable ordered delivery: the target takes only the next PSN, the initiator goes back N
     * ({@link io.fabricemu.uet.RodPdcSender}).
     */
    ROD("rod");

    private final String scenarioName;

    DeliveryMode(String scenarioName) {
        this.scenarioName = scenarioName;
    }

    /** How scenario files spell it. */
    public String scenarioName() {
        return scenarioName;
    }

    /** Every scenario spelling, in declaration order. */
    public static List<String> scenarioNames() {
        return Arrays.stream(values()).map(DeliveryMode::scenarioName).toList();
    }

    /** The mode spelled {@code name} in a scenario. */
    public static DeliveryMode named(String name) {
        for (DeliveryMode m : values()) {
            if (m.scenarioName.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("delivery mode must be one of " + scenarioNames() + ", was " + name);
    }
}

package io.fabricemu.rnrnak;

import java.util.List;

/**
 * Which packet of a QP a switch port in incast turns into an RNR NAK (two readings of the article on
 * US 2025/0365235, step 3).
 */
public enum TriggerMode {
    /** Only a packet that would really be tail-dropped: the article's "first packet that would have been dropped". */
    AT_OVERFLOW("at-overflow"),
    /** The next packet of each QP once the port is over its threshold, whether or not it would fit. */
    AT_THRESHOLD("at-threshold");

    private final String scenarioName;

    TriggerMode(String scenarioName) {
        this.scenarioName = scenarioName;
    }

    /** The name a scenario file uses. */
    public String scenarioName() {
        return scenarioName;
    }

    /** Every name a scenario file may use, in declaration order. */
    public static List<String> scenarioNames() {
        return java.util.Arrays.stream(values()).map(TriggerMode::scenarioName).toList();
    }

    /** The mode a scenario file names. */
    public static TriggerMode named(String scenarioName) {
        for (TriggerMode m : values()) {
            if (m.scenarioName.equals(scenarioName)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no trigger mode '" + scenarioName + "'; one of " + scenarioNames());
    }
}

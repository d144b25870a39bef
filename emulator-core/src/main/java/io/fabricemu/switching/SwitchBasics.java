package io.fabricemu.switching;

import io.fabricemu.pfc.PfcSettings;

/**
 * What a switch port itself reads of its fabric's switch configuration: the pipeline, the queues and PFC. The
 * configuration (the scenario's {@code switch} section) says more, about stages this package does not know;
 * its egress stages come built ({@link PortStages}).
 */
public interface SwitchBasics {
    /** Pipeline latency, ingress to egress, in ps, &gt; 0. */
    long latencyPs();

    /** Cut-through or store-and-forward. */
    ForwardingMode forwarding();

    /** Tail-drop limit of each egress queue (port x traffic class), in bytes. */
    long queueBytes();

    /** Egress classes per port. */
    int trafficClasses();

    /** Priority flow control, or {@link PfcSettings#NONE}. */
    PfcSettings pfc();

    /** The highest class: control packets (ACKs, NACKs) and trimmed headers. */
    default int controlClass() {
        return trafficClasses() - 1;
    }
}

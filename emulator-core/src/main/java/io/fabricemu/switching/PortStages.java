package io.fabricemu.switching;

/**
 * Builds the egress stages of each port of a switch, once, when the port is made; the order of the array is
 * the order in which the port calls them. The fabric supplies it from the switch configuration, which names
 * the stages this package does not know (switch-generated RNR NAKs, back-to-sender notices).
 */
@FunctionalInterface
public interface PortStages {
    /** No stage at all: a port with tail drop only. */
    PortStages NONE = (plan, portNumber, tier, hostFacing, port) -> new EgressStage[0];

    /**
     * The stages of one port, in order.
     *
     * @param plan       the port's switch
     * @param portNumber the port's number on the switch
     * @param tier       the switch's tier
     * @param hostFacing the port's link leads to a host
     * @param port       what the stages see of the port
     */
    EgressStage[] build(SwitchPlan plan, int portNumber, int tier, boolean hostFacing, EgressPort port);

    /**
     * Whether a port of a switch of tier {@code tier} ({@code hostFacing} or not) has a stage that takes part in its
     * ingress ({@link EgressStage#touchesIngress}) or routes adaptively: then its arrivals cannot pass through
     * ({@link QuietIngress}). Answered from the settings, without building a port's stages; by default yes, which
     * keeps every arrival at its port.
     */
    default boolean touchesIngress(int tier, boolean hostFacing) {
        return true;
    }
}
